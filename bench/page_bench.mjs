// Through the page, in Debian's Chromium, on the production build (dist/): the full Brown
// corpus pair (every measure, type level with 10 restarts) and a large generated pair, to
// see that the tab lives, the progress bar moves with the bytes read, and how long it takes;
// then the demo pair with 1000 bootstrap resamples at the token level (bench/run.sh
// section 5 times the same natively).
//   node bench/page_bench.mjs BROWN_GOLD BROWN_SYSTEM LARGE_GOLD LARGE_SYSTEM
// (bench/run.sh makes the files.) Not a test: it prints figures.
import { statSync } from 'node:fs';
import { clearFiles, launchBrowser, openOptions, ROOT, startPreview } from '../tests/e2e/harness.mjs';

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
    // Read without waiting: a locator call waits (30 s) for an element that is not there.
    const { state, value } = await page.evaluate(() => ({
      state: document.querySelector('[data-testid="results"]')?.dataset.state ?? null,
      value: document.querySelector('[data-testid="progress"] progress')?.value ?? null,
    }));
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
  {
    // Options first, then the files: the run starts from Evaluate, with resamples asked.
    await openOptions(page);
    await page.getByLabel('Levels').selectOption('token');
    await page.getByLabel('Bootstrap resamples').fill('1000');
    const demo = (name) => `${ROOT}public/demo/${name}`;
    const boot = await evaluate(page, demo('brown-gold.tsv'), demo('brown-c50.tsv'), 600_000);
    console.log(`demo pair, token level, 1000 bootstrap resamples through the page: ${boot.seconds.toFixed(1)} s, ${boot.state}`);
    await page.getByLabel('Bootstrap resamples').fill('0');
    await page.getByLabel('Levels').selectOption('both');
  }
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
