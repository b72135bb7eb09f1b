#!/usr/bin/env node
// Takes the manual's picture of word senses on the page (docs/senses.png), in Debian's
// Chromium on the production build (dist/), 1280 CSS pixels wide: the SemEval-2013 demo's
// sense level and, under it, the first lemmas of the per-lemma view.
//
//   node scripts/screenshot-senses.mjs [OUT_DIR]
//
// OUT_DIR defaults to docs/.
import { join } from 'node:path';
import { ROOT, launchBrowser, startPreview } from '../tests/e2e/harness.mjs';

const out = process.argv[2] ?? join(ROOT, 'docs');
const preview = await startPreview();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${preview.url}?demo=semeval2013`);
  await page.waitForSelector('[data-testid="results"][data-state="done"] tr[data-system]', {
    timeout: 60_000,
  });
  await page.getByTestId('tab-lemmas').click();
  // Boxes in the page's coordinates, from its top. The check's form and the warnings between the two are not what the picture is of.
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-testid="check"], .app-warnings, .app-legend'))
      el.style.display = 'none';
    window.scrollTo(0, 0);
  });
  await page.mouse.move(0, 0);
  const from = await page.getByTestId('gold-summary').boundingBox();
  const row = await page.locator('[data-testid="lemma-row"]').nth(7).boundingBox();
  const path = join(out, 'senses.png');
  await page.screenshot({
    path,
    fullPage: true,
    clip: { x: 0, y: from.y - 8, width: 1280, height: row.y + row.height - from.y + 16 },
  });
  console.log(`wrote ${path}`);
  await context.close();
} finally {
  await browser.close();
  await preview.stop();
}
