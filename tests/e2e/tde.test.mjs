// Spoken term discovery on the page (SPEC §3.8): the demo opened from the demo menu, its TDE
// measures equal to the command line's for both systems, the class view sorted by NED, the
// phone alignment's own slot when files are dropped, a paper's TDE table checked, and a page
// saved from it that scores the same offline.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { TDE_MEASURES } from '../../web/src/measures.js';
import {
  ROOT,
  cliJsonIn,
  demoOf,
  clearFiles,
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
const { dir: DEMO_DIR, demo: DEMO } = demoOf('demo-tde');
const DEMO_FILES = [DEMO.gold, ...DEMO.systems, DEMO.phones];
const TDE_IDS = TDE_MEASURES.map((m) => m.id);
let tmp;

before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'clustereval-tde-'));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

/** The command line's JSON in `dir` (inputs by their base names, as the page names them). */
const demoCli = () =>
  cliJsonIn(DEMO_DIR, ['--detail', DEMO.gold, ...DEMO.systems, '--phones', DEMO.phones]);

/** Every TDE cell on screen equals `cli`'s, and nothing else is shown. */
async function assertTdeTable(page, cli) {
  const cells = await readTable(page);
  assert.ok(cells.every((c) => c.level === 'tde'), 'a tde run shows the TDE level alone');
  assert.equal(cells.length, cli.systems.length * TDE_IDS.length);
  for (const s of cli.systems) {
    for (const id of TDE_IDS) {
      const cell = cells.find((c) => c.system === s.name && c.measure === id);
      assert.ok(cell, `no cell for ${s.name} / ${id}`);
      const want = s.tde[id];
      assert.ok(
        want === null ? cell.value === null : Math.abs(Number(cell.value) - want) <= 1e-12,
        `${s.name} ${id}: page ${cell.value}, command line ${want}`,
      );
    }
  }
}

const openTdeDemo = () => openDemo(env, 'tde', 'system1.class');

test("the TDE demo opens from the menu with its phone alignment and shows the command line's measures", async () => {
  const { page } = await openTdeDemo();
  assert.deepEqual(await listedFiles(page), DEMO_FILES);
  await page.getByTestId('phones-input').waitFor({ state: 'attached' });
  const levels = await page.$$eval('.results-level', (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(levels, ['TDE level']);
  await assertTdeTable(page, demoCli());
  // A paper's TDE table, by the names ZeroSpeech papers print, checked as the command line does.
  const cli = demoCli();
  const pct = (v) => (v * 100).toFixed(1);
  const t = cli.systems[0].tde;
  const table =
    'system\tNED\tCov.\tGrouping F\tToken F\tType F\tBoundary F\n' +
    `system1\t${pct(t.ned)}\t${pct(t.coverage)}\t${pct(t.grouping_f)}\t${pct(t.token_f)}\t${pct(t.type_f)}\t${pct(t.boundary_f)}\n`;
  writeFileSync(join(tmp, 'reported.tsv'), table);
  await page.getByTestId('check-file').setInputFiles(join(tmp, 'reported.tsv'));
  await page.getByTestId('check-summary').waitFor();
  const verdicts = await page.$$eval('[data-testid="check-row"]', (rows) =>
    rows.map((r) => [r.dataset.measure ?? '', r.dataset.verdict]),
  );
  assert.equal(verdicts.length, 6);
  assert.ok(verdicts.every(([, v]) => v === 'reproduces'), JSON.stringify(verdicts));
  await screenshot(page, 'tde-demo');
});

test('the class view lists each class with its fragments, the worst NED first, and sorts', async () => {
  const { page } = await openTdeDemo();
  await page.getByTestId('tab-classes').click();
  await page.getByTestId('classes-table').waitFor();
  const cli = demoCli();
  const readRows = () =>
    page.$$eval('[data-testid="class-row"]', (trs) =>
      trs.map((tr) => ({
        name: tr.dataset.class,
        ned: tr.querySelector('[data-testid="class-ned"]').dataset.value,
        fragments: tr.querySelectorAll('[data-testid="class-fragment"]').length,
      })),
    );
  let rows = await readRows();
  const byName = Object.fromEntries(cli.systems[0].tde.by_class.map((c) => [c.class, c]));
  assert.ok(rows.length > 0 && rows.length <= 200);
  for (const row of rows) {
    const want = byName[row.name];
    assert.equal(row.fragments, want.fragments.length, row.name);
    assert.ok(want.ned === null ? row.ned === undefined : Math.abs(Number(row.ned) - want.ned) < 1e-12);
  }
  const neds = rows.filter((r) => r.ned !== undefined).map((r) => Number(r.ned));
  for (let i = 1; i < neds.length; i++) assert.ok(neds[i - 1] >= neds[i], 'the worst NED first');
  await page.getByTestId('classes-sort-ned').click();
  rows = await readRows();
  const up = rows.filter((r) => r.ned !== undefined).map((r) => Number(r.ned));
  for (let i = 1; i < up.length; i++) assert.ok(up[i - 1] <= up[i], 'then the best first');
  // The other system's classes.
  await page.getByTestId('classes-system').selectOption({ label: 'system2.class' });
  rows = await readRows();
  const other = Object.fromEntries(cli.systems[1].tde.by_class.map((c) => [c.class, c]));
  for (const row of rows) assert.equal(row.fragments, other[row.name].fragments.length);
  // The class sizes, ranked, as a plot.
  await page.getByTestId('tab-sizes').click();
  await page.getByTestId('sizeplot').waitFor();
});

test('dropped files: the phone alignment gets its own slot once a class file is loaded, and a page saved from them scores offline', async () => {
  const dir = join(ROOT, 'tests', 'data', 'tde');
  const { page } = await env.open();
  await waitForResult(page);
  await clearFiles(page);
  assert.equal(await page.getByTestId('phones-input').count(), 0, 'no phone slot for tagged files');
  await page.getByTestId('gold-input').setInputFiles(join(dir, 'words.wrd'));
  await page.getByTestId('phones-input').waitFor({ state: 'attached' });
  await page.getByTestId('system-input').setInputFiles([join(dir, 'system1.class'), join(dir, 'system2.class')]);
  await page.getByTestId('phones-input').setInputFiles(join(dir, 'phones.phn'));
  await evaluateAndWait(page, 'system2.class');
  const cli = cliJsonIn(dir, ['words.wrd', 'system1.class', 'system2.class', '--phones', 'phones.phn']);
  await assertTdeTable(page, cli);
  // tests/data/tde/README.md (brute force): system1's NED 2/3.
  const ned = (await readTable(page, 'tde')).find((c) => c.system === 'system1.class' && c.measure === 'ned');
  assert.ok(Math.abs(Number(ned.value) - 2 / 3) < 1e-12);

  await page.locator('[data-testid="save-page"] summary').click();
  const saved = await download(page, () => page.getByTestId('save-page-button').click());
  const file = join(tmp, 'tde.html');
  writeFileSync(file, saved.bytes);
  const url = pathToFileURL(file).href;
  const rec = await env.open({ goto: false, base: url });
  await rec.context.setOffline(true);
  await rec.context.route(/^(https?|wss?|ftp):/, (route) => route.abort());
  await rec.page.goto(url);
  await waitForResult(rec.page, 30_000);
  assert.deepEqual(await listedFiles(rec.page), ['words.wrd', 'system1.class', 'system2.class', 'phones.phn']);
  await assertTdeTable(rec.page, cli);
});

test("a page the command line saves (--save-page with --phones) opens offline and gives the command line's numbers", async () => {
  const dir = join(ROOT, 'tests', 'data', 'tde');
  const file = join(tmp, 'cli-tde.html');
  const args = ['words.wrd', 'system1.class', 'system2.class', '--phones', 'phones.phn'];
  execFileSync(join(ROOT, 'build', 'clustereval'), ['--save-page', file, ...args], { cwd: dir, stdio: 'ignore' });
  const url = pathToFileURL(file).href;
  const rec = await env.open({ goto: false, base: url });
  await rec.context.setOffline(true);
  await rec.context.route(/^(https?|wss?|ftp):/, (route) => route.abort());
  await rec.page.goto(url);
  await waitForResult(rec.page, 30_000);
  assert.deepEqual(await listedFiles(rec.page), ['words.wrd', 'system1.class', 'system2.class', 'phones.phn']);
  await assertTdeTable(rec.page, cliJsonIn(dir, args));
});
