// Joint counts on the page: the output of a counting job (as Spark writes its text parts: no
// header, sorted rows) is dropped as the gold standard, its format is detected and shown, its
// preview has the class column, and it is evaluated alone, then with a second joint file as a
// system, with the numbers of the command line. A joint file of another gold corpus fails
// beside its card. The counts are made here by DuckDB, with the SQL the Spark job runs.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { jointCounts } from '../../scripts/joint-counts.mjs';
import { ROOT, clearFiles, cliJson, readTable, useBrowser, waitForResult } from './harness.mjs';

const env = useBrowser();
const tmp = mkdtempSync(join(tmpdir(), 'joint-e2e-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

/** Differences between the page's cells for `system` and the command line's row. */
function differences(cells, row) {
  const found = [];
  if (!cells.length) found.push(`${row.name}: no cells on the page`);
  for (const cell of cells) {
    const want = row[cell.level]?.[cell.measure];
    if (want === undefined) found.push(`${cell.key} is not in the command line's result`);
    else if (want === null && !cell.text.startsWith('n/a'))
      found.push(`${cell.key} shows ${cell.text}, the command line has null`);
    else if (want !== null && !(Math.abs(Number(cell.value) - want) <= 1e-12))
      found.push(`${cell.key} is ${cell.value} on the page, ${want} on the command line`);
  }
  return found;
}

test('a counting job output dropped on the page is detected, previewed and scored there', async () => {
  const gold = join(ROOT, 'public', 'demo', 'brown-gold.tsv');
  const part = join(tmp, 'part-00000-c000.txt');
  const second = join(tmp, 'part-d3.txt');
  for (const [system, out] of [
    ['brown-c50.tsv', part],
    ['brown-c50-d3.tsv', second],
  ])
    await jointCounts({ gold, system: join(ROOT, 'public', 'demo', system), out, header: false });

  const { page } = await env.open();
  await waitForResult(page);
  await page.getByTestId('columns').selectOption('all');
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(part);
  // Detected as soon as it is dropped: Evaluate is open to it alone.
  const card = page.locator('[data-testid="file-item"][data-name="part-00000-c000.txt"]');
  await assert.doesNotReject(card.getByTestId('detected-format').waitFor());
  assert.equal((await card.getByTestId('detected-format').textContent()).trim(), 'joint');
  await card.getByRole('button', { name: /format and preview of/ }).click();
  await card.getByTestId('preview-table').waitFor();
  assert.equal((await card.getByTestId('preview-format').textContent()).trim(), 'joint');
  const headers = await card.locator('[data-testid="preview-table"] th').allTextContents();
  assert.deepEqual(headers, ['Line', 'Item', 'Class', 'Cluster', 'Count']);
  const first = await card.locator('[data-testid="preview-table"] tbody tr').first();
  assert.deepEqual(await first.locator('td').allTextContents(), ['1', '!', '.', '11000100', '50']);

  await page.getByTestId('evaluate').click();
  await page.waitForSelector(
    '[data-testid="results"][data-state="done"] tr[data-system="part-00000-c000.txt"]',
  );
  const alone = cliJson(part);
  assert.equal(alone.gold.format, 'joint');
  const cells = await readTable(page);
  assert.deepEqual(differences(cells, alone.systems[0]), []);
  const summary = await page.getByTestId('gold-summary').textContent();
  assert.match(summary, /45,213 tokens/);
  assert.doesNotMatch(summary, /sentences/); // counts keep none

  // A second system's joint counts, and a joint file of another gold corpus.
  await page
    .getByTestId('system-input')
    .setInputFiles([second, join(ROOT, 'tests', 'data', 'formats', 'joint.tsv')]);
  await page.getByTestId('evaluate').click();
  await page.waitForSelector('[data-testid="results"][data-state="done"] tr[data-system="part-d3.txt"]');
  const both = cliJson(part, second);
  const table = await readTable(page);
  for (const row of both.systems)
    assert.deepEqual(
      differences(
        table.filter((c) => c.system === row.name.split('/').pop()),
        row,
      ),
      [],
    );
  const error = await page
    .locator('[data-testid="file-item"][data-name="joint.tsv"]')
    .getByTestId('file-error')
    .textContent();
  assert.match(error, /joint\.tsv: its gold side differs from that of part-00000-c000\.txt/);
});
