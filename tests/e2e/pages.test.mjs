// Pages that travel: the single file opened from disk with the network blocked, the policy
// that forbids every connection, a site's demo.js, pages saved by the page and by the command
// line, and the check of reported numbers, each against the command line's numbers.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { fromHash } from '../../web/src/options.js';
import { DATA_CLOSE, DATA_OPEN } from '../../web/src/page/template.js';
import {
  RESULTS_DIR,
  ROOT,
  cliJson,
  download,
  dropFiles,
  listedFiles,
  readTable,
  screenshot,
  startStatic,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const DIST = join(ROOT, 'dist');
const CLI = join(ROOT, 'build', 'clustereval');
const DEMO = ['brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv'].map((f) =>
  join(ROOT, 'public', 'demo', f),
);
const CHECK_DIR = join(ROOT, 'tests', 'data', 'check');
let tmp;

before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'clustereval-pages-'));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

/** Opens a file from disk in a context that may not reach any network. */
async function openOffline(path, options = {}) {
  const url = pathToFileURL(path).href;
  const rec = await env.open({ goto: false, base: url, ...options });
  await rec.context.setOffline(true);
  await rec.context.route(/^(https?|wss?|ftp):/, (route) => route.abort());
  await rec.page.goto(url);
  return rec;
}

/** Every token-level number on screen equals the command line's JSON `cli`. */
async function assertNumbers(page, cli, systems = 2) {
  const cells = await readTable(page, 'token');
  assert.ok(cells.length >= systems * 7, `${cells.length} token cells`);
  for (const c of cells) {
    const s = cli.systems.find((x) => x.name === c.system || x.name.endsWith(`/${c.system}`));
    assert.ok(s, `no system ${c.system} in the command line's result`);
    const want = s.token[c.measure];
    assert.ok(
      want === null ? c.value === null : Math.abs(Number(c.value) - want) <= 1e-12,
      `${c.system} ${c.measure}: page ${c.value}, command line ${want}`,
    );
  }
}

/** The object in a saved page's data slot, its files decompressed. */
function payloadOf(html) {
  const start = html.indexOf(DATA_OPEN) + DATA_OPEN.length;
  const data = JSON.parse(html.slice(start, html.indexOf(DATA_CLOSE, start)));
  for (const f of data.files) f.bytes = gunzipSync(Buffer.from(f.gzip, 'base64'));
  return data;
}

/** The verdicts on the page, in order: [system, heading, verdict]. */
async function pageVerdicts(page) {
  await page.getByTestId('check-summary').waitFor();
  return page.$$eval('[data-testid="check-row"]', (rows) =>
    rows.map((r) => [r.dataset.system, r.dataset.heading, r.dataset.verdict]),
  );
}

const verdictOf = (c) => (c.computed === null ? 'unmatched' : c.reproduced ? 'reproduces' : 'differs');

test("the single file, opened from disk with every network request blocked, gives the command line's numbers", async () => {
  const { page, requests } = await openOffline(join(DIST, 'clustereval.html'));
  await page.waitForSelector('html[data-ready="true"]');
  await page.getByTestId('gold-input').setInputFiles(DEMO[0]);
  await page.getByTestId('system-input').setInputFiles(DEMO.slice(1));
  await page.getByTestId('evaluate').click();
  await waitForResult(page);
  await assertNumbers(page, cliJson(...DEMO));
  // The page read itself and nothing else: the worker and the core are inside it.
  assert.deepEqual(
    requests.filter((u) => !u.startsWith('blob:') && !u.startsWith('data:')),
    [pathToFileURL(join(DIST, 'clustereval.html')).href],
  );
});

test('the Content-Security-Policy refuses a fetch from the page, even of its own origin', async () => {
  const { page, consoleErrors } = await env.open({ expectConsole: /Content Security Policy/ });
  await waitForResult(page);
  const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(policy, /connect-src 'none'/);
  assert.match(policy, /default-src 'none'/);
  const outcome = await page.evaluate(async () => {
    const seen = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective));
    const tries = ['./demo.js', 'https://example.org/'].map((u) =>
      fetch(u).then(
        () => 'fetched',
        (e) => `refused: ${e.message}`,
      ),
    );
    const results = await Promise.all(tries);
    await new Promise((r) => setTimeout(r, 100));
    return { results, seen };
  });
  assert.deepEqual(outcome.results.map((r) => r.split(':')[0]), ['refused', 'refused']);
  assert.deepEqual(outcome.seen, ['connect-src', 'connect-src']);
  assert.ok(consoleErrors.length >= 2, 'the browser did not report the refusals');
});

test("demo.js beside index.html drives the demo: files, options, caption and reported numbers", async () => {
  const site = join(tmp, 'site');
  execFileSync('mkdir', ['-p', site]);
  copyFileSync(join(DIST, 'index.html'), join(site, 'index.html'));
  const data = join(ROOT, 'tests', 'data');
  for (const f of ['small-gold.tsv', 'small-sys.tsv', 'small-sys2.tsv']) copyFileSync(join(data, f), join(site, f));
  writeFileSync(join(site, 'paper.tsv'), 'system\tM-1\nsmall-sys\t84.4\nsmall-sys2\t10.0\n');
  writeFileSync(
    join(site, 'demo.json'),
    JSON.stringify({
      title: 'A small demo',
      caption: 'Two systems on a small corpus.',
      options: 'log2=1&cols=all',
      gold: 'small-gold.tsv',
      systems: ['small-sys.tsv', 'small-sys2.tsv'],
      reported: 'paper.tsv',
    }),
  );
  execFileSync('node', [join(ROOT, 'scripts', 'manifest.mjs'), join(site, 'demo.json'), join(site, 'demo.js')]);
  const server = await startStatic('/mine/', site);
  try {
    const { page } = await env.open({ base: server.url });
    await waitForResult(page);
    assert.deepEqual(await listedFiles(page), ['small-gold.tsv', 'small-sys.tsv', 'small-sys2.tsv']);
    assert.equal(await page.getByTestId('page-title').textContent(), 'A small demo');
    assert.equal(await page.getByTestId('demo-caption').textContent(), 'Two systems on a small corpus.');
    assert.match(await page.getByTestId('gold-summary').textContent(), /log base 2/);
    assert.equal(await page.getByTestId('columns').inputValue(), 'all');
    const names = ['small-gold.tsv', 'small-sys.tsv', 'small-sys2.tsv'].map((f) => join(data, f));
    await assertNumbers(page, cliJson('--log2', ...names));
    const cli = cliJson('--check', join(site, 'paper.tsv'), ...names);
    assert.deepEqual(
      (await pageVerdicts(page)).map((v) => v[2]),
      cli.check.map(verdictOf),
    );
    assert.equal(await page.title(), 'A small demo · clustereval');
  } finally {
    await server.stop();
  }
});

test('a page saved on the page, and one written by the command line, reopen offline with the same inputs, options and numbers, onto the check', async () => {
  // A link in the keys pages had before the options took the core's ids (nmi for nmi_mean):
  // it opens with the same options as the command line's page.
  const hash = '#log2=1&beta=3&nmi=geometric';
  const { page } = await env.open({ path: hash });
  await waitForResult(page);
  await page.getByTestId('check-file').setInputFiles(join(CHECK_DIR, 'wrong.tex'));
  await page.getByTestId('check-summary').waitFor();
  await page.locator('[data-testid="save-page"] summary').click();
  await page.getByTestId('save-title').fill('Brown, checked');
  await page.getByTestId('save-caption').fill('Table 3 of a paper <b>against</b> its outputs.');
  const saved = await download(page, () => page.getByTestId('save-page-button').click());
  assert.equal(saved.name, 'Brown_checked.html');
  const fromPage = join(tmp, 'from-page.html');
  writeFileSync(fromPage, saved.bytes);

  const fromCli = join(tmp, 'from-cli.html');
  const args = ['--log2', '--beta', '3', '--nmi-mean', 'geometric', '--check', join(CHECK_DIR, 'wrong.tex')];
  try {
    execFileSync(CLI, [...args, '--save-page', fromCli, '--title', 'Brown, checked', '--caption',
      'Table 3 of a paper <b>against</b> its outputs.', ...DEMO], { stdio: 'ignore' });
  } catch (err) {
    assert.equal(err.status, 4, 'the check has numbers that do not reproduce: exit code 4');
  }

  // One embedded format: the same inputs, options, title, caption and reported numbers.
  const [a, b] = [fromPage, fromCli].map((f) => payloadOf(readFileSync(f, 'utf8')));
  for (const key of ['clustereval_page', 'title', 'caption']) assert.equal(a[key], b[key], key);
  assert.deepEqual(fromHash(a.options), fromHash(b.options));
  assert.deepEqual(fromHash(a.options), fromHash(hash));
  assert.equal(a.reported.text, b.reported.text);
  assert.equal(a.reported.name, b.reported.name);
  const files = (p) => p.files.map((f) => [f.role, f.name, f.format, f.size, f.bytes.toString('utf8')]);
  assert.deepEqual(files(a), files(b));
  assert.equal(a.files[0].bytes.toString('utf8'), readFileSync(DEMO[0], 'utf8'));

  const cli = cliJson(...args, ...DEMO);
  for (const file of [fromPage, fromCli]) {
    const { page: opened } = await openOffline(file);
    await waitForResult(opened, 30_000);
    assert.deepEqual(await listedFiles(opened), ['brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv']);
    assert.deepEqual(fromHash(await opened.evaluate(() => window.location.hash)), fromHash(hash));
    await assertNumbers(opened, cli);
    assert.equal(await opened.getByTestId('page-title').textContent(), 'Brown, checked');
    assert.equal(
      await opened.getByTestId('demo-caption').textContent(),
      'Table 3 of a paper <b>against</b> its outputs.',
    );
    // It opens onto the check: focused, with the command line's verdicts.
    assert.deepEqual((await pageVerdicts(opened)).map((v) => v[2]), cli.check.map(verdictOf));
    await opened.waitForFunction(() => document.activeElement?.dataset.testid === 'check');
    assert.match(await opened.getByTestId('check-summary').textContent(), /^4 of 12 reported numbers reproduce; 2 differ; 6 could not be compared\.$/);
    if (file === fromCli) await screenshot(opened, 'saved-page-check');
  }

  // The page saved by the page, opened from disk with the network blocked, saves itself
  // again: its save worker travels inside it. The copy holds what the first page held.
  const { page: opened } = await openOffline(fromPage);
  await waitForResult(opened, 30_000);
  await opened.locator('[data-testid="save-page"] summary').click();
  const again = await download(opened, () => opened.getByTestId('save-page-button').click());
  assert.equal(again.name, 'Brown_checked.html');
  const c = payloadOf(again.text);
  for (const key of ['clustereval_page', 'title', 'caption']) assert.equal(c[key], a[key], key);
  assert.deepEqual(fromHash(c.options), fromHash(hash));
  assert.equal(c.reported.text, a.reported.text);
  assert.deepEqual(files(c), files(a));
});

test('the check of hand-made tables in every shape gives the verdicts of the command line', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  const expected = {
    'percent.tsv': '8 of 8 reported numbers reproduce.',
    'percent.csv': '4 of 4 reported numbers reproduce.',
    'fraction.md': '7 of 8 reported numbers reproduce; 1 differs.',
    'long.tsv': '5 of 5 reported numbers reproduce.',
    'wrong.tex': '5 of 12 reported numbers reproduce; 1 differs; 6 could not be compared.',
  };
  assert.deepEqual(readdirSync(CHECK_DIR).sort(), Object.keys(expected).sort());
  for (const [name, summary] of Object.entries(expected)) {
    await page.getByTestId('check-file').setInputFiles(join(CHECK_DIR, name));
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="check-summary"]')?.textContent === want,
      summary,
    );
    const cli = cliJson('--check', join(CHECK_DIR, name), ...DEMO);
    assert.deepEqual(
      await pageVerdicts(page),
      cli.check.map((c) => [c.system, c.heading, verdictOf(c)]),
      name,
    );
  }
  // An unmatched row read as a file: hmm45's numbers are then compared with brown-c50's.
  await page.locator('[data-testid="check-assign"][data-row="hmm45"]').selectOption('brown-c50.tsv');
  await page.waitForFunction(() =>
    /^5 of 12 reported numbers reproduce; 4 differ; 3 could not be compared\.$/.test(
      document.querySelector('[data-testid="check-summary"]')?.textContent ?? '',
    ),
  );
  await page.getByTestId('check').screenshot({ path: join(RESULTS_DIR, 'check.png') });
});

test('inputs too large for a saved page get a message before saving, and no file', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  const dt = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(300 * 1024 * 1024)], 'huge.tsv'));
    return transfer;
  });
  await page.getByTestId('systems-drop').dispatchEvent('drop', { dataTransfer: dt });
  await page.locator('[data-testid="save-page"] summary').click();
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.getByTestId('save-page-button').click();
  await page.waitForFunction(() =>
    /more than the 250 MB a saved page opens comfortably: nothing was saved/.test(
      document.querySelector('[data-testid="save-said"]')?.textContent ?? '',
    ),
  );
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(downloaded, false);
});

test('Save as page shows how much it has compressed, and Cancel stops it: no file, its worker ended', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  // 120 MB of hexadecimal text: gzip takes seconds over it, so the save is caught midway.
  const big = join(tmp, 'big-system.tsv');
  writeFileSync(big, randomBytes(60e6).toString('hex'));
  await page.getByTestId('system-input').setInputFiles(big);
  // The workers started from the click on: their close is heard from their start, and their
  // name is asked then too. A busy worker answers late, after the Cancel below perhaps (which
  // then gets no answer): the Cancel does not wait for it, since on a busy machine the save
  // could end first, and the Cancel button with it.
  const saveWorkers = [];
  let clicked = false;
  page.on('worker', (w) => {
    if (!clicked) return;
    const closed = new Promise((resolve) => w.once('close', resolve));
    saveWorkers.push({ closed, name: w.evaluate(() => self.name).catch(() => null) });
  });
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.locator('[data-testid="save-page"] summary').click();
  clicked = true;
  await page.getByTestId('save-page-button').click();
  const progress = page.getByTestId('save-progress');
  await page.waitForFunction(() => {
    const p = document.querySelector('[data-testid="save-progress"]');
    return p && Number(p.dataset.done) > 0;
  });
  const [done, total] = [Number(await progress.getAttribute('data-done')), Number(await progress.getAttribute('data-total'))];
  assert.ok(done > 0 && done < total, `${done} of ${total} bytes`);
  assert.ok(total > 120e6, `${total} bytes to save`);
  assert.match(await progress.textContent(), /^Compressing [\d.]+ [kM]B of 12\d MB/);
  assert.equal(await page.getByTestId('save-page-button').isDisabled(), true);
  await page.getByTestId('save-cancel').click();
  for (let waited = 0; !saveWorkers.length && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  assert.equal(saveWorkers.length, 1, 'the save runs in a worker of its own');
  await saveWorkers[0].closed;
  const name = await saveWorkers[0].name;
  assert.ok(name === null || name === 'clustereval-save', `the save's worker, not ${name}`);
  assert.equal(await page.getByTestId('save-said').textContent(), 'Cancelled: nothing was saved.');
  assert.equal(await page.getByTestId('save-page-button').isDisabled(), false);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(downloaded, false);
});

test("a saved page's own costly options wait for the reader, as a link's do", async () => {
  const { page } = await env.open({ path: '#log2=1' });
  await waitForResult(page);
  await page.locator('[data-testid="save-page"] summary').click();
  const saved = await download(page, () => page.getByTestId('save-page-button').click());
  // The same page, its options changed as anyone could change the file.
  const html = saved.text.replace('"options":"log2=1"', '"options":"log2=1&bootstrap=5000"');
  assert.notEqual(html, saved.text);
  const costly = join(tmp, 'costly.html');
  writeFileSync(costly, html);
  const { page: opened } = await openOffline(costly);
  await opened.getByTestId('link-held').waitFor();
  assert.match(await opened.getByTestId('link-held').textContent(), /asks for 5,000 bootstrap resamples/);
  await opened.waitForFunction(() => document.querySelectorAll('[data-testid="file-item"]').length === 3);
  assert.equal(await opened.getByTestId('results').getAttribute('data-state'), 'idle');
});
