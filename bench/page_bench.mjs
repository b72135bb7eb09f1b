// Through the page, in Debian's Chromium, on the production build (dist/): the full Brown
// corpus pair (every measure, type level with 10 restarts) and a large generated pair, to
// see that the tab lives, the progress bar moves with the bytes read, and how long it takes.
//   node bench/page_bench.mjs BROWN_GOLD BROWN_SYSTEM LARGE_GOLD LARGE_SYSTEM
// (bench/run.sh makes the files.) Not a test: it prints figures.
import { statSync } from 'node:fs';
import { clearFiles, launchBrowser, startPreview } from '../tests/e2e/harness.mjs';

const [brownGold, brownSystem, largeGold, largeSystem] = process.argv.slice(2);

async function evaluate(page, gold, system, timeout) {
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(gold);
  await page.getByTestId('system-input').setInputFiles(system);
  const progress = [];
  const start = Date.now();
  await page.getByTestId('evaluate').click();
  const deadline = start + timeout;
  for (;;) {
    const state = await page.getByTestId('results').getAttribute('data-state').catch(() => null);
    const value = await page.locator('[data-testid="progress"] progress').evaluate((el) => el.value).catch(() => null);
    if (value !== null && value !== progress.at(-1)) progress.push(value);
    if (state === 'done' || state === 'error') return { seconds: (Date.now() - start) / 1000, state, progress };
    if (Date.now() > deadline) return { seconds: (Date.now() - start) / 1000, state: 'timeout', progress };
    await new Promise((r) => setTimeout(r, 100));
  }
}

const preview = await startPreview();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  let crashed = false;
  page.on('crash', () => (crashed = true));
  await page.goto(preview.url);
  await page.waitForSelector('html[data-ready="true"]');
  await page.waitForSelector('[data-testid="results"][data-state="done"]');
  const brown = await evaluate(page, brownGold, brownSystem, 120_000);
  console.log(`full Brown through the page: ${brown.seconds.toFixed(2)} s, ${brown.state}`);
  if (largeGold) {
    const mb = (statSync(largeGold).size + statSync(largeSystem).size) / 1e6;
    const large = await evaluate(page, largeGold, largeSystem, 600_000);
    const steps = large.progress.length;
    console.log(
      `${mb.toFixed(0)} MB pair through the page: ${large.seconds.toFixed(1)} s, ${large.state}, ` +
        `tab ${crashed ? 'crashed' : 'alive'}, progress bar took ${steps} distinct values`,
    );
  }
} finally {
  await browser.close();
  await preview.stop();
}
