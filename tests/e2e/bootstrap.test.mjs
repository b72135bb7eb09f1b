// Bootstrap resamples and approximate randomization on the page, with the real core: the
// intervals in the table and the exports, the Compare systems matrix of p-values, the Measure
// correlation heatmap, the progress while resampling and shuffling, and Cancel during it.
// Numbers are checked against the command line's JSON for the same files and options (the
// wasm core draws the same resamples and shuffles, seeded).

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
 * Opens the page, starts keeping every text the progress bar shows, however briefly
 * (window.progressTexts), and replaces the demo by the short files.
 */
async function openShort() {
  const { page } = await env.open();
  await waitForResult(page);
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
  return page;
}

/**
 * Opens the page with the short files, sets the options of FLAGS in the panel and
 * evaluates; returns the page and every text the progress bar showed.
 */
async function evaluateShort({ bootstrap = RESAMPLES } = {}) {
  const page = await openShort();
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
  // The progress bar named the resampling phase: the resamples, then BCa's jackknife over
  // 100 blocks of sentences (and of items).
  const steps = Number(RESAMPLES) + 100;
  assert.ok(
    progress.some((t) => new RegExp(`^Resampling \\d+ / ${steps}$`).test(t)),
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
  // Every interval holds its value but where the value is biased beyond its resamples' spread:
  // that interval is the bias-corrected one, and a mark under it says "biased high by ~…;
  // bias-corrected …", the core's note in its title.
  const biased = await page.$$eval('td[data-key] [data-testid="ci-biased"]', (spans) =>
    spans.map((s) => ({
      system: s.closest('td').dataset.system,
      key: s.closest('td').dataset.key,
      text: s.textContent,
      title: s.title,
    })),
  );
  for (const { system, key, text, title } of biased) {
    const note = cliSystem(system).ci_notes[key];
    assert.equal(title, `${note}.`);
    assert.equal(text, `† ${note.slice(0, note.indexOf(':'))}`);
    assert.match(text, /^† biased (high|low) by ~[0-9.]+; bias-corrected -?[0-9.]+$/);
  }
  for (const { system, key, lo, hi } of intervals) {
    const v = Number(cells.find((c) => c.system === system && c.key === key).value);
    const marked = biased.some((b) => b.system === system && b.key === key);
    assert.ok(marked || (lo <= v && v <= hi), `${system} ${key}: ${v} outside [${lo}, ${hi}]`);
    assert.equal(marked, Boolean(cliSystem(system).ci_notes?.[key]), `${system} ${key}: marked`);
  }
  const withheld = await page.$$eval('td[data-key] [data-testid="ci-withheld"]', (spans) =>
    spans.map((s) => ({
      system: s.closest('td').dataset.system,
      key: s.closest('td').dataset.key,
      title: s.title,
    })),
  );
  // Only what resampling cannot estimate (the grouping scores, when shown) has no interval;
  // the random baseline's information measures, biased beyond their spread, have one, marked.
  assert.ok(biased.length > 0, "the random baseline's biased values are marked");
  for (const { system, key, title } of withheld)
    assert.equal(title, `No interval: ${cliSystem(system).ci_withheld[key]}`);
  assert.match(
    await page.getByTestId('bootstrap-note').textContent(),
    new RegExp(`95% BCa interval over ${RESAMPLES} bootstrap resamples of the ${SENTENCES} sentences`),
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
  assert.match(tex, /^% In brackets: the 95% BCa interval/);
  const cliFormat = (format) =>
    cliText(['--format', format, '--measures', measures.join(','), ...FLAGS, ...FILES], dir);
  assert.equal(tex, cliFormat('latex'));

  // Markdown: the command line's table, which goes on with the withheld intervals, the
  // p-values and the rank correlations.
  await page.getByTestId('export-format').selectOption('markdown');
  const md = (await download(page, () => page.getByTestId('export-download').click())).text;
  const cliMd = cliFormat('markdown');
  assert.ok(cliMd.startsWith(md), `${md}\n---\n${cliMd}`);
  assert.match(md, new RegExp(`\\nIn brackets: the 95% BCa interval over ${RESAMPLES} `));
  assert.match(cliMd.slice(md.length), /^\n\*\*bootstrap: /);

  // Sorting still follows the values.
  await page.locator('th[data-key="token.m1"] button').click();
  const order = await page.$$eval('[data-testid="result-row"]', (rows) =>
    rows.map((r) => r.dataset.system),
  );
  assert.deepEqual(order.slice(0, 2), ['brown-c50.tsv', 'brown-c50-d3.tsv']);
  await screenshot(page, 'bootstrap-table');
});

/** The Compare matrix's cells: row, column, p-value and text. */
const readPValues = (page) =>
  page.$$eval('[data-testid="compare-cell"]', (tds) =>
    tds.map((td) => ({
      row: td.dataset.row,
      col: td.dataset.col,
      value: td.dataset.value === undefined ? null : Number(td.dataset.value),
      stars: td.dataset.stars,
      text: td.textContent.trim(),
    })),
  );

/** Every shown p-value is the command line's, with its marks at 0.05 and 0.01. */
async function checkPValues(page, json, keys) {
  const rows = json.systems.map((s) => s.name);
  for (const key of keys) {
    await page.getByTestId('compare-measure').selectOption(key);
    await page.waitForSelector(`[data-testid="compare-matrix"][data-measure="${key}"]`);
    const cells = await readPValues(page);
    assert.equal(cells.length, rows.length * (rows.length - 1), key);
    for (const { row, col, value, stars, text } of cells) {
      const want = json.p_values[key][row][col];
      assert.equal(value, want, `${key} ${row} − ${col}`);
      assert.ok(value > 0 && value <= 1, `${key} ${row} − ${col}: ${value}`);
      const marks = value < 0.01 ? '**' : value < 0.05 ? '*' : '';
      assert.equal(stars, marks);
      assert.equal(text, `${value < 0.0001 ? value.toExponential(1) : value.toFixed(4)}${marks}`);
    }
  }
}

test('Compare systems: the paired bootstrap p-values of the chosen measure, marked', async () => {
  const { page } = await evaluateShort();
  await page.getByTestId('tab-compare').click();
  const matrix = page.getByTestId('compare-matrix');
  assert.equal(await matrix.getAttribute('data-measure'), 'token.m1');
  assert.equal(await page.getByTestId('compare').getAttribute('data-test'), 'bootstrap');
  assert.match(
    await page.getByTestId('compare-method').textContent(),
    new RegExp(`the paired bootstrap, ${RESAMPLES} resamples`),
  );
  await checkPValues(page, cli, ['token.m1', 'token.vi', 'type.macro_i_m1']);
  assert.match(
    await page.getByTestId('compare-legend').textContent(),
    /\*\* p < 0\.01.*\* p < 0\.05.*no correction/s,
  );
  await screenshot(page, 'bootstrap-compare');
});

test('approximate randomization: shuffles shown as they run, p-values as the command line', async () => {
  const page = await openShort();
  await openOptions(page);
  await page.getByLabel('Levels').selectOption('token');
  await page.getByLabel('Paired test').selectOption('ar');
  await page.getByLabel('Shuffles').fill('300');
  await evaluateAndWait(page, 'brown-c50-d3.tsv', 60_000);
  const progress = await page.evaluate(() => window.progressTexts);
  assert.ok(
    progress.some((t) => /^Shuffling \d+ \/ 300$/.test(t)),
    `no shuffling progress among: ${progress.join(' | ')}`,
  );
  const json = JSON.parse(
    cliText(['--format', 'json', '--levels', 'token', '--test', 'ar', '--shuffles', '300', ...FILES], dir),
  );
  await page.getByTestId('tab-compare').click();
  assert.equal(await page.getByTestId('compare').getAttribute('data-test'), 'ar');
  assert.match(
    await page.getByTestId('compare-method').textContent(),
    /approximate randomization, 300 shuffles that swap the two systems' sentences/,
  );
  await checkPValues(page, json, ['token.m1', 'token.ami']);
  assert.equal(await page.getByTestId('ci').count(), 0);
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
    if (kind === 'kendall') await page.getByTestId('correlation-kendall').check({ force: true });
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
  await page.getByTestId('correlation-scope-all').check({ force: true });
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
  assert.match(await text.textContent(), /^Resampling [\d,]+ \/ 1,100$/);
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
