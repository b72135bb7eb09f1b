// Shared set-up for the end-to-end tests: `vite preview` on the production build in dist/,
// one headless Chromium, and pages that record every request, console error and page error.
//
// Usage in a test file:
//   const env = useBrowser();          // registers before/after/afterEach hooks
//   test('…', async () => { const { page } = await env.open(); … });
// afterEach fails the test on any page error, console error or request that leaves the origin.

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { extname, join, normalize } from 'node:path';
import { after, afterEach, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RESULTS_DIR = join(ROOT, 'test-results');
const DIST = join(ROOT, 'dist');
const VITE = join(ROOT, 'node_modules', '.bin', 'vite');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** A worker that answers with made-up results in the shape of the worker's contract. */
export const FIXTURE_WORKER = join(ROOT, 'tests', 'e2e', 'fixtures', 'contract-worker.js');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

/** A TCP port nobody listens on right now. */
async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Serves dist/ with `vite preview`; resolves once it answers. */
export async function startPreview() {
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error(
      'dist/index.html is missing: the end-to-end tests run against the production build. ' +
        'Build it first (make wasm, then npm run build:web).',
    );
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const args = ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'];
  const child = spawn(VITE, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`vite preview exited with code ${child.exitCode}:\n${output}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`vite preview did not answer on ${url} within 20 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * Registers the hooks of one test file and returns {url, open(options)}.
 * open() gives {page, problems, requests}; every page opened in a test is checked after it.
 */
export function useBrowser() {
  let server;
  let browser;
  let opened = [];

  before(async () => {
    mkdirSync(RESULTS_DIR, { recursive: true });
    server = await startPreview();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(async () => {
    const pages = opened;
    opened = [];
    const faults = [];
    for (const p of pages) {
      const origin = new URL(p.base ?? server.url).origin;
      for (const u of p.requests) {
        if (!sameOrigin(u, origin)) faults.push(`request left the page's origin: ${u}`);
      }
      faults.push(...p.problems);
      await p.context.close();
    }
    if (faults.length) throw new Error(faults.join('\n'));
  });

  return {
    get url() {
      return server.url;
    },
    /**
     * A fresh context and page, at 1280×800 unless told otherwise, opened on the app (at
     * `path` under the server's root, or at `base`, another server's URL, whose origin is
     * then the one requests may go to). With `fixtureWorker`, the page's core worker is
     * replaced by tests/e2e/fixtures/contract-worker.js.
     */
    async open({
      viewport = { width: 1280, height: 800 },
      goto = true,
      path = '',
      base = null,
      fixtureWorker = false,
      deviceScaleFactor = 1,
      expectConsole = null,
    } = {}) {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor,
        acceptDownloads: true,
      });
      if (fixtureWorker) {
        // The core worker starts from a blob: URL of code inside the page: every worker the
        // page starts runs the fixture's code instead.
        await context.addInitScript((source) => {
          const Native = window.Worker;
          const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
          window.Worker = class extends Native {
            constructor(_url, options) {
              super(url, { name: options?.name });
            }
          };
        }, readFileSync(FIXTURE_WORKER, 'utf8'));
      }
      const page = await context.newPage();
      const rec = { context, page, problems: [], requests: [], base, consoleErrors: [] };
      // The context sees every request, the dedicated worker's included.
      context.on('request', (req) => rec.requests.push(req.url()));
      page.on('pageerror', (err) => rec.problems.push(`page error: ${err.message}`));
      // `expectConsole` (a RegExp): console errors a test provokes on purpose, kept apart.
      const onConsole = (where) => (msg) => {
        if (msg.type() !== 'error') return;
        if (expectConsole?.test(msg.text())) rec.consoleErrors.push(msg.text());
        else rec.problems.push(`console error (${where}): ${msg.text()}`);
      };
      page.on('console', onConsole('page'));
      page.on('worker', (w) => w.on('console', onConsole('worker')));
      page.on('crash', () => rec.problems.push('the page crashed'));
      opened.push(rec);
      if (goto) await page.goto((base ?? server.url) + path);
      return rec;
    },
  };
}

function sameOrigin(u, origin) {
  if (u.startsWith('data:') || u.startsWith('blob:')) return true;
  if (u.startsWith('file:')) return origin === 'null';
  try {
    return new URL(u).origin === origin; // blob:http://host/… has that host's origin
  } catch {
    return false;
  }
}

/** Waits until the core has loaded and a result is on screen. */
export async function waitForResult(page, timeout = 15_000) {
  await page.waitForSelector('html[data-ready="true"]', { timeout });
  await page.waitForSelector('[data-testid="results"][data-state="done"]', { timeout });
}

/**
 * Opens the page (`env`, from useBrowser), waits for the Brown demo's result, then opens the
 * demo `id` from the menu and waits until its result shows the row of `system`; returns what
 * env.open() returned.
 */
export async function openDemo(env, id, system) {
  const rec = await env.open();
  const { page } = rec;
  await waitForResult(page);
  await page.getByTestId(`demo-link-${id}`).click();
  await page.waitForURL(new RegExp(`\\?demo=${id}`));
  await waitForResult(page, 30_000);
  await page.waitForSelector(`[data-testid="results"] tr[data-system="${system}"]`);
  return rec;
}

/**
 * The cells of the results table: [{system, level, measure, key, value, text}]; value is the
 * full-precision number as a string (null for n/a), text what is shown (without the M-1
 * restart spread).
 */
export async function readTable(page, level = null) {
  const cells = await page.$$eval('[data-testid="results"] td[data-measure]', (tds) =>
    tds.map((td) => {
      const copy = td.cloneNode(true);
      copy.querySelectorAll('[data-testid="restart-spread"]').forEach((e) => e.remove());
      return {
        system: td.dataset.system,
        level: td.dataset.level,
        measure: td.dataset.measure,
        key: td.dataset.key,
        value: td.dataset.value === undefined ? null : td.dataset.value,
        text: copy.textContent.trim(),
      };
    }),
  );
  return level ? cells.filter((c) => c.level === level) : cells;
}

/**
 * The link's fragment once it matches `expected` (a string, or a RegExp to test). The page
 * writes the fragment in an effect, which runs after the frame that shows the change, so a
 * fragment read right after a click may still be the one before it.
 */
export async function settledHash(page, expected, timeout = 5_000) {
  const test =
    expected instanceof RegExp
      ? { source: expected.source, flags: expected.flags }
      : { exact: expected };
  try {
    await page.waitForFunction(
      ({ source, flags, exact }) =>
        source === undefined
          ? window.location.hash === exact
          : new RegExp(source, flags).test(window.location.hash),
      test,
      { timeout },
    );
  } catch {
    const hash = await page.evaluate(() => window.location.hash);
    assert.fail(`the link's fragment '${hash}' never matched ${expected}`);
  }
  return page.evaluate(() => window.location.hash);
}

/** Opens a file's card and forces its format (and label column) unless they are auto, '-'. */
export async function chooseReading(page, { file, format = 'auto', column = '-' }) {
  if (format === 'auto' && column === '-') return;
  await page.getByRole('button', { name: `format and preview of ${file}` }).click();
  if (format !== 'auto')
    await page.getByLabel(`Format of ${file}`, { exact: true }).selectOption(format);
  if (column !== '-')
    await page.getByLabel(`Label column of ${file}`, { exact: true }).fill(column);
}

/** The system names of the table's rows, top to bottom. */
export async function rowOrder(page) {
  return page.$$eval('[data-testid="result-row"]', (rows) => rows.map((r) => r.dataset.system));
}

/** Opens the options panel (a <details>) when it is closed. */
export async function openOptions(page) {
  const details = page.getByTestId('options');
  if (!(await details.evaluate((d) => d.open))) await details.locator('summary').click();
}

/** The names of the files listed in the drop zones, gold first. */
export async function listedFiles(page) {
  return page.$$eval('[data-testid="file-item"]', (items) => items.map((e) => e.dataset.name));
}

export async function screenshot(page, name) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: true });
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * A tiny static server for dist/ (or `root`) under a sub-path (`/some/path/`), as a plain web
 * host would serve the build: anything outside the prefix is 404. Resolves {url, stop()}; url
 * ends in the prefix.
 */
export async function startStatic(prefix = '/some/path/', root = DIST) {
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end('outside the sub-path');
      return;
    }
    let file = normalize(join(root, path.slice(prefix.length)));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The last request the fixture worker received: {gold, systems, options}. */
export async function fixtureRequest(page) {
  for (const w of page.workers()) {
    const req = await w.evaluate(() => self.lastRequest ?? null).catch(() => null);
    if (req) return req;
  }
  return null;
}

/** Saves what `click()` downloads; resolves {name, text, bytes}. */
export async function download(page, click) {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await dl.path();
  const bytes = readFileSync(path);
  return { name: dl.suggestedFilename(), bytes, text: bytes.toString('utf8') };
}

/** Removes every loaded file (gold and systems) from the page. */
export async function clearFiles(page) {
  for (const name of ['Gold standard', 'Systems']) {
    const remove = page.getByRole('region', { name }).getByRole('button', { name: /^Remove / });
    while ((await remove.count()) > 0) await remove.first().click();
  }
}

/** Drops files on a zone ('gold-drop' or 'systems-drop') as a user's drag and drop does. */
export async function dropFiles(page, zone, files) {
  const payload = files.map(({ name, text }) => ({ name, text }));
  const dt = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const f of list) transfer.items.add(new File([f.text], f.name, { type: 'text/plain' }));
    return transfer;
  }, payload);
  await page.getByTestId(zone).dispatchEvent('drop', { dataTransfer: dt });
}

/** Clicks Evaluate and waits for a finished result that has a row for `system`. */
export async function evaluateAndWait(page, system, timeout = 30_000) {
  await page.getByTestId('evaluate').click();
  const row = `[data-testid="results"][data-state="done"] tr[data-system="${system}"]`;
  await page.waitForSelector(row, { timeout });
}

/**
 * The command line's JSON for `args`, run in `dir` (inputs named by their base names keep
 * them, as the page names them). A run that ends with an exit code in `accept` (null: any)
 * still gives the JSON it printed: 2 where a system failed, 4 where a check did not reproduce.
 */
export function cliJsonIn(dir, args, accept = []) {
  const cli = join(ROOT, 'build', 'clustereval');
  if (!existsSync(cli))
    throw new Error(`${cli} is missing: build the command-line tool first (make native)`);
  try {
    const out = execFileSync(cli, ['--format', 'json', ...args], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 1 << 28,
    });
    return JSON.parse(out);
  } catch (err) {
    if (err.stdout && (accept === null || accept.includes(err.status))) return JSON.parse(err.stdout);
    throw err;
  }
}

/** Runs the command-line tool with --format json; returns the parsed result (exit 2 too). */
export function cliJson(...args) {
  return cliJsonIn(ROOT, args, null);
}

/** A demo of public/: its folder and its demo.json (gold, systems, ...). */
export function demoOf(name) {
  const dir = join(ROOT, 'public', name);
  return { dir, demo: JSON.parse(readFileSync(join(dir, 'demo.json'), 'utf8')) };
}

/** Runs the command-line tool in `cwd` (so that inputs named by their base names keep them). */
export function cliText(args, cwd = ROOT) {
  const cli = join(ROOT, 'build', 'clustereval');
  try {
    return execFileSync(cli, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    if (err.stdout) return err.stdout;
    throw err;
  }
}

/** A minimal CSV reader (quoted fields, CRLF): rows of strings. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
