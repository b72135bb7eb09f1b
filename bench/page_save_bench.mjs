// Save and reopen: the full Brown corpus with two systems (or any gold and systems) saved as
// one page, by the command line (--save-page) and by the page (Save as page), and the saved
// page reopened from disk with the network blocked, timed to the numbers on screen. Beside
// it, the same files evaluated on the served page, so that what saving adds shows as a
// difference. Not a test: it prints figures.
//   node bench/page_save_bench.mjs GOLD SYSTEM...
// (bench/run.sh makes the full corpus with scripts/make-demo.mjs --per-file all.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, clearFiles, launchBrowser, startPreview } from '../tests/e2e/harness.mjs';

const files = process.argv.slice(2);
if (files.length < 2) {
  console.error('usage: node bench/page_save_bench.mjs GOLD SYSTEM...');
  process.exit(1);
}
const tmp = mkdtempSync(join(tmpdir(), 'clustereval-save-'));
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const inputs = files.reduce((n, f) => n + statSync(f).size, 0);
const seconds = (start) => ((performance.now() - start) / 1000).toFixed(2);

const done = (page, timeout) =>
  page.waitForSelector('[data-testid="results"][data-state="done"]', { timeout });

const preview = await startPreview();
const browser = await launchBrowser();
try {
  console.log(`inputs: ${files.length} files, ${mb(inputs)}`);
  let start = performance.now();
  const cliPage = join(tmp, 'cli.html');
  execFileSync(join(ROOT, 'build', 'clustereval'), ['--save-page', cliPage, ...files], { stdio: 'ignore' });
  console.log(`command line, evaluate and --save-page: ${seconds(start)} s, page ${mb(statSync(cliPage).size)}`);

  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(preview.url);
  await done(page, 60_000);
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(files[0]);
  await page.getByTestId('system-input').setInputFiles(files.slice(1));
  start = performance.now();
  await page.getByTestId('evaluate').click();
  await page.waitForSelector('[data-testid="results"][data-state="running"]');
  await done(page, 600_000);
  const evaluated = seconds(start);
  console.log(`served page, click Evaluate to numbers: ${evaluated} s`);
  await page.locator('[data-testid="save-page"] summary').click();
  start = performance.now();
  // Compressing a few hundred MB takes longer than a download's usual 30 s wait.
  const [saving] = await Promise.all([
    page.waitForEvent('download', { timeout: 600_000 }),
    page.getByTestId('save-page-button').click(),
  ]);
  const savedPath = join(tmp, 'page.html');
  await saving.saveAs(savedPath);
  console.log(`the page, Save as page to the file: ${seconds(start)} s, page ${mb(statSync(savedPath).size)}`);
  await context.close();

  for (const [who, path] of [['the page', savedPath], ['the command line', cliPage]]) {
    const offline = await browser.newContext();
    await offline.setOffline(true);
    await offline.route(/^https?:/, (route) => route.abort());
    const reopened = await offline.newPage();
    start = performance.now();
    await reopened.goto(pathToFileURL(path).href);
    await done(reopened, 600_000);
    console.log(`reopen the page saved by ${who} from disk, offline, to numbers: ${seconds(start)} s`);
    await offline.close();
  }
} finally {
  await browser.close();
  await preview.stop();
  rmSync(tmp, { recursive: true, force: true });
}
