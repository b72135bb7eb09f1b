// The views below the table, on results in the shape of the worker's contract (the fixture
// worker makes them up at any size): the mapping heatmap with a thousand clusters, the
// cluster-size plot, and the per-item table with 56,000 rows.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { download, evaluateAndWait, screenshot, useBrowser, waitForResult } from './harness.mjs';

const env = useBrowser();

/** The page on the fixture worker, with a gold file that sets the size of the result. */
async function openFixture(settings, options = {}) {
  const rec = await env.open({ fixtureWorker: true, ...options });
  const { page } = rec;
  await waitForResult(page);
  await page.getByTestId('gold-input').setInputFiles({
    name: 'fixture-gold.tsv',
    mimeType: 'text/plain',
    buffer: Buffer.from(`#fixture ${settings}\nthe\tDET\n`),
  });
  await evaluateAndWait(page, 'brown-c50.tsv');
  return rec;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngSize = (bytes) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

test('the heatmap draws a thousand clusters at the screen resolution and reads out each cell', async (t) => {
  const { page } = await openFixture('items=5000 clusters=1000 classes=12', {
    deviceScaleFactor: 2,
  });
  const canvas = page.getByTestId('heatmap-canvas');
  await canvas.waitFor();
  assert.equal(await canvas.getAttribute('data-cols'), '1000');
  assert.equal(await canvas.getAttribute('data-rows'), '12');
  assert.equal(await canvas.getAttribute('data-mapping'), 'm1');

  // Backed by device pixels: twice the CSS size on a 2× screen.
  const size = await canvas.evaluate((c) => ({
    w: c.width,
    h: c.height,
    cssW: c.getBoundingClientRect().width,
    cssH: c.getBoundingClientRect().height,
    dpr: window.devicePixelRatio,
  }));
  assert.equal(size.dpr, 2);
  assert.ok(Math.abs(size.w - 2 * size.cssW) <= 2, `canvas ${size.w} px for ${size.cssW} CSS px`);
  assert.ok(Math.abs(size.h - 2 * size.cssH) <= 2, `canvas ${size.h} px for ${size.cssH} CSS px`);
  assert.ok(size.cssW <= 1280, 'the plot fits the width');

  // Painted: most columns hold some colour.
  const painted = await canvas.evaluate((c) => {
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let coloured = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      if (!(r > 235 && g > 235 && b > 230)) coloured++;
    }
    return coloured / (data.length / 4);
  });
  t.diagnostic(`share of coloured device pixels: ${painted.toFixed(3)}`);
  assert.ok(painted > 0.05, `only ${painted} of the pixels are coloured`);

  // The keyboard reads the cells out: focus starts at the top left, arrows move.
  await canvas.focus();
  const readout = page.getByTestId('heatmap-readout');
  assert.match(
    await readout.textContent(),
    /^\S+ × k\d+: [\d,]+ tokens, [\d.]+% of the class, [\d.]+% of the cluster; mapped$/,
  );
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.match(await readout.textContent(), / × k\d+: [\d,]+ tokens/);
  const tip = page.getByTestId('heatmap-tip');
  assert.match(await tip.textContent(), /class.*cluster.*tokens.*of the class.*of the cluster/s);

  // The pointer shows the tooltip too.
  await page.getByTestId('heatmap-png').focus();
  await tip.waitFor({ state: 'detached' });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width * 0.5, box.y + 3);
  await tip.waitFor();
  assert.match(await tip.textContent(), /of the cluster/);
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height + 40);
  await tip.waitFor({ state: 'detached' });
  await page.mouse.move(box.x + box.width * 0.5, box.y + 3);
  await screenshot(page, 'heatmap-1000-clusters');

  // 1-1 and item counts redraw with that mapping and those counts.
  await page.getByTestId('heatmap').getByText('1-1', { exact: true }).click();
  assert.equal(await canvas.getAttribute('data-mapping'), 'o1');
  await page.getByTestId('heatmap').getByText('items', { exact: true }).click();
  assert.equal(await canvas.getAttribute('data-counts'), 'items');
  await page.getByTestId('heatmap-source').selectOption('macro_i');
  assert.equal(await canvas.getAttribute('data-mapping'), 'macro_i_o1');

  // PNG export: the canvas at its device resolution.
  const png = await download(page, () => page.getByTestId('heatmap-png').click());
  assert.ok(png.bytes.subarray(0, 8).equals(PNG), 'not a PNG');
  const { w, h } = await canvas.evaluate((c) => ({ w: c.width, h: c.height }));
  assert.deepEqual(pngSize(png.bytes), { width: w, height: h });
  assert.match(png.name, /heatmap-items-macro_i_o1\.png$/);
});

test('a small heatmap names its rows and columns; the mapping runs along the diagonal', async () => {
  const { page } = await openFixture('items=400 clusters=14 classes=10');
  const canvas = page.getByTestId('heatmap-canvas');
  await canvas.focus();
  // Along the diagonal: the first row's first column is a mapped cell.
  assert.match(await page.getByTestId('heatmap-readout').textContent(), /; mapped$/);
  await page.getByTestId('heatmap').screenshot({ path: 'test-results/heatmap-small.png' });
});

test('the cluster-size plot: gold and every system, in tokens or items, as SVG and PNG', async () => {
  const { page } = await openFixture('items=3000 clusters=60 classes=12');
  await page.getByTestId('tab-heatmap').focus();
  await page.keyboard.press('ArrowRight'); // tabs follow the arrow keys
  assert.equal(await page.getByTestId('tab-sizes').getAttribute('aria-selected'), 'true');
  const plot = page.getByTestId('sizeplot');
  await plot.waitFor();
  const series = await plot
    .locator('polyline')
    .evaluateAll((ls) => ls.map((l) => l.dataset.series));
  assert.deepEqual(series, ['gold: fixture-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv']);
  await plot.screenshot({ path: 'test-results/cluster-sizes.png' });

  await page.getByTestId('sizes-items').check({ force: true });
  assert.equal(await plot.locator('svg').getAttribute('data-unit'), 'items');
  assert.match(await plot.locator('svg title').textContent(), /in items/);

  const svg = await download(page, () => page.getByTestId('sizes-svg').click());
  assert.match(svg.name, /cluster-sizes-items\.svg$/);
  assert.match(svg.text, /^<\?xml[^>]*\?>\n<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.equal((svg.text.match(/<polyline/g) ?? []).length, 3);

  const png = await download(page, () => page.getByTestId('sizes-png').click());
  assert.ok(png.bytes.subarray(0, 8).equals(PNG), 'not a PNG');
  assert.deepEqual(pngSize(png.bytes), { width: 1520, height: 800 });
});

test('56,000 items scroll with only the visible rows in the page; filters by text and by F', async () => {
  const { page } = await openFixture('items=56000 clusters=400 classes=12 polysemous=1');
  await page.getByTestId('tab-items').click();
  const status = page.getByTestId('items-status');
  assert.match(await status.textContent(), /^56,000 of 56,000 items/);
  const rows = page.getByTestId('item-row');
  const inPage = await rows.count();
  assert.ok(inPage > 5 && inPage < 100, `${inPage} rows in the page`);

  // To the bottom: the last item is there, and still only a window of rows.
  const scroller = page.getByTestId('items-scroll');
  await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await page.locator('[data-item="w55999"]').waitFor();
  assert.ok((await rows.count()) < 100);
  // Keyboard: Home goes back to the top.
  await scroller.focus();
  await page.keyboard.press('Home');
  await page.locator('[data-item="w0"]').waitFor();

  // By text.
  await page.getByTestId('items-filter').fill('w5555');
  assert.match(await status.textContent(), /^11 of 56,000 items/);
  const shown = await rows.evaluateAll((rs) => rs.map((r) => r.dataset.item).sort());
  assert.deepEqual(shown, ['w5555', ...Array.from({ length: 10 }, (_, i) => `w5555${i}`)].sort());
  await page.getByTestId('items-filter').fill('');

  // By F_i: each kind shows only its rows, and the three kinds add up to all.
  const count = async (kind) =>
    Number(
      (
        await page.getByTestId(`items-${kind}`).locator('..').locator('.items-count').textContent()
      ).replace(/,/g, ''),
    );
  const total = (await count('correct')) + (await count('partial')) + (await count('wrong'));
  assert.equal(total, 56000);
  for (const [kind, ok] of [
    ['correct', (f) => f === 1],
    ['partial', (f) => f > 0 && f < 1],
    ['wrong', (f) => f === 0],
  ]) {
    await page.getByTestId(`items-${kind}`).check({ force: true });
    const fs = await page.$$eval('[data-testid="item-row"] [data-f]', (cells) =>
      cells.map((c) => Number(c.dataset.f)),
    );
    assert.ok(fs.length > 0 || (await count(kind)) === 0, `no ${kind} rows shown`);
    assert.ok(fs.every(ok), `${kind}: F values ${fs.slice(0, 10)}`);
    assert.match(
      await status.textContent(),
      new RegExp(`^${(await count(kind)).toLocaleString('en-US')} of 56,000`),
    );
  }
  await page.getByTestId('items-partial').check({ force: true });
  await page.getByTestId('items-o1').check({ force: true });
  assert.match(await status.textContent(), /one-to-one/);
  await screenshot(page, 'items-56000');
});
