// Coreference on the page: the CoNLL-2012 demo opened from the demo menu, its coref measures
// equal to the command line's for every system (R, P, F grouped by metric, CoNLL F1 first),
// the per-document view with each document's entities drawn as the mapping heatmap and
// CEAF-e's alignment, the entity sizes, a paper's coreference table checked by the names
// papers use, and a page saved from it that opens offline.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { COREF_MEASURES } from '../../web/src/measures.js';
import {
  ROOT,
  cliJsonIn,
  demoOf,
  download,
  listedFiles,
  openDemo,
  readTable,
  screenshot,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const { dir: DEMO_DIR, demo: DEMO } = demoOf('demo-coref');
const DEMO_FILES = [DEMO.gold, ...DEMO.systems];
const IDS = COREF_MEASURES.map((m) => m.id);
let tmp;

before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'clustereval-coref-'));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

const demoCli = () => cliJsonIn(DEMO_DIR, ['--detail', ...DEMO_FILES]);

/** Every coref cell on screen equals the command line's, every system has all of them. */
async function assertCorefTable(page, cli) {
  const cells = await readTable(page);
  assert.ok(cells.every((c) => c.level === 'coref'), 'a conll run shows the coref level alone');
  assert.equal(cells.length, cli.systems.length * IDS.length);
  for (const s of cli.systems) {
    const name = basename(s.name);
    for (const id of IDS) {
      const cell = cells.find((c) => c.system === name && c.measure === id);
      assert.ok(cell, `no cell for ${name} / ${id}`);
      assert.ok(Math.abs(Number(cell.value) - s.coref[id]) <= 1e-12, `${name} ${id}: page ${cell.value}, command line ${s.coref[id]}`);
      assert.equal(cell.text, s.coref[id].toFixed(4), `${name} ${id} as shown`);
    }
  }
}

const openCorefDemo = () => openDemo(env, 'coref', 'system-a.conll');

test("the coreference demo shows the command line's measures, CoNLL F1 first, grouped by metric", async () => {
  const { page } = await openCorefDemo();
  assert.deepEqual(await listedFiles(page), DEMO_FILES);
  // The key's preview: its first document, then its mentions with their entity and tokens.
  const card = page.locator('[data-testid="file-item"][data-name="key.conll"]');
  assert.equal((await card.getByTestId('detected-format').textContent()).trim(), 'conll');
  await card.getByRole('button', { name: /format and preview of/ }).click();
  await card.getByTestId('preview-table').waitFor();
  const rows = await card.locator('[data-testid="preview-table"] tbody tr').evaluateAll((trs) =>
    trs.slice(0, 3).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
  );
  assert.deepEqual(rows, [
    ['2', 'document (story/01); part 000', ''],
    ['4', 'tokens 0–1', 'entity 1'],
    ['6', 'tokens 3–3', 'entity 1'],
  ]);
  const summary = await page.getByTestId('gold-summary').textContent();
  assert.match(summary, /key\.conll\s*conll/);
  assert.match(summary, /3 documents/);
  assert.match(summary, /25 mentions/);
  assert.match(summary, /11 entities/);
  const columns = await page.$$eval('[data-testid="results"] th[data-key]', (ths) => ths.map((th) => th.dataset.key));
  assert.deepEqual(columns, IDS.map((id) => `coref.${id}`));
  const groups = await page.$$eval('.results-family', (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(groups, ['CoNLL', 'MUC', 'B³', 'CEAF-m', 'CEAF-e', 'BLANC', 'LEA', 'Mentions']);
  await assertCorefTable(page, demoCli());
  // The independent reading of tests/golden/coref.json, every cell.
  const golden = JSON.parse(readFileSync(join(ROOT, 'tests', 'golden', 'coref.json'), 'utf8')).cases;
  const cells = await readTable(page);
  for (const g of golden)
    for (const [id, want] of Object.entries(g.coref)) {
      const cell = cells.find((c) => c.system === basename(g.response) && c.measure === id);
      assert.ok(Math.abs(Number(cell.value) - want) <= 1e-12, `${g.response} ${id}`);
    }

  // A paper's table, as papers print it: metrics over R, P, F1; CEAFφ4; Avg. F1.
  const reported =
    '| System | MUC | B-cubed | CEAFφ4 | BLANC | LEA | Avg. F1 |\n|---|---|---|---|---|---|---|\n' +
    '| system-a | 81.48 | 84.63 | 81.13 | 80.90 | 73.47 | 82.41 |\n| system-b | 30.8 | 39.9 | 48.9 | 32.4 | 23.4 | 39.87 |\n';
  writeFileSync(join(tmp, 'paper.md'), reported);
  await page.getByTestId('check-file').setInputFiles(join(tmp, 'paper.md'));
  await page.getByTestId('check-summary').waitFor();
  const verdicts = await page.$$eval('[data-testid="check-row"]', (rows) => rows.map((r) => [r.dataset.system, r.dataset.verdict]));
  const check = cliJsonIn(DEMO_DIR, ['--check', join(tmp, 'paper.md'), ...DEMO_FILES], [4]).check;
  assert.deepEqual(verdicts, check.map((c) => [c.system, c.computed === null ? 'unmatched' : c.reproduced ? 'reproduces' : 'differs']));
  assert.equal(verdicts.length, 12);
  assert.ok(verdicts.every(([, v]) => v === 'reproduces'), JSON.stringify(verdicts));
  await screenshot(page, 'coref-demo');
});

test('per document: the systems side by side, and a document drawn as key × response entities with CEAF-e', async () => {
  const { page } = await openCorefDemo();
  await page.getByTestId('tab-documents').click();
  const table = page.getByTestId('lemmas-table');
  await table.waitFor();
  const cli = demoCli();
  const rows = await page.$$eval('[data-testid="lemma-row"]', (trs) =>
    trs.map((tr) => ({
      doc: tr.dataset.lemma,
      values: Object.fromEntries([...tr.querySelectorAll('td[data-system]')].map((td) => [td.dataset.system, td.dataset.value === undefined ? null : Number(td.dataset.value)])),
    })),
  );
  assert.equal(rows.length, 3);
  for (const row of rows)
    for (const s of cli.systems) {
      const want = s.coref_by_document[row.doc].conll_f;
      assert.ok(Math.abs(row.values[basename(s.name)] - want) <= 1e-12, `${row.doc} ${s.name}`);
    }
  // The first row (where the systems differ most) drawn: key entities × response entities.
  const canvas = page.locator('[data-testid="entitygrid"] [data-testid="heatmap-canvas"]');
  await canvas.waitFor();
  const doc = cli.systems[0].coref_by_document[rows[0].doc];
  assert.equal(Number(await canvas.getAttribute('data-rows')), doc.key.sizes.length);
  assert.equal(Number(await canvas.getAttribute('data-cols')), doc.response.sizes.length);
  assert.equal(await canvas.getAttribute('data-mapping'), 'ceafe');
  assert.match(await page.getByTestId('entitygrid').textContent(), /CEAF-e's optimal one-to-one alignment/);
  await page.getByTestId('documents').screenshot({ path: join(ROOT, 'test-results', 'coref-documents.png') });
  // Entity sizes: the size plot in mentions.
  assert.equal((await page.getByTestId('tab-sizes').textContent()).trim(), 'Entity sizes');
  await page.getByTestId('tab-sizes').click();
  const svg = page.locator('[data-testid="sizeplot"] svg');
  await svg.waitFor();
  assert.equal(await svg.getAttribute('data-unit'), 'mentions');
});

test('a page saved from the coreference demo opens offline with the same numbers', async () => {
  const { page } = await openCorefDemo();
  await page.locator('[data-testid="save-page"] summary').click();
  await page.getByTestId('save-title').fill('Coreference');
  const saved = await download(page, () => page.getByTestId('save-page-button').click());
  const file = join(tmp, 'coref.html');
  writeFileSync(file, saved.bytes);
  const url = pathToFileURL(file).href;
  const rec = await env.open({ goto: false, base: url });
  await rec.context.setOffline(true);
  await rec.context.route(/^(https?|wss?|ftp):/, (route) => route.abort());
  await rec.page.goto(url);
  await waitForResult(rec.page, 30_000);
  assert.deepEqual(await listedFiles(rec.page), DEMO_FILES);
  await assertCorefTable(rec.page, demoCli());
});
