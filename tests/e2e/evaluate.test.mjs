// Evaluating chosen files: the numbers on screen are the command-line tool's numbers,
// and an error names its file and line while the other files stay loaded and scored.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { MEASURES } from '../../web/src/measures.js';
import {
  ROOT,
  listedFiles,
  openOptions,
  readTable,
  screenshot,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const DATA = join(ROOT, 'tests', 'data');
const GOLD = join(DATA, 'small-gold.tsv');
const SYS = join(DATA, 'small-sys.tsv');
const SHORT = join(DATA, 'bad', 'sys-one-token-short.tsv');
const CLI = join(ROOT, 'build', 'clustereval');

/** The page with the demo evaluated, then every demo file removed. */
async function openEmpty() {
  const rec = await env.open();
  await waitForResult(rec.page);
  const { page } = rec;
  for (const name of ['Gold standard', 'Systems']) {
    const remove = page.getByRole('region', { name }).getByRole('button', { name: /^Remove / });
    while ((await remove.count()) > 0) await remove.first().click();
  }
  assert.equal(await page.getByTestId('file-item').count(), 0);
  return rec;
}

async function evaluate(page, expectSystem) {
  await page.getByTestId('evaluate').click();
  const row = `[data-testid="results"][data-state="done"] tr[data-system="${expectSystem}"]`;
  await page.waitForSelector(row, { timeout: 15_000 });
}

function cliJson(...args) {
  assert.ok(existsSync(CLI), `${CLI} is missing: build the command-line tool first (make native)`);
  try {
    const argv = ['--format', 'json', ...args];
    const out = execFileSync(CLI, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out);
  } catch (err) {
    if (err.stdout) return JSON.parse(err.stdout); // exit code 2 still prints the result
    throw err;
  }
}

/**
 * Every measure the page knows and `token` (the command line's numbers) holds is on screen
 * for `system`, and nothing else: each data-value within 1e-12, each text its toFixed(4).
 */
async function assertTableEquals(page, system, token) {
  const cells = (await readTable(page, 'token')).filter((c) => c.system === system);
  assert.ok(cells.length > 0, `no cells for ${system}`);
  const shown = new Set(cells.map((c) => c.measure));
  for (const m of MEASURES) {
    if (m.levels.includes('token') && m.id in token) {
      assert.ok(shown.has(m.id), `measure ${m.id} is not shown`);
    }
  }
  for (const cell of cells) {
    assert.ok(cell.measure in token, `the table shows ${cell.measure}, which the result lacks`);
    const want = token[cell.measure];
    if (want === null) {
      assert.equal(cell.text, 'n/a', `${cell.measure}`);
      continue;
    }
    const got = Number(cell.value);
    assert.ok(
      Math.abs(got - want) <= 1e-12,
      `${cell.measure}: page ${cell.value}, command line ${want}`,
    );
    assert.equal(cell.text, want.toFixed(4), `${cell.measure} as shown`);
  }
}

test('every number in the table equals the command-line result for the same files', async () => {
  const { page } = await openEmpty();
  await page.getByTestId('gold-input').setInputFiles(GOLD);
  await page.getByTestId('system-input').setInputFiles(SYS);
  await evaluate(page, 'small-sys.tsv');
  await page.getByTestId('columns').selectOption('all');

  const expected = cliJson(GOLD, SYS);
  await assertTableEquals(page, 'small-sys.tsv', expected.systems[0].token);
  const summary = await page.getByTestId('gold-summary').textContent();
  assert.match(summary, /small-gold\.tsv/);
  assert.match(summary, new RegExp(expected.gold.format));
  assert.match(summary, new RegExp(`${expected.gold.tokens.toLocaleString('en-US')}\\s*tokens`));
  await screenshot(page, 'small-pair-all-measures');
});

test('the options reach the core: bits, β = 2, no token check', async () => {
  const { page } = await openEmpty();
  await page.getByTestId('gold-input').setInputFiles(GOLD);
  await page.getByTestId('system-input').setInputFiles(SYS);
  await openOptions(page);
  await page.getByLabel('Entropies in bits').check();
  await page.getByLabel('β of V').fill('2');
  await page.getByLabel('Check that tokens line up').uncheck();
  await evaluate(page, 'small-sys.tsv');
  await page.getByTestId('columns').selectOption('all');

  const expected = cliJson('--log2', '--beta', '2', '--no-token-check', GOLD, SYS);
  assert.equal(expected.options.log, '2');
  await assertTableEquals(page, 'small-sys.tsv', expected.systems[0].token);
  const summary = await page.getByTestId('gold-summary').textContent();
  assert.match(summary, /log base 2/);
  assert.match(summary, /β = 2/);
  assert.match(summary, /token check off/);
});

test('a file dropped on the systems zone is added to the list', async () => {
  const { page } = await openEmpty();
  const dropped = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['the\t1\n'], 'dropped-a.tsv', { type: 'text/plain' }));
    dt.items.add(new File(['the\t2\n'], 'dropped-b.tsv', { type: 'text/plain' }));
    return dt;
  });
  await page.getByTestId('systems-drop').dispatchEvent('drop', { dataTransfer: dropped });
  const files = await listedFiles(page);
  assert.deepEqual(files, ['dropped-a.tsv', 'dropped-b.tsv']);
});

test('a short system names its file and line; the good one keeps its numbers', async () => {
  const { page } = await openEmpty();
  await page.getByTestId('gold-input').setInputFiles(GOLD);
  await page.getByTestId('system-input').setInputFiles([SYS, SHORT]);
  await evaluate(page, 'sys-one-token-short.tsv');

  const where = /sys-one-token-short\.tsv:\d+/;
  const beside = page.getByRole('region', { name: 'Systems' }).getByTestId('file-error');
  assert.equal(await beside.count(), 1);
  assert.match(await beside.textContent(), where);
  assert.match(await page.getByRole('alert').textContent(), where);

  // The command-line tool names the same line.
  const cli = cliJson(GOLD, SYS, SHORT).systems[1].error;
  assert.ok(
    (await beside.textContent()).includes(`${basename(cli.file)}:${cli.line}`),
    `the command line says ${cli.file}:${cli.line}`,
  );

  const files = await listedFiles(page);
  assert.deepEqual(files, ['small-gold.tsv', 'small-sys.tsv', 'sys-one-token-short.tsv']);

  const cells = await readTable(page, 'token');
  const good = cells.filter((c) => c.system === 'small-sys.tsv');
  assert.ok(good.length > 0, 'small-sys.tsv has no row');
  assert.ok(
    good.every((c) => c.value !== null),
    'small-sys.tsv lost its numbers',
  );
  assert.equal(cells.filter((c) => c.system === 'sys-one-token-short.tsv').length, 0);
  await screenshot(page, 'system-error');

  // Removing the bad file and evaluating again gives a clean result.
  await page.getByRole('button', { name: 'Remove sys-one-token-short.tsv' }).click();
  await evaluate(page, 'small-sys.tsv');
  assert.equal(await page.getByTestId('file-error').count(), 0);
  assert.equal(await page.getByRole('alert').count(), 0);
});

test('a gold file that cannot be read is named beside the gold file', async () => {
  const { page } = await openEmpty();
  const nul = Buffer.from('the\tDT\n\0\tNN\n'); // a NUL byte on line 2
  const bad = { name: 'bad-gold.tsv', mimeType: 'text/plain', buffer: nul };
  await page.getByTestId('gold-input').setInputFiles(bad);
  await page.getByTestId('system-input').setInputFiles(SYS);
  await page.getByTestId('evaluate').click();
  await page.waitForSelector('[data-testid="results"][data-state="error"]', { timeout: 15_000 });

  const beside = page.getByRole('region', { name: 'Gold standard' }).getByTestId('file-error');
  assert.match(await beside.textContent(), /bad-gold\.tsv/);
  assert.match(await page.getByRole('alert').textContent(), /bad-gold\.tsv/);
  assert.equal(await page.getByTestId('file-item').count(), 2, 'the files stay loaded');
  await screenshot(page, 'gold-error');

  // Replacing the gold file and evaluating again works.
  await page.getByTestId('gold-input').setInputFiles(GOLD);
  await evaluate(page, 'small-sys.tsv');
  assert.equal(await page.getByTestId('file-error').count(), 0);
});
