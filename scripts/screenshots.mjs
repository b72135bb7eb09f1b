#!/usr/bin/env node
// Takes the manual's pictures (docs/) of the heatmap at corpus scale, in Debian's Chromium on the
// production build (dist/), at 1280 CSS pixels wide: the full Brown corpus against Brown
// clustering (472 tags × 50 clusters) whole and folded, and a generated 1,000 × 1,000 table
// zoomed to a searched class; and the folded Brown heatmap as the SVG a paper would take.
//
//   node scripts/make-demo.mjs --per-file all --out DIR
//   node scripts/screenshots.mjs DIR/brown-gold.tsv DIR/brown-c50.tsv [OUT_DIR]
//
// OUT_DIR defaults to docs/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  chooseReading,
  clearFiles,
  launchBrowser,
  startPreview,
} from '../tests/e2e/harness.mjs';
import { squareTable } from '../tests/e2e/tables.mjs';

const [gold, system, out = join(ROOT, 'docs')] = process.argv.slice(2);
if (!gold || !system) {
  process.stderr.write('usage: node scripts/screenshots.mjs BROWN_GOLD BROWN_SYSTEM [OUT_DIR]\n');
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'clustereval-shots-'));
const table = join(dir, 'table-1000x1000.tsv');
writeFileSync(table, squareTable(1000));

async function evaluate(page, load) {
  await page.waitForSelector('[data-testid="results"][data-state="done"]', { timeout: 60_000 });
  await clearFiles(page);
  await load();
  await page.getByTestId('evaluate').click();
  await page.waitForSelector('[data-testid="results"][data-state="done"] tr[data-system]', {
    timeout: 300_000,
  });
  await page.getByTestId('heatmap-canvas').waitFor();
}

/** The heatmap view without the pointer's cell or a focus ring. */
async function shoot(page, name) {
  await page.evaluate(() => document.activeElement?.blur());
  await page.mouse.move(0, 0);
  await page.getByTestId('heatmap').screenshot({ path: join(out, name) });
  console.log(`wrote ${join(out, name)}`);
}

const preview = await startPreview();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(preview.url);

  await evaluate(page, async () => {
    await page.getByTestId('gold-input').setInputFiles(gold);
    await page.getByTestId('system-input').setInputFiles(system);
  });
  await shoot(page, 'heatmap-brown.png');
  await page.getByTestId('heatmap-fold-rows').selectOption('0.1');
  await shoot(page, 'heatmap-brown-folded.png');

  await evaluate(page, async () => {
    await page.getByTestId('gold-input').setInputFiles(table);
    await chooseReading(page, { file: 'table-1000x1000.tsv', format: 'counts' });
  });
  await page.getByTestId('heatmap-find').fill('class500');
  await page.getByTestId('heatmap-find').press('Enter');
  await shoot(page, 'heatmap-1000.png');
  await context.close();

  // The SVG from the command line's JSON, as a paper's build would make it.
  const json = join(dir, 'brown.json');
  writeFileSync(
    json,
    execFileSync(
      join(ROOT, 'build', 'clustereval'),
      ['--format', 'json', '--detail', gold, system],
      {
        maxBuffer: 1 << 28,
      },
    ),
  );
  const svg = join(out, 'heatmap-brown.svg');
  execFileSync(process.execPath, [
    join(ROOT, 'scripts', 'figure.mjs'),
    json,
    '--fold-rows',
    '0.1',
    '--size',
    'page',
    '--out',
    svg,
  ]);
  console.log(`wrote ${svg}`);
} finally {
  await browser.close();
  await preview.stop();
  rmSync(dir, { recursive: true, force: true });
}
