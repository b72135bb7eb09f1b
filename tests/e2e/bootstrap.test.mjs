// Bootstrap resamples on the page, with the real core: the intervals in the table and the
// exports, the Compare systems matrix, the Measure correlation heatmap, the progress while
// resampling, and Cancel during it. Numbers are checked against the command line's JSON for
// the same files and options (the wasm core draws the same resamples, seeded).

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  ROOT,
  chooseReading,
  clearFiles,
  cliText,
  download,
  evaluateAndWait,
  openOptions,
  parseCsv,
  readTable,
  screenshot,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const DEMO = join(ROOT, 'public', 'demo');
const FILES = ['brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv'];
// The demo's first sentences: enough to resample, few enough to keep 50 resamples quick.
const SENTENCES = 300;
const RESAMPLES = '50';
// Two baselines make four rows: rank correlations need three or more.
const FLAGS = ['--bootstrap', RESAMPLES, '--baselines', 'random,one', '--restarts', '2'];
let dir;
let cli; // the command line's JSON for the same files and options

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'clustereval-bootstrap-'));
  for (const name of FILES) {
    const text = readFileSync(join(DEMO, name), 'utf8');
    const sentences = text.split('\n\n').slice(0, SENTENCES);
    writeFileSync(join(dir, name), `${sentences.join('\n\n')}\n`);
  }
  cli = JSON.parse(cliText(['--format', 'json', ...FLAGS, ...FILES], dir));
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const cliSystem = (name) => cli.systems.find((s) => s.name === name);

/**
 * Opens the page, replaces the demo by the short files, sets the options of FLAGS in the
 * panel and evaluates; returns the page and every text the progress bar showed.
 */
async function evaluateShort({ bootstrap = RESAMPLES } = {}) {
  const { page } = await env.open();
  await waitForResult(page);
  // Every text the progress bar shows, however briefly.
  await page.evaluate(() => {
    window.progressTexts = [];
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="progress-text"]')?.textContent;
      if (text && window.progressTexts.at(-1) !== text) window.progressTexts.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(join(dir, FILES[0]));
  await page.getByTestId('system-input').setInputFiles(FILES.slice(1).map((f) => join(dir, f)));
  await openOptions(page);
  await page.getByLabel('Restarts').fill('2');
  for (const b of ['random', 'one']) await page.getByLabel(b, { exact: true }).check();
  await page.getByLabel('Bootstrap resamples').fill(bootstrap);
  await evaluateAndWait(page, 'baseline:one', 60_000);
  const progress = await page.evaluate(() => window.progressTexts);
  return { page, progress };
}

test('intervals: shown under each value as the core gave them, and carried by the exports', async () => {
  const { page, progress } = await evaluateShort();
  // The progress bar named the resampling phase.
  assert.ok(
    progress.some((t) => new RegExp(`^Resampling \\d+ / ${RESAMPLES}$`).test(t)),
    `no resampling progress among: ${progress.join(' | ')}`,
  );

  const cells = (await readTable(page)).filter((c) => c.value !== null);
  const intervals = await page.$$eval('td[data-key] [data-testid="ci"]', (spans) =>
    spans.map((s) => ({
      system: s.closest('td').dataset.system,
      key: s.closest('td').dataset.key,
      lo: Number(s.dataset.lo),
      hi: Number(s.dataset.hi),
    })),
  );
  assert.ok(intervals.length >= cells.length / 2, `${intervals.length} intervals`);
  for (const { system, key, lo, hi } of intervals) {
    assert.deepEqual([lo, hi], cliSystem(system).ci[key], `${system} ${key}`);
    assert.ok(lo <= hi, `${system} ${key}: [${lo}, ${hi}]`);
    const cell = cells.find((c) => c.system === system && c.key === key);
    // "0.6467 [0.6415, 0.6508]": the interval at the value's four decimals.
    const decimals = (v) => v.toFixed(4);
    assert.ok(
      cell.text.startsWith(`${decimals(Number(cell.value))} [${decimals(lo)}, ${decimals(hi)}]`),
      `${system} ${key}: ${cell.text}`,
    );
  }
  // A system's accuracy sits inside its interval (a percentile interval need not hold the
  // full-data value of every measure: a biased one may lie beside it).
  for (const system of ['brown-c50.tsv', 'brown-c50-d3.tsv']) {
    for (const key of ['token.m1', 'token.o1']) {
      const cell = cells.find((c) => c.system === system && c.key === key);
      const { lo, hi } = intervals.find((i) => i.system === system && i.key === key);
      const v = Number(cell.value);
      assert.ok(lo <= v && v <= hi, `${system} ${key}: ${v} outside [${lo}, ${hi}]`);
    }
  }
  assert.match(
    await page.getByTestId('bootstrap-note').textContent(),
    new RegExp(
      `95% percentile interval over ${RESAMPLES} bootstrap resamples of the ${SENTENCES} sentences`,
    ),
  );

  // CSV: each column followed by its bounds, at full precision: the command line's CSV of the
  // same columns, byte for byte.
  await page.getByTestId('export-format').selectOption('csv');
  const csvText = (await download(page, () => page.getByTestId('export-download').click())).text;
  const csv = parseCsv(csvText);
  const head = csv[0];
  const at = head.indexOf('token.m1');
  assert.deepEqual(head.slice(at, at + 3), ['token.m1', 'token.m1.lo', 'token.m1.hi']);
  for (const row of csv.slice(1).filter((r) => r.length > 1)) {
    const s = cliSystem(row[0]);
    assert.deepEqual(row.slice(at, at + 3).map(Number), [s.token.m1, ...s.ci['token.m1']], row[0]);
  }
  const measures = head.slice(1).filter((k) => !/\.(lo|hi)$/.test(k));
  const args = ['--format', 'csv', '--measures', measures.join(','), ...FLAGS, ...FILES];
  assert.equal(csvText, cliText(args, dir));

  // JSON: the intervals in the result's shape.
  await page.getByTestId('export-format').selectOption('json');
  const json = JSON.parse(
    (await download(page, () => page.getByTestId('export-download').click())).text,
  );
  assert.equal(json.bootstrap.resamples, Number(RESAMPLES));
  for (const s of json.systems) {
    for (const [key, ci] of Object.entries(s.ci)) assert.deepEqual(ci, cliSystem(s.name).ci[key]);
  }

  // LaTeX: the interval in small type after the value, and a comment for the caption.
  await page.getByTestId('export-format').selectOption('latex');
  const tex = (await download(page, () => page.getByTestId('export-download').click())).text;
  const [lo, hi] = cliSystem('brown-c50.tsv').ci['token.m1'];
  assert.ok(tex.includes(`{\\scriptsize[${lo.toFixed(4)}, ${hi.toFixed(4)}]}`), tex);
  assert.match(tex, /^% In brackets: the 95% percentile interval/);
  const cliFormat = (format) =>
    cliText(['--format', format, '--measures', measures.join(','), ...FLAGS, ...FILES], dir);
  assert.equal(tex, cliFormat('latex'));

  // Markdown: the command line's table, which goes on with the paired shares and the rank
  // correlations.
  await page.getByTestId('export-format').selectOption('markdown');
  const md = (await download(page, () => page.getByTestId('export-download').click())).text;
  const cliMd = cliFormat('markdown');
  assert.ok(cliMd.startsWith(md), `${md}\n---\n${cliMd}`);
  assert.match(md, new RegExp(`\\nIn brackets: the 95% percentile interval over ${RESAMPLES} `));
  assert.match(cliMd.slice(md.length), /^\n\*\*bootstrap: /);

  // Sorting still follows the values.
  await page.locator('th[data-key="token.m1"] button').click();
  const order = await page.$$eval('[data-testid="result-row"]', (rows) =>
    rows.map((r) => r.dataset.system),
  );
  assert.deepEqual(order.slice(0, 2), ['brown-c50.tsv', 'brown-c50-d3.tsv']);
  await screenshot(page, 'bootstrap-table');
});

test('Compare systems: the paired shares of the chosen measure, between 0 and 1', async () => {
  const { page } = await evaluateShort();
  await page.getByTestId('tab-compare').click();
  const matrix = page.getByTestId('compare-matrix');
  assert.equal(await matrix.getAttribute('data-measure'), 'token.m1');
  const rows = cli.systems.map((s) => s.name);

  const readShares = () =>
    page.$$eval('[data-testid="compare-cell"]', (tds) =>
      tds.map((td) => ({
        row: td.dataset.row,
        col: td.dataset.col,
        value: td.dataset.value === undefined ? null : Number(td.dataset.value),
        text: td.textContent.trim(),
      })),
    );
  for (const key of ['token.m1', 'token.vi', 'type.macro_i_m1']) {
    await page.getByTestId('compare-measure').selectOption(key);
    await page.waitForSelector(`[data-testid="compare-matrix"][data-measure="${key}"]`);
    const shares = await readShares();
    assert.equal(shares.length, rows.length * (rows.length - 1), key);
    for (const { row, col, value, text } of shares) {
      const want = cli.paired[key][row][col];
      assert.equal(value, want, `${key} ${row} − ${col}`);
      if (want === null) assert.equal(text, '=');
      else {
        assert.ok(value >= 0 && value <= 1, `${key} ${row} − ${col}: ${value}`);
        assert.equal(text, value.toFixed(3));
      }
    }
  }
  assert.match(
    await page.getByTestId('compare-legend').textContent(),
    /below 0\.05.*order of the two systems/s,
  );
  await screenshot(page, 'bootstrap-compare');
});

test('Measure correlation: Spearman by default, Kendall on the toggle, over n systems', async () => {
  const { page } = await evaluateShort();
  await page.getByTestId('tab-correlation').click();
  const rc = cli.rank_correlation;
  assert.equal(await page.getByTestId('correlation-n').textContent(), String(rc.systems));
  assert.equal(rc.systems, 4);
  assert.match(await page.getByTestId('correlation-title').textContent(), /of 4 systems/);

  const readCells = () =>
    page.$$eval('[data-testid="correlation-cell"]', (tds) =>
      tds.map((td) => ({
        row: td.dataset.row,
        col: td.dataset.col,
        value: td.dataset.value === undefined ? null : Number(td.dataset.value),
      })),
    );
  // The table's columns first: every shown pair as the core has it.
  for (const kind of ['spearman', 'kendall']) {
    if (kind === 'kendall') await page.getByTestId('correlation-kendall').check();
    await page.waitForSelector(`[data-testid="correlation-matrix"][data-kind="${kind}"]`);
    const cells = await readCells();
    const keys = [...new Set(cells.map((c) => c.row))];
    assert.ok(keys.includes('token.m1') && keys.includes('type.macro_i_m1'), keys.join(' '));
    assert.equal(cells.length, keys.length * keys.length);
    for (const { row, col, value } of cells) {
      assert.equal(value, rc[kind][row][col], `${kind} ${row} × ${col}`);
      if (value !== null) assert.ok(value >= -1 && value <= 1, `${row} × ${col}: ${value}`);
      if (row === col && value !== null) assert.equal(value, 1);
    }
  }
  // All measures: every one the core ranked.
  await page.getByTestId('correlation-scope-all').check();
  const all = [...new Set((await readCells()).map((c) => c.row))];
  assert.deepEqual(all, rc.measures);
  await screenshot(page, 'bootstrap-correlation');
});

test('without resampling: no intervals nor Compare, yet rank correlations for 4 systems', async () => {
  const { page } = await evaluateShort({ bootstrap: '0' });
  assert.equal(await page.getByTestId('ci').count(), 0);
  assert.equal(await page.getByTestId('bootstrap-note').count(), 0);
  assert.equal(await page.getByTestId('tab-compare').count(), 0);
  await page.getByTestId('tab-correlation').click();
  assert.equal(await page.getByTestId('correlation-n').textContent(), '4');
});

test('a counts table has nothing to resample: the legend says so, and nothing else changes', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  await clearFiles(page);
  await page
    .getByTestId('gold-input')
    .setInputFiles(join(ROOT, 'tests', 'data', 'formats', 'counts.tsv'));
  await chooseReading(page, { file: 'counts.tsv', format: 'counts' });
  await openOptions(page);
  await page.getByTestId('bootstrap-200').click();
  await evaluateAndWait(page, 'counts.tsv');
  assert.match(
    await page.getByTestId('bootstrap-note').textContent(),
    /^No bootstrap intervals: a counts file has neither sentences nor items to resample\.$/,
  );
  assert.equal(await page.getByTestId('ci').count(), 0);
  assert.equal(await page.getByTestId('tab-compare').count(), 0);
  assert.ok((await readTable(page, 'token')).some((c) => c.value !== null));
});

test('Cancel during resampling stops the worker; the page then evaluates again', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  const closed = [];
  const watch = (w) => w.on('close', () => closed.push(w.url()));
  page.workers().forEach(watch);
  page.on('worker', watch);

  // The whole demo and many resamples: long enough to be cancelled while resampling.
  await openOptions(page);
  await page.getByTestId('bootstrap-1000').click();
  await page.getByTestId('evaluate').click();
  const text = page.getByTestId('progress-text');
  await page.waitForSelector('[data-testid="progress"][data-phase="bootstrap"]', {
    timeout: 30_000,
  });
  assert.match(await text.textContent(), /^Resampling [\d,]+ \/ 1,000$/);
  assert.equal(
    await page.getByRole('progressbar', { name: 'Bootstrap resampling progress' }).count(),
    1,
  );
  await page.getByTestId('cancel').click();
  await page.waitForSelector('[data-testid="results"][data-state="cancelled"]', {
    timeout: 5_000,
  });
  assert.match(await page.getByRole('status').textContent(), /Cancelled/);
  for (let waited = 0; closed.length === 0 && waited < 5000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok(closed.length >= 1, 'cancelling did not terminate the worker');

  // Usable: resampling off, the same files evaluate in a fresh worker.
  await page.getByTestId('bootstrap-0').click();
  await evaluateAndWait(page, 'brown-c50-d3.tsv');
  assert.equal(await page.getByTestId('ci').count(), 0);
  assert.ok((await readTable(page)).some((c) => c.value !== null));
});
