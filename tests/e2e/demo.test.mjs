// First open: the demo files load, the core evaluates them, the table shows numbers.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { MEASURES } from '../../web/src/measures.js';
import {
  RESULTS_DIR,
  ROOT,
  listedFiles,
  readTable,
  screenshot,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const DEMO_SYSTEMS = ['brown-c50.tsv', 'brown-c50-d3.tsv'];
const MAIN = MEASURES.filter((m) => m.main.includes('token')).map((m) => m.id);

test('the demo loads on first open and shows numbers for both demo systems', async (t) => {
  const started = Date.now();
  const { page, requests } = await env.open();
  await waitForResult(page);
  t.diagnostic(`demo result on screen ${Date.now() - started} ms after opening`);

  const files = await listedFiles(page);
  assert.deepEqual(files, ['brown-gold.tsv', ...DEMO_SYSTEMS]);
  await page.getByTestId('demo-caption').waitFor();
  const summary = await page.getByTestId('gold-summary').textContent();
  assert.match(summary, /brown-gold\.tsv/);
  assert.match(summary, /tokens/);

  const cells = await readTable(page, 'token');
  for (const system of DEMO_SYSTEMS) {
    for (const id of MAIN) {
      const cell = cells.find((c) => c.system === system && c.measure === id);
      assert.ok(cell, `no cell for ${system} / ${id}`);
      assert.ok(cell.value !== null, `${system} / ${id} shows "${cell.text}", not a number`);
      const v = Number(cell.value);
      assert.ok(Number.isFinite(v), `${system} / ${id}: data-value ${cell.value}`);
      assert.equal(cell.text, v.toFixed(4));
    }
  }

  // The page asked for itself and its manifest, nothing else: the core and its worker are
  // inside the page, the demo's files inside demo.js (every URL is of this origin, checked
  // after each test).
  assert.deepEqual(
    requests.filter((u) => u.startsWith('http')).map((u) => new URL(u).pathname),
    ['/', '/demo.js'],
  );

  // The footer names the same version as the command-line tool.
  const footer = (await page.getByTestId('version').textContent()).trim();
  assert.match(footer, /^clustereval \d+\.\d+\.\d+/);
  const cli = join(ROOT, 'build', 'clustereval');
  if (existsSync(cli)) {
    assert.equal(footer, execFileSync(cli, ['--version'], { encoding: 'utf8' }).trim());
  }

  await screenshot(page, 'demo-1280x800');
  await page.screenshot({ path: join(RESULTS_DIR, 'demo-1280x800-first-screen.png') });
});

test('the demo page reads well on a narrow screen', async () => {
  const { page } = await env.open({ viewport: { width: 390, height: 844 } });
  await waitForResult(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.equal(overflow, 0, 'the page scrolls sideways: only the table may');
  await screenshot(page, 'demo-390x844');
});

test('the page works from the keyboard alone', async () => {
  const { page } = await env.open();
  await waitForResult(page);

  // Tab visits both file pickers, every remove button and Evaluate, in reading order.
  const seen = [];
  for (let i = 0; i < 60 && seen.at(-1) !== 'evaluate'; i++) {
    await page.keyboard.press('Tab');
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        return el.dataset.testid || el.getAttribute('aria-label') || el.id || el.tagName;
      }),
    );
  }
  const order = [
    'gold-input',
    'Remove brown-gold.tsv',
    'system-input',
    'Remove brown-c50.tsv',
    'Remove brown-c50-d3.tsv',
    'evaluate',
  ];
  assert.deepEqual(
    seen.filter((s) => order.includes(s)),
    order,
    `focus went: ${seen.join(' → ')}`,
  );

  // Enter on Evaluate runs it again: the results go through "running" back to "done".
  await page.evaluate(() => {
    const results = document.querySelector('[data-testid="results"]');
    window.seenStates = [];
    new MutationObserver(() => window.seenStates.push(results.dataset.state)).observe(results, {
      attributeFilter: ['data-state'],
    });
  });
  await page.getByTestId('evaluate').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.seenStates.at(-1) === 'done');
  assert.deepEqual(await page.evaluate(() => window.seenStates), ['running', 'done']);
  assert.equal((await readTable(page, 'token')).filter((c) => c.value !== null).length, 14);
});
