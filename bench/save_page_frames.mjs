// How long Save as page blocks the tab at the size limit of a saved page (250 MB of inputs):
// the longest gap between two animation frames from the click to the download (what a
// person sees as a stall; 16.7 ms is one frame at 60 Hz), the longest task the browser
// reports as long (50 ms or more), and the save's wall time, in Debian's Chromium with the
// end-to-end tests' flags on the production build (dist/). Not a test: it prints figures.
//   node bench/save_page_frames.mjs [GOLD SYSTEM...]
// Without files it writes a tagged pair of 250 MB in all (BENCH_SAVE_BYTES to change it):
// Zipf-like words and tags from a seeded generator, which gzip packs about as tightly as a
// real corpus.
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearFiles, launchBrowser, startPreview } from '../tests/e2e/harness.mjs';
import { startWatch, stopWatch } from './frame_watch.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'clustereval-saveframes-'));
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** A tagged file of about `bytes` bytes: word TAB tag lines, a blank line every 20 tokens. */
function writeTagged(path, bytes, seed) {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: the same files on every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const zipf = (n) => Math.floor(n ** next()) - 1; // small ranks far more often than large
  const fd = openSync(path, 'w');
  let written = 0;
  let line = 0;
  while (written < bytes) {
    let chunk = '';
    while (chunk.length < 1 << 20) {
      chunk += `w${zipf(50_000)}\tT${zipf(45)}\n`;
      if (++line % 20 === 0) chunk += '\n';
    }
    const out = Buffer.from(chunk.slice(0, Math.min(chunk.length, bytes - written)));
    writeSync(fd, out);
    written += out.length;
  }
  closeSync(fd);
  return path;
}

let files = process.argv.slice(2);
if (!files.length) {
  const total = Number(process.env.BENCH_SAVE_BYTES ?? 250e6);
  files = [
    writeTagged(join(tmp, 'gold.tsv'), Math.floor(total / 2), 1),
    writeTagged(join(tmp, 'system.tsv'), Math.ceil(total / 2), 2),
  ];
}
const inputs = files.reduce((n, f) => n + statSync(f).size, 0);

const preview = await startPreview();
const browser = await launchBrowser();
try {
  console.log(`inputs: ${files.length} files, ${mb(inputs)}`);
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(preview.url);
  await page.waitForSelector('[data-testid="results"][data-state="done"]', { timeout: 60_000 });
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(files[0]);
  await page.getByTestId('system-input').setInputFiles(files.slice(1));
  await page.locator('[data-testid="save-page"] summary').click();
  // The gold file's preview settles before the watch starts.
  await page.waitForTimeout(1000);
  await startWatch(page);
  const start = performance.now();
  // Compressing a few hundred MB takes longer than a download's usual 30 s wait.
  const [saving] = await Promise.all([
    page.waitForEvent('download', { timeout: 900_000 }),
    page.getByTestId('save-page-button').click(),
  ]);
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  const { maxGap, longest, frames, gaps } = await stopWatch(page);
  const saved = join(tmp, 'page.html');
  await saving.saveAs(saved);
  const long = longest ? `${longest.toFixed(0)} ms` : 'none';
  console.log(
    `Save as page: ${seconds} s to the download, a ${mb(statSync(saved).size)} page; ` +
      `longest frame gap ${maxGap.toFixed(0)} ms (${(maxGap / (1000 / 60)).toFixed(1)} frames at 60 Hz), ` +
      `longest task ${long}, ${frames} frames drawn`,
  );
  const worst = gaps.sort((a, b) => b[0] - a[0]).slice(0, 3);
  if (worst.length)
    console.log(
      `gaps over two frames: ${gaps.length}; the longest ${worst.map(([gap, at]) => `${gap.toFixed(0)} ms at ${(at / 1000).toFixed(1)} s`).join(', ')}`,
    );
  await context.close();
} finally {
  await browser.close();
  await preview.stop();
  rmSync(tmp, { recursive: true, force: true });
}
