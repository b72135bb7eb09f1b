// Both levels against the token level alone, through the page in Debian's Chromium, on the
// production build (dist/): served cross-origin isolated (`vite preview`, as `make demo`
// serves it), where the core runs its threaded build, and served by a plain static host,
// where it runs on one thread. Each time is from the click on Evaluate to the finished
// table, taken in the page; the best of three, and the first of them (the page opened on its
// demo, so the engine has not yet optimized what the type level of a large pair runs long).
//   node bench/page_levels_bench.mjs GOLD SYSTEM
// (bench/run.sh section 1b passes the full Brown corpus and its 45-state HMM tagging.)
// Not a test: it prints figures.
import { clearFiles, launchBrowser, startPreview, startStatic, waitForResult } from '../tests/e2e/harness.mjs';

const [gold, system] = process.argv.slice(2);
const RUNS = 3;

/** Seconds from the click on Evaluate to the finished table, measured in the page. */
async function evaluateOnce(page) {
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(gold);
  await page.getByTestId('system-input').setInputFiles(system);
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const results = () => document.querySelector('[data-testid="results"]');
        const start = performance.now();
        let started = false; // the table of the last run is 'done' until this one starts
        const observer = new MutationObserver(() => {
          const state = results()?.dataset.state;
          started ||= state !== 'done' && state !== 'error';
          if (!started || (state !== 'done' && state !== 'error')) return;
          observer.disconnect();
          if (state === 'error') reject(new Error('the evaluation failed'));
          else resolve((performance.now() - start) / 1000);
        });
        observer.observe(document.body, { subtree: true, attributes: true, childList: true });
        document.querySelector('[data-testid="evaluate"]').click();
        setTimeout(() => reject(new Error(`no table after 120 s (${results()?.dataset.state})`)), 120_000);
      }),
  );
}

/** The best of RUNS evaluations of the pair on the page at `url`. */
async function best(browser, url) {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await waitForResult(page, 60_000); // the demo's evaluation, on opening
    const threaded = await page.getByTestId('engine').getAttribute('data-threaded');
    const times = [];
    for (let run = 0; run < RUNS; run++) times.push(await evaluateOnce(page));
    return { seconds: Math.min(...times), first: times[0], threaded };
  } finally {
    await page.close();
  }
}

const preview = await startPreview();
const plain = await startStatic('/plain/');
const browser = await launchBrowser();
try {
  for (const [where, url] of [
    ['served cross-origin isolated', preview.url],
    ['served by a plain host', plain.url],
  ]) {
    const both = await best(browser, url);
    const token = await best(browser, `${url}#levels=token`);
    const ratio = (both.seconds / token.seconds).toFixed(1);
    console.log(
      `page, ${where} (threaded: ${both.threaded}): both levels ${both.seconds.toFixed(3)} s, ` +
        `--levels token ${token.seconds.toFixed(3)} s: ${ratio}x (best of ${RUNS}, click to table); ` +
        `the first click ${both.first.toFixed(3)} s and ${token.first.toFixed(3)} s: ` +
        `${(both.first / token.first).toFixed(1)}x`,
    );
  }
} finally {
  await browser.close();
  await plain.stop();
  await preview.stop();
}
