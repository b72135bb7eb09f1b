// Each file on its own: a display name of the user's choosing, the format the core read it
// as, a format forced by hand, the label column, a preview of its first records, and its
// read progress while a run reads it.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  ROOT,
  clearFiles,
  evaluateAndWait,
  fixtureRequest,
  listedFiles,
  rowOrder,
  screenshot,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const DATA = join(ROOT, 'tests', 'data');

test('renaming a file changes the name its results carry; Escape keeps the old one', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  const card = page.getByTestId('file-item').filter({ hasText: 'brown-c50.tsv' });

  await page.getByRole('button', { name: 'Rename brown-c50.tsv' }).click();
  const field = page.getByRole('textbox', { name: 'New name for brown-c50.tsv' });
  await field.fill('Brown 50 clusters');
  await field.press('Enter');
  assert.deepEqual(await listedFiles(page), [
    'brown-gold.tsv',
    'Brown 50 clusters',
    'brown-c50-d3.tsv',
  ]);
  // Focus returns to the rename button, now named after the new name.
  assert.equal(
    await page.evaluate(() => document.activeElement.getAttribute('aria-label')),
    'Rename Brown 50 clusters',
  );
  await page.getByTestId('stale').waitFor(); // the shown numbers carry the old name

  await page.keyboard.press('Enter'); // rename again from the keyboard, then give up
  await page.keyboard.type('something else');
  await page.keyboard.press('Escape');
  assert.deepEqual(await listedFiles(page), [
    'brown-gold.tsv',
    'Brown 50 clusters',
    'brown-c50-d3.tsv',
  ]);

  await evaluateAndWait(page, 'Brown 50 clusters');
  assert.deepEqual(await rowOrder(page), ['Brown 50 clusters', 'brown-c50-d3.tsv']);
  assert.equal(await card.count(), 0);
});

test('each file shows the format the core read it as', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  const formats = await page.getByTestId('detected-format').allTextContents();
  assert.deepEqual(
    formats.map((f) => f.trim()),
    ['tagged', 'tagged', 'tagged'],
  );
  await page.getByRole('button', { name: 'tagged: format and preview of brown-gold.tsv' }).click();
  const select = page.getByLabel('Format of brown-gold.tsv');
  assert.equal(await select.inputValue(), 'auto');
  assert.equal((await select.locator('option:checked').textContent()).trim(), 'auto (tagged)');
});

test('a forced format and a label column go with their file to the core', async () => {
  const { page } = await env.open({ fixtureWorker: true });
  await waitForResult(page);
  await page.getByRole('button', { name: 'format and preview of brown-gold.tsv' }).click();
  await page.getByRole('button', { name: 'format and preview of brown-c50-d3.tsv' }).click();
  await page.getByLabel('Format of brown-gold.tsv').selectOption('conllu');
  await page.getByLabel('Label column of brown-gold.tsv').fill('4');
  await page.getByLabel('Format of brown-c50-d3.tsv').selectOption('paths');
  await page.getByLabel('Cluster depth in bits of brown-c50-d3.tsv').fill('3');
  await page.getByTestId('stale').waitFor();
  // Closed, each file still says what it will be read as.
  await page.getByRole('button', { name: 'format and preview of brown-gold.tsv' }).click();
  assert.equal(
    (
      await page
        .getByRole('region', { name: 'Gold standard' })
        .getByTestId('preview-toggle')
        .textContent()
    ).trim(),
    'conllu (forced) · column 4▾',
  );
  await evaluateAndWait(page, 'brown-c50-d3.tsv');

  const req = await fixtureRequest(page);
  assert.deepEqual(req.gold, { name: 'brown-gold.tsv', format: 'conllu', column: 4 });
  assert.deepEqual(req.systems, [
    { name: 'brown-c50.tsv', format: 'auto' },
    { name: 'brown-c50-d3.tsv', format: 'paths', depth: 3 },
  ]);
  // One file sets a column, one a depth: each stays that file's, not the run's (the run's
  // option would reach the files that set none, gold's column a system's).
  assert.equal(req.options.column, undefined);
  assert.equal(req.options.depth, undefined);
  assert.equal(req.options.detail, 2); // the details, their per-item rows asked for apart
});

test('the preview shows the first records as the core parses them', async (t) => {
  const { page } = await env.open();
  await waitForResult(page);
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(join(DATA, 'small-gold.tsv'));
  await page.getByRole('region', { name: 'Gold standard' }).getByTestId('preview-toggle').click();
  const preview = page.getByTestId('preview');
  await preview.waitFor();
  await page.waitForFunction(
    () =>
      !/Reading the first lines/.test(
        document.querySelector('[data-testid="preview"]').textContent,
      ),
  );
  if (/gives no preview/.test(await preview.textContent())) {
    t.skip('this build of the worker answers no preview request yet');
    return;
  }
  const table = page.getByTestId('preview-table');
  await table.waitFor();
  const first = await table.locator('tbody tr').first().locator('td').allTextContents();
  assert.deepEqual(first.slice(0, 3), ['1', 'The', 'DET']);
  assert.equal((await page.getByTestId('preview-format').textContent()).trim(), 'tagged');
  // Forcing another format asks again.
  await page.getByLabel('Format of small-gold.tsv').selectOption('lexicon');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="preview-format"]')?.textContent === 'lexicon',
  );
  await screenshot(page, 'preview');
});

test("a bad file's preview names the file and line, never 'preview'", async () => {
  const { page } = await env.open();
  await waitForResult(page);
  await clearFiles(page);
  // Line 2 has no label: the reader's error, as the evaluation would give it.
  const bad = { name: 'pairs.tsv', mimeType: 'text/plain', buffer: Buffer.from('The\tDT\nbroken\n') };
  await page.getByTestId('gold-input').setInputFiles(bad);
  await page.getByRole('region', { name: 'Gold standard' }).getByTestId('preview-toggle').click();
  const preview = page.getByTestId('preview');
  await page.waitForFunction(() => /pairs\.tsv:2/.test(document.querySelector('[data-testid="preview"]')?.textContent ?? ''));
  assert.doesNotMatch(await preview.textContent(), /preview:\d/);
});

test('a file that does not pair names its line; the other files keep their settings', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(join(DATA, 'small-gold.tsv'));
  await page
    .getByTestId('system-input')
    .setInputFiles([
      join(DATA, 'small-sys.tsv'),
      join(DATA, 'bad', 'sys-one-token-short.tsv'),
      join(DATA, 'small-sys2.tsv'),
    ]);
  await page.getByRole('button', { name: 'Rename small-sys2.tsv' }).click();
  await page.getByRole('textbox', { name: 'New name for small-sys2.tsv' }).fill('second');
  await page.keyboard.press('Enter');
  await evaluateAndWait(page, 'second');
  const errors = page.getByTestId('file-error');
  assert.equal(await errors.count(), 1);
  assert.match(await errors.textContent(), /sys-one-token-short\.tsv:\d+/);
  const rows = await page.$$eval('[data-testid="result-row"]', (trs) =>
    trs.map((r) => [r.dataset.system, r.querySelectorAll('td[data-value]').length > 0]),
  );
  assert.deepEqual(rows, [
    ['small-sys.tsv', true],
    ['sys-one-token-short.tsv', false],
    ['second', true],
  ]);
});

/** What the results section and the status line say now. */
const resultsNow = (page) =>
  page.evaluate(() => ({
    state: document.querySelector('[data-testid="results"]').dataset.state,
    rows: document.querySelectorAll('[data-testid="result-row"]').length,
    status: document.querySelector('.app-status')?.textContent ?? '',
  }));

test('the numbers go when the gold or every file is removed; one system removed leaves them, stale', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  await page.getByRole('button', { name: 'Remove brown-c50-d3.tsv' }).click();
  await page.getByTestId('stale').waitFor();
  assert.match((await resultsNow(page)).status, /^Evaluated 2 systems/);

  await page.getByRole('button', { name: 'Remove brown-gold.tsv' }).click();
  await page.waitForSelector('[data-testid="results"][data-state="idle"]');
  assert.deepEqual(await resultsNow(page), { state: 'idle', rows: 0, status: 'Add a gold file.' });
  assert.equal(await page.getByTestId('stale').count(), 0);

  await clearFiles(page);
  assert.deepEqual(await resultsNow(page), { state: 'idle', rows: 0, status: 'Add a gold file.' });
  assert.match(
    await page.getByTestId('results').textContent(),
    /Choose a gold file and one or more system files, then Evaluate\./,
  );
});
