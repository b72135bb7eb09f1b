// Word-sense induction on the page: the SemEval-2013 demo opened from the demo menu, its sense
// measures equal to the command line's for every system, the per-lemma view, the CSV export,
// a page saved from it that reproduces the task paper's figures offline, and sense keys of
// SemEval-2010 dropped on the page.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { SENSE_MEASURES } from '../../web/src/measures.js';
import {
  ROOT,
  cliJsonIn,
  demoOf,
  clearFiles,
  cliText,
  download,
  evaluateAndWait,
  listedFiles,
  openDemo,
  readTable,
  screenshot,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const { dir: DEMO_DIR, demo: DEMO } = demoOf('demo-semeval2013');
const DEMO_FILES = [DEMO.gold, ...DEMO.systems];
const SENSE_IDS = SENSE_MEASURES.map((m) => m.id);
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let tmp;

before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'clustereval-senses-'));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

/** The demo's systems as the command line scores them, with each lemma's values. */
const demoCli = () => cliJsonIn(DEMO_DIR, ['--detail', ...DEMO_FILES]);

/** Every sense cell on screen equals `cli`'s, every system has all seven, and nothing else is shown. */
async function assertSenseTable(page, cli) {
  const cells = await readTable(page);
  assert.ok(cells.every((c) => c.level === 'senses'), 'a sense run shows the sense level alone');
  assert.equal(cells.length, cli.systems.length * SENSE_IDS.length);
  for (const s of cli.systems) {
    const name = basename(s.name);
    for (const id of SENSE_IDS) {
      const cell = cells.find((c) => c.system === name && c.measure === id);
      assert.ok(cell, `no cell for ${name} / ${id}`);
      const want = s.senses[id];
      assert.ok(
        want === null ? cell.value === null : Math.abs(Number(cell.value) - want) <= 1e-12,
        `${name} ${id}: page ${cell.value}, command line ${want}`,
      );
      if (want !== null) assert.equal(cell.text, want.toFixed(4), `${name} ${id} as shown`);
    }
  }
}

/** Opens the SemEval-2013 demo through the demo menu of the default (Brown) demo. */
const openSenseDemo = () => openDemo(env, 'semeval2013', 'AI-KU-base.key');

/** Opens a file from disk in a context that may not reach any network. */
async function openOffline(path) {
  const url = pathToFileURL(path).href;
  const rec = await env.open({ goto: false, base: url });
  await rec.context.setOffline(true);
  await rec.context.route(/^(https?|wss?|ftp):/, (route) => route.abort());
  await rec.page.goto(url);
  return rec;
}

test("the SemEval-2013 demo opens from the menu and shows the command line's sense measures for every system", async () => {
  const { page, requests } = await openSenseDemo();
  assert.deepEqual(await listedFiles(page), DEMO_FILES);
  assert.equal(
    await page.getByTestId('demo-link-semeval2013').getAttribute('aria-current'),
    'page',
  );
  assert.match(await page.getByTestId('demo-caption').textContent(), /SemEval-2013 Task 13/);
  const summary = await page.getByTestId('gold-summary').textContent();
  assert.match(summary, /semeval2013-all\.key\s*senses/);
  assert.match(summary, /50 lemmas/);
  assert.match(summary, /4,664 instances/);
  assert.doesNotMatch(summary, /tokens/);
  const levels = await page.$$eval('.results-level', (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(levels, ['Sense level']);
  await assertSenseTable(page, demoCli());
  // Reported numbers by the sense level's ids get the command line's verdicts (whatever the
  // core's check makes of them: it names no sense measure yet, so none is compared).
  const reported = 'system\tsenses.fuzzy_bcubed_f\tsenses.fuzzy_nmi\nAI-KU-base\t0.390\t0.065\nUnimelb-50k\t0.483\t0.060\n';
  writeFileSync(join(tmp, 'reported.tsv'), reported);
  await page.getByTestId('check-file').setInputFiles(join(tmp, 'reported.tsv'));
  await page.getByTestId('check-summary').waitFor();
  const verdicts = await page.$$eval('[data-testid="check-row"]', (rows) =>
    rows.map((r) => [r.dataset.system, r.dataset.verdict]),
  );
  const check = cliJsonIn(DEMO_DIR, ['--check', join(tmp, 'reported.tsv'), ...DEMO_FILES], [4]).check;
  assert.deepEqual(
    verdicts,
    check.map((c) => [c.system, c.computed === null ? 'unmatched' : c.reproduced ? 'reproduces' : 'differs']),
  );
  // The demo's files came in its own script, of the page's origin (checked after each test).
  const paths = requests.filter((u) => u.startsWith('http')).map((u) => new URL(u).pathname);
  assert.ok(paths.includes('/demo-semeval2013.js'), paths.join(' '));
  await screenshot(page, 'senses-demo');
});

test('the per-lemma view: a row a lemma, the systems side by side, where they differ most first', async () => {
  const { page } = await openSenseDemo();
  await page.getByTestId('tab-lemmas').click();
  const table = page.getByTestId('lemmas-table');
  await table.waitFor();
  const cli = demoCli();
  const names = cli.systems.map((s) => basename(s.name));

  /** The view's rows: [{lemma, values: {system: value}, spread}]. */
  const readRows = () =>
    page.$$eval('[data-testid="lemma-row"]', (trs) =>
      trs.map((tr) => ({
        lemma: tr.dataset.lemma,
        values: Object.fromEntries(
          [...tr.querySelectorAll('td[data-system]')].map((td) => [
            td.dataset.system,
            td.dataset.value === undefined ? null : Number(td.dataset.value),
          ]),
        ),
        spread: Number(tr.querySelector('[data-testid="lemma-spread"]').dataset.value),
      })),
    );
  const assertRows = async (id) => {
    await page.waitForSelector(`[data-testid="lemmas-table"][data-measure="${id}"]`);
    const rows = await readRows();
    assert.equal(rows.length, cli.gold.lemmas);
    for (const row of rows) {
      for (const [i, name] of names.entries()) {
        const want = cli.systems[i].senses.by_lemma[row.lemma][id];
        assert.ok(
          want === null ? row.values[name] === null : Math.abs(row.values[name] - want) <= 1e-12,
          `${row.lemma} ${name} ${id}: page ${row.values[name]}, command line ${want}`,
        );
      }
    }
    return rows;
  };

  // By default F-Avg, the lemmas where the systems differ most first.
  let rows = await assertRows('fuzzy_avg');
  for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].spread >= rows[i].spread);
  const top = rows[0];
  const topValues = Object.values(top.values);
  assert.ok(Math.abs(top.spread - (Math.max(...topValues) - Math.min(...topValues))) < 1e-12);

  // The task's baselines left out of the spread: it is then the systems' range.
  const systemsOnly = names.filter((n) => !n.startsWith('baseline-'));
  for (const name of names.filter((n) => n.startsWith('baseline-')))
    await page.locator(`[data-testid="lemmas-spread-over"] input[data-system="${name}"]`).uncheck();
  rows = await readRows();
  for (const row of rows) {
    const values = systemsOnly.map((n) => row.values[n]);
    assert.ok(Math.abs(row.spread - (Math.max(...values) - Math.min(...values))) < 1e-12, row.lemma);
  }
  for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].spread >= rows[i].spread);

  // Another measure; then sorted by one system, lowest first after a second click.
  await page.getByTestId('lemmas-measure').selectOption('fuzzy_bcubed_f');
  rows = await assertRows('fuzzy_bcubed_f');
  const header = page.locator('[data-testid="lemmas-table"] th[data-system="Unimelb-50k.key"] button');
  await header.click();
  rows = await readRows();
  const desc = rows.map((r) => r.values['Unimelb-50k.key']);
  assert.deepEqual(desc, [...desc].sort((a, b) => b - a));
  await header.click();
  rows = await readRows();
  const asc = rows.map((r) => r.values['Unimelb-50k.key']);
  assert.deepEqual(asc, [...asc].sort((a, b) => a - b));
  assert.equal(
    await page.locator('[data-testid="lemmas-table"] th[data-system="Unimelb-50k.key"]').getAttribute('aria-sort'),
    'ascending',
  );

  // The view reads well to assistive technology.
  await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert.deepEqual(violations, []);
  await page.getByTestId('lemmas').screenshot({ path: join(ROOT, 'test-results', 'senses-lemmas.png') });
});

test("the CSV export of the sense table is the command line's --format csv of the same columns", async () => {
  const { page } = await openSenseDemo();
  const columns = await page.$$eval('[data-testid="results"] th[data-key]', (ths) =>
    ths.map((th) => th.dataset.key),
  );
  assert.deepEqual(columns, SENSE_IDS.map((id) => `senses.${id}`));
  await page.getByTestId('export-format').selectOption('csv');
  const csv = await download(page, () => page.getByTestId('export-download').click());
  const want = cliText(['--format', 'csv', '--measures', columns.join(','), ...DEMO_FILES], DEMO_DIR);
  assert.equal(csv.text, want);
  // Sorted by F-B³ F, the rows come in that order, as the command line writes them.
  await page.locator('[data-testid="results"] th[data-key="senses.fuzzy_bcubed_f"] button').click();
  const sorted = await download(page, () => page.getByTestId('export-download').click());
  const lines = want.trimEnd().split('\n');
  const byF = [...lines.slice(1)].sort((a, b) => Number(b.split(',')[3]) - Number(a.split(',')[3]));
  assert.equal(sorted.text, `${[lines[0], ...byF].join('\n')}\n`);
});

test("a page saved from the demo opens offline and reproduces the task paper's figures", async () => {
  const { page } = await openSenseDemo();
  await page.locator('[data-testid="save-page"] summary').click();
  await page.getByTestId('save-title').fill('SemEval-2013 word senses');
  const saved = await download(page, () => page.getByTestId('save-page-button').click());
  const file = join(tmp, 'semeval2013.html');
  writeFileSync(file, saved.bytes);

  const { page: opened, requests } = await openOffline(file);
  await waitForResult(opened, 30_000);
  assert.deepEqual(await listedFiles(opened), DEMO_FILES);
  assert.equal(await opened.getByTestId('demo-menu').count(), 0, 'a saved page offers no demos');
  await assertSenseTable(opened, demoCli());
  // Jurgens & Klapaftis (2013) printed fuzzy B-cubed and fuzzy NMI to three decimals.
  const published = {
    'AI-KU-base.key': { fuzzy_bcubed_f: '0.390', fuzzy_nmi: '0.065' },
    'Unimelb-50k.key': { fuzzy_bcubed_f: '0.483', fuzzy_nmi: '0.060' },
  };
  const cells = await readTable(opened, 'senses');
  for (const [system, figures] of Object.entries(published)) {
    for (const [id, printed] of Object.entries(figures)) {
      const cell = cells.find((c) => c.system === system && c.measure === id);
      assert.equal(Number(cell.value).toFixed(3), printed, `${system} ${id}: ${cell.value}`);
    }
  }
  assert.deepEqual(
    requests.filter((u) => !u.startsWith('blob:') && !u.startsWith('data:')),
    [pathToFileURL(file).href],
  );
});

test('sense keys dropped on the page (SemEval-2010) are read as senses and scored as the command line scores them', async () => {
  const dir = join(ROOT, 'tests', 'data', 'wsi', 'semeval2010');
  const files = ['gold/all.key', 'systems/402-186_task14_ksu', 'baselines/1cl1inst.key'];
  const { page } = await env.open();
  await waitForResult(page);
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(join(dir, files[0]));
  await page.getByTestId('system-input').setInputFiles(files.slice(1).map((f) => join(dir, f)));
  await evaluateAndWait(page, '1cl1inst.key', 60_000);
  const cli = cliJsonIn(dir, files);
  for (const s of cli.systems) s.name = basename(s.name);
  await assertSenseTable(page, cli);
  assert.match(await page.getByTestId('gold-summary').textContent(), /100 lemmas/);
  // The task paper's V-measure of the one-cluster-an-instance baseline: 31.7%.
  const v = (await readTable(page, 'senses')).find(
    (c) => c.system === '1cl1inst.key' && c.measure === 'v_measure',
  );
  assert.equal((Number(v.value) * 100).toFixed(1), '31.7');
});

test("a lemma's senses drawn as the core summed them: gold senses against a system's", async () => {
  const { page } = await openSenseDemo();
  await page.getByTestId('tab-lemmas').click();
  await page.getByTestId('lemmas-table').waitFor();
  const cli = demoCli();
  const lemma = Object.keys(cli.systems[1].senses.by_lemma)[3];
  await page.locator(`[data-testid="lemma-row"][data-lemma="${lemma}"] .lemmas-pick`).click();
  await page.getByTestId('sensegrid-system').selectOption('1');
  const grid = page.locator(`[data-testid="sensegrid-table"][data-lemma="${lemma}"]`);
  await grid.waitFor();
  const shown = await grid.locator('td[data-gold]').evaluateAll((tds) =>
    tds.filter((td) => Number(td.dataset.value) > 0).map((td) => [td.dataset.gold, td.dataset.induced, Number(td.dataset.value)]),
  );
  const want = cli.systems[1].senses.by_lemma[lemma].cells;
  assert.ok(want.length > 0);
  const key = ([g, k]) => `${g}\t${k}`;
  assert.deepEqual(
    shown.map((c) => [key(c), c[2]]).sort(),
    want.map((c) => [key(c), c[2]]).sort(),
  );
});
