// How long the heatmap blocks the page, in Debian's Chromium on the production build (dist/):
// for each table, the first drawing (switching to the heatmap tab), ten zoom steps from the
// keyboard, a drag, a fold and a search. Two figures per step: the longest gap between two
// animation frames (what a person sees as a stall; 16.7 ms is one frame at 60 Hz) and the
// longest task the browser reports as long (50 ms or more; "none" when there was none).
//   node bench/figures_bench.mjs [BROWN_GOLD BROWN_SYSTEM]
// Tables: the Brown pair when given (the full corpus, 472 × 50), a generated 1,000 × 1,000
// counts table through the core, and 100,000 × 100,000 labels with 10^6 cells from the test
// fixture worker (the core is not asked to score that one). Not a test: it prints figures.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FIXTURE_WORKER,
  chooseReading,
  clearFiles,
  launchBrowser,
  startPreview,
} from '../tests/e2e/harness.mjs';
import { HUGE_FIXTURE, squareTable } from '../tests/e2e/tables.mjs';
import { startWatch, stopWatch } from './frame_watch.mjs';

const [brownGold, brownSystem] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'clustereval-figbench-'));

const big = join(dir, 'table-1000.tsv');
writeFileSync(big, squareTable(1000));
const huge = join(dir, 'terms-100000.tsv');
writeFileSync(huge, HUGE_FIXTURE);

async function step(page, name, action) {
  await startWatch(page);
  await action();
  const { maxGap, longest } = await stopWatch(page);
  const frames = (maxGap / (1000 / 60)).toFixed(1);
  const long = longest ? `${longest.toFixed(0)} ms` : 'none';
  console.log(
    `  ${name.padEnd(28)} longest frame gap ${maxGap.toFixed(0).padStart(5)} ms (${frames} frames), longest task ${long}`,
  );
}

async function measure(browser, url, label, load, fixture = false) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (fixture)
    await context.route(/\/assets\/worker-[^/]*\.js(\?.*)?$/, (route) =>
      route.fulfill({ path: FIXTURE_WORKER, contentType: 'text/javascript' }),
    );
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('[data-testid="results"][data-state="done"]', { timeout: 60_000 });
  await clearFiles(page);
  await load(page);
  await page.getByTestId('evaluate').click();
  await page.waitForSelector('[data-testid="results"][data-state="done"] tr[data-system]', {
    timeout: 600_000,
  });
  const canvas = page.getByTestId('heatmap-canvas');
  await canvas.waitFor();
  const rows = await canvas.getAttribute('data-rows');
  const cols = await canvas.getAttribute('data-cols');
  console.log(`${label}: drawn as ${rows} × ${cols}`);
  await page.getByTestId('tab-sizes').click();
  await step(page, 'first drawing', async () => {
    await page.getByTestId('tab-heatmap').click();
    await canvas.waitFor();
  });
  await canvas.focus();
  await step(page, 'ten zoom steps (+ key)', async () => {
    for (let i = 0; i < 10; i++) await page.keyboard.press('+');
  });
  const box = await canvas.boundingBox();
  await step(page, 'drag, 20 moves', async () => {
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3, { steps: 20 });
    await page.mouse.up();
  });
  await step(page, 'zoom out to the whole (0)', async () => {
    await canvas.focus();
    await page.keyboard.press('0');
  });
  await step(page, 'fold rows below 0.1%', () =>
    page.getByTestId('heatmap-fold-rows').selectOption('0.1'),
  );
  await step(page, 'search and jump', async () => {
    await page.getByTestId('heatmap-find').fill('k1');
    await page.getByTestId('heatmap-find').press('Enter');
    await page.getByTestId('heatmap-found').waitFor();
  });
  await context.close();
}

const preview = await startPreview();
const browser = await launchBrowser();
try {
  const counts = (file) => async (page) => {
    await page.getByTestId('gold-input').setInputFiles(file);
    await chooseReading(page, { file: file.split('/').pop(), format: 'counts' });
  };
  if (brownGold)
    await measure(browser, preview.url, 'full Brown corpus', async (page) => {
      await page.getByTestId('gold-input').setInputFiles(brownGold);
      await page.getByTestId('system-input').setInputFiles(brownSystem);
    });
  await measure(browser, preview.url, '1,000 × 1,000 counts table', counts(big));
  await measure(
    browser,
    preview.url,
    '100,000 × 100,000 labels, 10^6 cells (fixture)',
    async (page) => {
      await page.getByTestId('gold-input').setInputFiles(huge);
      await page.getByTestId('system-input').setInputFiles(huge);
    },
    true,
  );
} finally {
  await browser.close();
  await preview.stop();
  rmSync(dir, { recursive: true, force: true });
}
