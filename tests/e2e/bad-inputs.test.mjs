// Every bad input of tests/data/bad/README.tsv on the page, read as the row's format (chosen
// in its file card when not auto): its error, naming file:line and what was expected, shows
// beside that file; every other file stays listed, and the good systems are scored. A BOM
// and mixed CRLF/LF line ends are accepted and score as the clean files do.
// One page for all the rows, its files swapped row by row; every failing row is reported.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  ROOT,
  chooseReading,
  clearFiles,
  cliJson,
  evaluateAndWait,
  listedFiles,
  readTable,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const DATA = join(ROOT, 'tests', 'data');
const BAD = join(DATA, 'bad');

/** The manifest's rows: {file, kind, role, format, column, paired: [..], error}. */
function manifest() {
  const [header, ...lines] = readFileSync(join(BAD, 'README.tsv'), 'utf8').trimEnd().split('\n');
  const keys = header.split('\t');
  return lines.map((line) => {
    const row = Object.fromEntries(line.split('\t').map((v, i) => [keys[i], v]));
    return { ...row, paired: row.paired_with === '-' ? [] : row.paired_with.split(' ') };
  });
}

/** Files the manifest names but the repository does not hold: made here. */
const MADE = {
  // Line 2 is 10 MiB of 'x', a TAB and a label.
  'long-line.tsv': () =>
    Buffer.concat([Buffer.from('The\tk3\n'), Buffer.alloc(10 << 20, 'x'), Buffer.from('\tk5\n')]),
};

/** What setInputFiles takes for a bad file: its path, or the made file's bytes. */
const badFile = (name) =>
  MADE[name]
    ? { name, mimeType: 'text/tab-separated-values', buffer: MADE[name]() }
    : join(BAD, name);

/** The two good systems a bad system sits between: responses beside a coreference key. */
const goodSystems = (row) =>
  row.paired[0].endsWith('.conll')
    ? ['coref/system-a.conll', 'coref/system-b.conll']
    : ['small-sys.tsv', 'small-sys2.tsv'];
const base = (path) => path.split('/').pop();

const card = (page, name) => page.locator(`[data-testid="file-item"][data-name="${name}"]`);

/** The error beside `file` once the run has ended, or a note of what went wrong. */
async function errorBeside(page, file) {
  const beside = card(page, file).getByTestId('file-error');
  try {
    await beside.waitFor({ timeout: 15_000 });
  } catch {
    return null;
  }
  return (await beside.textContent()).trim();
}

/** [system, scored] for each row of the results table, top to bottom. */
const scoredRows = (page) =>
  page.$$eval('[data-testid="result-row"]', (trs) =>
    trs.map((r) => [r.dataset.system, r.querySelectorAll('td[data-value]').length > 0]),
  );

/**
 * Checks one row on a page with no files loaded; returns the problems found. The files stay
 * loaded afterwards.
 */
async function checkRow(page, row) {
  const problems = [];
  const fail = (what) => problems.push(`${row.file} (${row.kind}): ${what}`);
  let expectedFiles;
  if (row.role === 'gold') {
    await page.getByTestId('gold-input').setInputFiles(badFile(row.file));
    if (row.paired.length)
      await page.getByTestId('system-input').setInputFiles(row.paired.map((f) => join(DATA, f)));
    expectedFiles = [row.file, ...row.paired.map((f) => f.split('/').pop())];
  } else {
    // Between two good systems, which must still be scored: a coreference key's responses
    // beside a conll key.
    const [before, after] = goodSystems(row);
    await page.getByTestId('gold-input').setInputFiles(join(DATA, row.paired[0]));
    await page.getByTestId('system-input').setInputFiles(join(DATA, before));
    await page.getByTestId('system-input').setInputFiles(badFile(row.file));
    await page.getByTestId('system-input').setInputFiles(join(DATA, after));
    expectedFiles = [base(row.paired[0]), base(before), row.file, base(after)];
  }
  await chooseReading(page, row);
  await page.getByTestId('evaluate').click();

  const text = await errorBeside(page, row.file);
  if (text === null) {
    fail('no error beside the file');
    return problems;
  }
  if (!text.includes(row.error)) fail(`the error reads '${text.slice(0, 300)}'`);
  if (text.length > 400) fail(`the error is ${text.length} characters long`);
  const errors = await page.getByTestId('file-error').count();
  if (errors !== 1) fail(`${errors} files show an error`);
  const listed = await listedFiles(page);
  if (JSON.stringify(listed) !== JSON.stringify(expectedFiles))
    fail(`the files listed are ${JSON.stringify(listed)}`);
  const state = await page.getByTestId('results').getAttribute('data-state');
  if (row.role === 'gold') {
    if (state !== 'error') fail(`the run ended in state '${state}', not 'error'`);
  } else {
    const rows = await scoredRows(page);
    const [before, after] = goodSystems(row).map(base);
    const want = [
      [before, true],
      [row.file, false],
      [after, true],
    ];
    if (state !== 'done' || JSON.stringify(rows) !== JSON.stringify(want))
      fail(`state '${state}', rows ${JSON.stringify(rows)}`);
  }
  if (!(await page.getByTestId('evaluate').isEnabled())) fail('Evaluate is disabled afterwards');
  return problems;
}

test('every file of tests/data/bad/ has a row, and every row a file', () => {
  const rows = manifest();
  const names = rows.map((r) => r.file);
  const stored = readdirSync(BAD).filter((f) => f !== 'README.tsv');
  assert.deepEqual(
    stored.filter((f) => !names.includes(f)),
    [],
    'files without a row',
  );
  assert.deepEqual(
    names.filter((f) => !stored.includes(f) && !MADE[f]),
    [],
    'rows without a file',
  );
  for (const r of rows) {
    assert.ok(['gold', 'system'].includes(r.role), `${r.file}: role ${r.role}`);
    assert.match(r.error, new RegExp(`^${r.file.replace(/\./g, '\\.')}(:\\d+)?: `), r.file);
  }
});

test("each bad file's error shows beside it; the other files stay loaded and scored", async () => {
  const rows = manifest();
  const { page } = await env.open();
  await waitForResult(page);
  const problems = [];
  for (const row of rows) {
    await clearFiles(page);
    problems.push(...(await checkRow(page, row)));
  }
  assert.deepEqual(problems, []);

  // The counts rows came alone, as a counts table must: a good one is scored so.
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(join(DATA, 'formats', 'counts.tsv'));
  await chooseReading(page, { file: 'counts.tsv', format: 'counts' });
  await evaluateAndWait(page, 'counts.tsv');
  const cli = cliJson('--gold-format', 'counts', join(DATA, 'formats', 'counts.tsv'));
  const m1 = (await readTable(page, 'token')).find((c) => c.measure === 'm1');
  assert.ok(Math.abs(Number(m1.value) - cli.systems[0].token.m1) <= 1e-12, m1.value);
});

test('a BOM and mixed CRLF/LF line ends score as the clean files do', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(join(DATA, 'small-gold-bom.tsv'));
  await page
    .getByTestId('system-input')
    .setInputFiles([join(DATA, 'small-sys.tsv'), join(DATA, 'small-sys-mixed-eol.tsv')]);
  await evaluateAndWait(page, 'small-sys-mixed-eol.tsv');
  assert.equal(await page.getByTestId('file-error').count(), 0);
  assert.deepEqual(
    (await page.getByTestId('detected-format').allTextContents()).map((f) => f.trim()),
    ['tagged', 'tagged', 'tagged'],
  );
  const cells = await readTable(page);
  const clean = cells.filter((c) => c.system === 'small-sys.tsv');
  const mixed = cells.filter((c) => c.system === 'small-sys-mixed-eol.tsv');
  assert.ok(clean.length > 0);
  assert.deepEqual(
    mixed.map((c) => [c.level, c.measure, c.key, c.value]),
    clean.map((c) => [c.level, c.measure, c.key, c.value]),
  );
  // And the clean files on the command line give the same numbers.
  const token = cliJson(join(DATA, 'small-gold.tsv'), join(DATA, 'small-sys.tsv')).systems[0].token;
  for (const c of mixed.filter((x) => x.level === 'token' && x.value !== null)) {
    assert.ok(Math.abs(Number(c.value) - token[c.measure]) <= 1e-12, `${c.measure}: ${c.value}`);
  }
});
