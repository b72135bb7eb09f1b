// The results table as a user works it: three systems dropped at once, sorted by mouse and by
// keyboard, the best of each column marked in the measure's direction, each header explained,
// and the table exported (CSV, Markdown, LaTeX, JSON) with the command-line tool's numbers.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before, test } from 'node:test';
import { MEASURE_BY_ID, REICHART_TABLE1 } from '../../web/src/measures.js';
import {
  ROOT,
  clearFiles,
  cliJson,
  cliText,
  download,
  dropFiles,
  evaluateAndWait,
  openOptions,
  readTable,
  rowOrder,
  screenshot,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const DEMO = join(ROOT, 'public', 'demo');
const GOLD = join(DEMO, 'brown-gold.tsv');
const DATA = join(ROOT, 'tests', 'data');
let dir;
let initials; // a third system: each token's gold tag cut to its first character

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'clustereval-table-'));
  initials = join(dir, 'brown-tag-initial.tsv');
  const lines = readFileSync(GOLD, 'utf8')
    .split('\n')
    .map((line) => {
      const [token, tag] = line.split('\t');
      return tag === undefined ? line : `${token}\t${tag.slice(0, 1)}`;
    });
  writeFileSync(initials, lines.join('\n'));
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const SYSTEMS = () => [join(DEMO, 'brown-c50.tsv'), join(DEMO, 'brown-c50-d3.tsv'), initials];

async function openWithThree() {
  const rec = await env.open();
  const { page } = rec;
  await waitForResult(page);
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(GOLD);
  await dropFiles(
    page,
    'systems-drop',
    SYSTEMS().map((p) => ({ name: basename(p), text: readFileSync(p, 'utf8') })),
  );
  await evaluateAndWait(page, 'brown-tag-initial.tsv');
  return rec;
}

const values = async (page, key) =>
  Object.fromEntries(
    (await readTable(page)).filter((c) => c.key === key).map((c) => [c.system, Number(c.value)]),
  );

test('three dropped systems: sorted by a click or the keyboard, best marked by direction', async () => {
  const { page } = await openWithThree();
  assert.deepEqual(
    await rowOrder(page),
    SYSTEMS().map((p) => basename(p)),
  );

  // M-1: higher is better, so the first click puts the best first; the second reverses.
  const m1 = await values(page, 'token.m1');
  const byM1 = Object.keys(m1).sort((a, b) => m1[b] - m1[a]);
  const m1Head = page.locator('th[data-key="token.m1"]');
  await m1Head.getByRole('button').click();
  assert.deepEqual(await rowOrder(page), byM1);
  assert.equal(await m1Head.getAttribute('aria-sort'), 'descending');
  await m1Head.getByRole('button').click();
  assert.deepEqual(await rowOrder(page), [...byM1].reverse());
  assert.equal(await m1Head.getAttribute('aria-sort'), 'ascending');

  // VI: lower is better; from the keyboard, Enter on its header puts the lowest first.
  const vi = await values(page, 'token.vi');
  const byVi = Object.keys(vi).sort((a, b) => vi[a] - vi[b]);
  await page.locator('th[data-key="token.vi"] button').focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(await rowOrder(page), byVi);
  assert.equal(
    await page.locator('th[data-key="token.vi"]').getAttribute('aria-sort'),
    'ascending',
  );

  // The best marks follow the direction: the largest M-1, the smallest VI.
  const bestOf = async (key) =>
    page.$$eval(`td[data-key="${key}"][data-best="true"]`, (tds) =>
      tds.map((t) => t.dataset.system),
    );
  assert.deepEqual(await bestOf('token.m1'), [byM1[0]]);
  assert.deepEqual(await bestOf('token.vi'), [byVi[0]]);

  // The System header sorts by name, then back to the order of the files.
  const system = page.getByTestId('sort-system');
  await system.click();
  assert.deepEqual(
    await rowOrder(page),
    SYSTEMS()
      .map((p) => basename(p))
      .sort(),
  );
  await system.click();
  await system.click();
  assert.deepEqual(
    await rowOrder(page),
    SYSTEMS().map((p) => basename(p)),
  );

  // Pointing at a header, or focusing it, explains its measure: formula and paper.
  await page.locator('th[data-key="token.nvi"] button').hover();
  const tip = page.getByTestId('measure-tip');
  await tip.waitFor({ state: 'visible' });
  assert.match(await tip.textContent(), /normalised variation of information/i);
  assert.match(await tip.textContent(), /Reichart & Rappoport \(2009\)/);
  await page.locator('th[data-key="token.o1"] button').focus();
  assert.match(await tip.textContent(), /One-to-one accuracy.*Kuhn–Munkres/s);
  await screenshot(page, 'table-three-systems-sorted');
});

test("the exported table is the command line's for the same files and options", async () => {
  const { page, context } = await env.open();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await waitForResult(page);
  await clearFiles(page);
  const gold = join(DATA, 'small-gold.tsv');
  const systems = [join(DATA, 'small-sys.tsv'), join(DATA, 'small-sys2.tsv')];
  await page.getByTestId('gold-input').setInputFiles(gold);
  await page.getByTestId('system-input').setInputFiles(systems);
  await openOptions(page);
  await page.getByLabel('Entropies in bits').check();
  await page.getByLabel('β of V').fill('2');
  await page.getByLabel('NMI mean').selectOption('geometric');
  await page.getByLabel('Restarts').fill('4');
  await evaluateAndWait(page, 'small-sys2.tsv');
  await page.getByTestId('columns').selectOption('all');
  const flags = ['--log2', '--beta', '2', '--nmi-mean', 'geometric', '--restarts', '4'];
  const names = ['small-gold.tsv', 'small-sys.tsv', 'small-sys2.tsv'];

  // CSV, downloaded: the command line's CSV of the same columns, byte for byte.
  await page.getByTestId('export-format').selectOption('csv');
  const csv = await download(page, () => page.getByTestId('export-download').click());
  assert.match(csv.name, /^small-gold-scores\.csv$/);
  const head = csv.text.split('\n')[0].split(',');
  assert.equal(head[0], 'system');
  assert.ok(head.includes('token.ami') && head.includes('type.micro_c_o1'), head.join(' '));
  const measures = head.slice(1).join(',');
  const cliCsv = cliText(['--format', 'csv', ...flags, '--measures', measures, ...names], DATA);
  assert.equal(csv.text, cliCsv);

  // JSON, downloaded: the command line's numbers, in its shape.
  const cli = cliJson(...flags, gold, ...systems);
  const expected = Object.fromEntries(cli.systems.map((s) => [basename(s.name), s]));
  await page.getByTestId('export-format').selectOption('json');
  const json = JSON.parse(
    (await download(page, () => page.getByTestId('export-download').click())).text,
  );
  assert.equal(json.options.log, '2');
  for (const s of json.systems) {
    for (const level of ['token', 'type']) {
      for (const [id, v] of Object.entries(s[level])) {
        assert.equal(v, expected[s.name][level][id], `${s.name} ${level}.${id}`);
      }
    }
  }
  assert.ok(Object.keys(json.systems[0].type).length > 10);

  // Markdown, copied: the command line's Markdown of the same columns, byte for byte (four
  // decimals, titles, the best in bold).
  await page.getByTestId('export-format').selectOption('markdown');
  await page.getByTestId('export-copy').click();
  await page.getByText('Copied as Markdown.').waitFor();
  const md = await page.evaluate(() => navigator.clipboard.readText());
  const cliFormat = (format) =>
    cliText(['--format', format, ...flags, '--measures', measures, ...names], DATA);
  assert.equal(md, cliFormat('markdown'));
  const line = md.split('\n').find((l) => l.includes('small-sys.tsv'));
  for (const id of ['m1', 'vi', 'ami']) {
    const want = expected['small-sys.tsv'].token[id].toFixed(4);
    assert.ok(line.includes(want), `Markdown row ${line} lacks ${id} ${want}`);
  }
  assert.match(md, /^\| System \| Token M-1 \| Token 1-1 \|/);

  // LaTeX, downloaded: the command line's, a booktabs tabular with Token level and Type level
  // spans.
  await page.getByTestId('export-format').selectOption('latex');
  const tex = (await download(page, () => page.getByTestId('export-download').click())).text;
  assert.equal(tex, cliFormat('latex'));
  assert.match(tex, /\\begin\{tabular\}\{l(r)+\}/);
  assert.match(
    tex,
    /\\multicolumn\{\d+\}\{c\}\{Token level\} & \\multicolumn\{\d+\}\{c\}\{Type level\}/,
  );
  assert.ok(tex.includes(expected['small-sys2.tsv'].token.vi.toFixed(4)));
});

test("Reichart et al. Table 1 with baselines: the command line's table, the spread and n/a", async () => {
  const { page } = await env.open({ path: '#baselines=random,majority&cols=reichart' });
  await waitForResult(page);
  await page.waitForSelector('tr[data-system="baseline:majority"]');
  const keys = await page.$$eval('th[data-key]', (ths) => ths.map((t) => t.dataset.key));
  assert.deepEqual(
    keys,
    REICHART_TABLE1.map(([level, id]) => `${level}.${id}`),
  );
  const levels = await page.$$eval('th.results-level', (ths) => ths.map((t) => t.textContent));
  assert.deepEqual(levels, ['Token level', 'Type level']);

  // Baselines: after the systems, marked, never "best".
  const rows = await page.$$eval('[data-testid="result-row"]', (trs) =>
    trs.map((r) => [r.dataset.system, r.dataset.baseline === 'true']),
  );
  assert.deepEqual(rows, [
    ['brown-c50.tsv', false],
    ['brown-c50-d3.tsv', false],
    ['baseline:random', true],
    ['baseline:majority', true],
  ]);
  assert.equal(await page.locator('tr[data-baseline] td[data-best]').count(), 0);

  // The CSV of the preset is the command line's `--table reichart2010`, byte for byte.
  await page.getByTestId('export-format').selectOption('csv');
  const csv = await download(page, () => page.getByTestId('export-download').click());
  assert.match(csv.name, /-table1\.csv$/);
  const args = ['--format', 'csv', '--table', 'reichart2010', '--baselines', 'random,majority'];
  const files = ['brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv'];
  assert.equal(csv.text, cliText([...args, ...files], DEMO));
  // So are its LaTeX and, before the rank correlations the command line adds for four rows,
  // its Markdown.
  const preset = async (format) => {
    await page.getByTestId('export-format').selectOption(format);
    return (await download(page, () => page.getByTestId('export-download').click())).text;
  };
  const cliAs = (format) => cliText([...args.slice(2), '--format', format, ...files], DEMO);
  assert.equal(await preset('latex'), cliAs('latex'));
  const md = await preset('markdown');
  const cliMd = cliAs('markdown');
  assert.ok(cliMd.startsWith(md), `${md}\n---\n${cliMd}`);
  assert.match(cliMd.slice(md.length), /^\n\*\*rank correlation over 4 systems/);
  assert.match(md, /\| \*baseline:majority\* \| 0\.9368 \|/, 'a baseline is never bold');

  // Sorting keeps the baselines below the systems.
  await page.locator('th[data-key="type.micro_i_m1"] button').click();
  assert.deepEqual((await rowOrder(page)).slice(2).sort(), [
    'baseline:majority',
    'baseline:random',
  ]);

  // Each type-level M-1 number says how sure it is, as the result gives it: "optimal" where
  // the search proved it (MacroI and MicroI of a type-based clustering), else the best of
  // the starts and the bound no mapping can beat (MicroC here); the worst start and the
  // hits are in its title.
  const cli = cliJson('--baselines', 'random,majority', ...files.map((f) => join(DEMO, f)));
  const spreadOf = (id) =>
    page.locator(
      `td[data-key="type.${id}"][data-system="brown-c50.tsv"] [data-testid="restart-spread"]`,
    );
  const { macro_i_m1: macro, micro_c_m1: microC } = cli.systems[0].restarts;
  assert.equal(macro.optimal, true);
  assert.equal(await spreadOf('macro_i_m1').locator('[aria-hidden]').textContent(), 'optimal');
  assert.match(await spreadOf('macro_i_m1').getAttribute('title'), /^Optimal: /);
  assert.equal(microC.optimal, false);
  assert.ok(microC.bound > microC.max && microC.hits > 0);
  assert.equal(
    await spreadOf('micro_c_m1').locator('[aria-hidden]').textContent(),
    `best of 10 starts, ≤${microC.bound.toFixed(4).slice(1)}`,
  );
  const title = await spreadOf('micro_c_m1').getAttribute('title');
  assert.ok(title.includes(`worst ${microC.min.toFixed(4)}`), title);
  assert.ok(title.includes(`${microC.hits} of 10 starts reached the best`), title);

  // A polysemous gold: the type-level contingency measures say n/a and why.
  await page.getByTestId('columns').selectOption('all');
  const na = page.locator('td[data-key="type.m1"][data-system="brown-c50.tsv"]');
  assert.equal((await na.textContent()).trim(), 'n/a (polysemous)');
  assert.match(await na.getAttribute('title'), /type-level contingency measures/);
  await page.getByTestId('columns').selectOption('reichart');
  await screenshot(page, 'table-reichart-baselines');

  // The LaTeX of the preset: Token and Type spans over the twelve columns.
  await page.getByTestId('export-format').selectOption('latex');
  const tex = (await download(page, () => page.getByTestId('export-download').click())).text;
  assert.match(tex, /\\begin\{tabular\}\{lrrrrrrrrrrrr\}/);
  assert.match(
    tex,
    /\\multicolumn\{6\}\{c\}\{Token level\} & \\multicolumn\{6\}\{c\}\{Type level\}/,
  );
  assert.match(tex, /\\midrule\n\\textit\{baseline:(random|majority)\}/); // sorted by MicroI M-1
});

test('an M-1 search the work budget stopped says so under its value, with the numbers of the command line', async () => {
  const { page } = await env.open({ path: '#m1_budget=3000' });
  await waitForResult(page);
  const demoFiles = ['brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv'].map((f) => join(DEMO, f));
  const cli = cliJson('--m1-budget', '3000', ...demoFiles);
  const row = cli.systems[0];
  for (const id of ['macro_i_m1', 'micro_i_m1', 'micro_c_m1']) {
    const restarts = row.restarts[id];
    assert.equal(restarts.budget_reached, true, id);
    const spread = page.locator(
      `td[data-key="type.${id}"][data-system="brown-c50.tsv"] [data-testid="restart-spread"]`,
    );
    assert.equal(
      await spread.locator('[aria-hidden]').textContent(),
      `stopped at its budget after ${restarts.starts} of 10 starts, ≤${restarts.bound.toFixed(4).replace(/^0\./, '.')}`,
    );
    const cell = page.locator(`td[data-key="type.${id}"][data-system="brown-c50.tsv"]`);
    assert.equal(Number(await cell.getAttribute('data-value')), restarts.max);
  }
  assert.match(await page.getByTestId('warnings').textContent(), /stopped at its budget of 3000 label reads/);
});
