// Cancel stops the worker for real, and the next evaluation starts a fresh one.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { RESULTS_DIR, screenshot, useBrowser } from './harness.mjs';

const env = useBrowser();
let dir;
let gold;
let sys;

// A pair large enough that evaluating it takes a visible moment.
const SENTENCES = 250_000;
const WORDS = 20;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'clustereval-e2e-'));
  gold = join(dir, 'large-gold.tsv');
  sys = join(dir, 'large-sys.tsv');
  const g = [];
  const s = [];
  let x = 1;
  for (let i = 0; i < SENTENCES; i++) {
    for (let j = 0; j < WORDS; j++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const word = `w${x % 5000}`;
      g.push(`${word}\tT${x % 40}\n`);
      s.push(`${word}\t${(x >> 7) % 50}\n`);
    }
    g.push('\n');
    s.push('\n');
  }
  writeFileSync(gold, g.join(''));
  writeFileSync(sys, s.join(''));
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('Cancel stops a running evaluation; Evaluate afterwards succeeds', async (t) => {
  const { page } = await env.open();
  await page.waitForSelector('html[data-ready="true"]');
  await page.waitForSelector('[data-testid="results"][data-state="done"]');
  const closed = [];
  const watch = (w) => w.on('close', () => closed.push(w.url()));
  page.workers().forEach(watch);
  page.on('worker', watch);

  await page.getByTestId('gold-input').setInputFiles(gold);
  for (const name of ['brown-c50.tsv', 'brown-c50-d3.tsv']) {
    await page.getByRole('button', { name: `Remove ${name}` }).click();
  }
  await page.getByTestId('system-input').setInputFiles(sys);

  await page.getByTestId('evaluate').click();
  await page.getByTestId('progress').waitFor();
  // Each file shows how far it has been read.
  assert.equal(await page.getByTestId('file-progress').count(), 2);
  assert.equal(await page.getByRole('progressbar', { name: 'Reading large-gold.tsv' }).count(), 1);
  // A preview asked for now waits behind the run in the worker.
  await page.getByRole('button', { name: 'format and preview of large-gold.tsv' }).click();
  await page.screenshot({ path: join(RESULTS_DIR, 'running.png') }); // the viewport: quick
  const clickedAt = Date.now();
  await page.getByTestId('cancel').click();

  await page.waitForSelector('[data-testid="results"][data-state="cancelled"]');
  t.diagnostic(`cancelled ${Date.now() - clickedAt} ms after the click`);
  assert.match(await page.getByRole('status').textContent(), /Cancelled/);
  assert.equal(await page.getByTestId('file-item').count(), 2, 'the files stay loaded');
  assert.equal(await page.getByTestId('file-progress').count(), 0);
  // The preview that waited is asked of the fresh worker, and comes.
  await page.getByTestId('preview-table').waitFor();
  assert.equal((await page.getByTestId('preview-format').textContent()).trim(), 'tagged');
  for (let waited = 0; closed.length === 0 && waited < 5000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok(closed.length >= 1, 'cancelling did not terminate the worker');
  await screenshot(page, 'cancelled');

  const started = Date.now();
  await page.getByTestId('evaluate').click();
  await page.waitForSelector(
    '[data-testid="results"][data-state="done"] tr[data-system="large-sys.tsv"] td[data-value]',
    { timeout: 60_000 },
  );
  t.diagnostic(`the large pair evaluated in ${Date.now() - started} ms`);
  await screenshot(page, 'after-cancel');
});
