// Every file of tests/data/formats/ through the page: it loads, its card shows the format the
// command line detects for it, and the table holds the command line's numbers for it.
// A file is scored against itself (gold and system), which pairs in every mode: token mode
// for the corpora, lexicon mode for the entry formats, two systems of one gold for joint
// counts (both rows then have the file's name and numbers). A counts table comes alone, forced.

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  ROOT,
  chooseReading,
  clearFiles,
  cliJson,
  evaluateAndWait,
  readTable,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const FORMATS = join(ROOT, 'tests', 'data', 'formats');
const COUNTS = new Set(['counts.tsv', 'counts-header.tsv']);

/** Differences between the page's cells for `file` and the command line's `result` for it. */
function differences(file, cells, result) {
  const found = [];
  if (!cells.length) found.push(`${file}: no cells on the page`);
  for (const cell of cells) {
    const want = result[cell.level]?.[cell.measure];
    if (want === undefined) found.push(`${file}: ${cell.key} is not in the command line's result`);
    else if (want === null && !cell.text.startsWith('n/a'))
      found.push(`${file}: ${cell.key} shows ${cell.text}, the command line has null`);
    else if (want !== null && !(Math.abs(Number(cell.value) - want) <= 1e-12))
      found.push(`${file}: ${cell.key} is ${cell.value} on the page, ${want} on the command line`);
  }
  return found;
}

test('every format loads on the page, shows the detected format and gives the numbers of the command line', async () => {
  const files = readdirSync(FORMATS).sort();
  assert.ok(files.length >= 17, files.join(' '));
  const { page } = await env.open();
  await waitForResult(page);
  await page.getByTestId('columns').selectOption('all');
  const problems = [];
  const seen = new Set();
  for (const file of files.filter((f) => !COUNTS.has(f))) {
    const path = join(FORMATS, file);
    await clearFiles(page);
    await page.getByTestId('gold-input').setInputFiles(path);
    await page.getByTestId('system-input').setInputFiles(path);
    await evaluateAndWait(page, file);
    const cli = cliJson(path, path);
    seen.add(cli.gold.format);
    const shown = (await page.getByTestId('detected-format').allTextContents()).map((f) =>
      f.trim(),
    );
    if (shown.join(' ') !== `${cli.gold.format} ${cli.systems[0].format}`)
      problems.push(
        `${file}: the page shows ${shown.join(', ')}, the command line detects ${cli.gold.format}`,
      );
    if ((await page.getByTestId('file-error').count()) > 0)
      problems.push(`${file}: an error is shown`);
    const cells = (await readTable(page)).filter((c) => c.system === file);
    problems.push(...differences(file, cells, cli.systems[0]));
  }
  for (const file of [...COUNTS].sort()) {
    const path = join(FORMATS, file);
    await clearFiles(page);
    await page.getByTestId('gold-input').setInputFiles(path);
    await chooseReading(page, { file, format: 'counts' });
    await evaluateAndWait(page, file);
    const cli = cliJson('--gold-format', 'counts', path);
    seen.add(cli.gold.format);
    const cells = (await readTable(page)).filter((c) => c.system === file);
    problems.push(...differences(file, cells, cli.systems[0]));
  }
  assert.deepEqual(problems, []);
  // Every format of SPEC §2 came through at least once.
  assert.deepEqual([...seen].sort(), [
    'clusters',
    'conllu',
    'counts',
    'csv',
    'inline',
    'joint',
    'lexicon',
    'paths',
    'tagged',
  ]);
});
