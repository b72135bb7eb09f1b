// The views below the table, on the real core: the mapping heatmap (the demo, and a lexicon of
// 56,000 items in about a thousand clusters), the cluster-size plot, and the per-item table;
// what they show is checked against the command line's --detail JSON.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  RESULTS_DIR,
  ROOT,
  clearFiles,
  cliJson,
  download,
  evaluateAndWait,
  readTable,
  screenshot,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const DEMO = join(ROOT, 'public', 'demo');
const DEMO_FILES = ['brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv'].map((f) =>
  join(DEMO, f),
);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngSize = (bytes) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });
const ITEMS = 56_000;
let dir;
let lexGold;
let lexSys;

// A lexicon gold of 56,000 items in 45 classes (one in ten with a second class) and a system
// putting them in about a thousand clusters, most of them near their class.
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'clustereval-views-'));
  lexGold = join(dir, 'lexicon-gold.tsv');
  lexSys = join(dir, 'lexicon-sys.tsv');
  let x = 7; // mulberry32: every bit is random, unlike a small LCG's low bits
  const r = () => {
    x = (x + 0x6d2b79f5) | 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  const g = [];
  const s = [];
  for (let i = 0; i < ITEMS; i++) {
    const c = r() % 45;
    g.push(`w${i}\tT${c}${r() % 10 === 0 ? ` T${(c + 1) % 45}` : ''}\n`);
    s.push(`w${i}\tk${r() % 4 ? c * 22 + (r() % 22) : r() % 1000}\n`);
  }
  writeFileSync(lexGold, g.join(''));
  writeFileSync(lexSys, s.join(''));
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the demo heatmap: counts and mapping as the command line has them, by keyboard and pointer', async () => {
  const { page } = await env.open({ deviceScaleFactor: 2 });
  await waitForResult(page);
  const cli = cliJson('--detail', ...DEMO_FILES);
  const detail = cli.systems[0].detail;
  const canvas = page.getByTestId('heatmap-canvas');
  assert.equal(await canvas.getAttribute('data-rows'), String(detail.classes.length));
  assert.equal(await canvas.getAttribute('data-cols'), String(detail.clusters.length));
  assert.equal(await canvas.getAttribute('data-mapping'), 'm1');

  // Backed by device pixels: twice the CSS size on a 2× screen.
  const size = await canvas.evaluate((c) => ({
    w: c.width,
    h: c.height,
    cssW: c.getBoundingClientRect().width,
    cssH: c.getBoundingClientRect().height,
  }));
  assert.ok(Math.abs(size.w - 2 * size.cssW) <= 2, `canvas ${size.w} px for ${size.cssW} CSS px`);
  assert.ok(Math.abs(size.h - 2 * size.cssH) <= 2, `canvas ${size.h} px for ${size.cssH} CSS px`);

  // The top left cell is the largest mapped class and its largest cluster: as in the CLI's cells.
  const count = (c, k) =>
    detail.cells.filter(([cc, kk]) => cc === c && kk === k).reduce((n, [, , v]) => n + v, 0);
  const total = (i, side) =>
    detail.cells.filter((cell) => cell[side] === i).reduce((n, [, , v]) => n + v, 0);
  const readCell = async () => {
    const text = await page.getByTestId('heatmap-readout').textContent();
    const m =
      /^(.+) × (\S+): ([\d,]+) tokens, ([\d.]+)% of the class, ([\d.]+)% of the cluster/.exec(text);
    assert.ok(m, text);
    const c = detail.classes.indexOf(m[1]);
    const k = detail.clusters.indexOf(m[2]);
    assert.ok(c >= 0 && k >= 0, text);
    assert.equal(Number(m[3].replace(/,/g, '')), count(c, k), text);
    const share = (part, whole) => (part === whole ? '100' : ((100 * part) / whole).toFixed(1));
    assert.equal(m[4], share(count(c, k), total(c, 0)), `${text}: share of the class`);
    assert.equal(m[5], share(count(c, k), total(k, 1)), `${text}: share of the cluster`);
    return { text, c, k };
  };
  await canvas.focus();
  const first = await readCell();
  assert.match(first.text, /; mapped$/);
  assert.equal(detail.mapping.m1[first.k], first.c);
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'End', 'PageDown']) {
    await page.keyboard.press(key);
    await readCell();
  }

  // The pointer shows the tooltip.
  const tip = page.getByTestId('heatmap-tip');
  await page.getByTestId('heatmap-png').focus();
  await tip.waitFor({ state: 'detached' });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
  await tip.waitFor();
  assert.match(await tip.textContent(), /class.*cluster.*tokens.*of the class.*of the cluster/s);

  // 1-1: each class takes at most one cluster, so the diagonal is one cell a row.
  await page.getByTestId('heatmap').getByText('1-1', { exact: true }).click();
  assert.equal(await canvas.getAttribute('data-mapping'), 'o1');
  await canvas.focus();
  const one = await readCell();
  assert.equal(detail.mapping.o1[one.k], one.c);
  // Item counts, under MacroI's mapping.
  await page.getByTestId('heatmap').getByText('items', { exact: true }).click();
  await page.getByTestId('heatmap-source').selectOption('macro_i');
  assert.equal(await canvas.getAttribute('data-counts'), 'items');
  assert.equal(await canvas.getAttribute('data-mapping'), 'macro_i_o1');

  // PNG export: the canvas at its device resolution.
  const png = await download(page, () => page.getByTestId('heatmap-png').click());
  assert.ok(png.bytes.subarray(0, 8).equals(PNG), 'not a PNG');
  const { w, h } = await canvas.evaluate((c) => ({ w: c.width, h: c.height }));
  assert.deepEqual(pngSize(png.bytes), { width: w, height: h });
  assert.match(png.name, /^brown-gold-brown-c50-heatmap-items-macro_i_o1\.png$/);
});

test('with the Brown → Universal gold map, the demo heatmap has the 12 universal tags', async () => {
  const { page } = await env.open({ path: '#gold_map=brown-universal' });
  await waitForResult(page);
  const canvas = page.getByTestId('heatmap-canvas');
  assert.equal(await canvas.getAttribute('data-rows'), '12');
  await canvas.focus();
  assert.match(await page.getByTestId('heatmap-readout').textContent(), /^NOUN × \S+: .*; mapped$/);
  await page.evaluate(() => document.activeElement.blur());
  await page.getByTestId('views').screenshot({ path: join(RESULTS_DIR, 'heatmap-demo.png') });
});

test('the cluster-size plot: gold and every system, in tokens or items, as SVG and PNG', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  await page.getByTestId('tab-heatmap').focus();
  await page.keyboard.press('ArrowRight'); // tabs follow the arrow keys
  assert.equal(await page.getByTestId('tab-sizes').getAttribute('aria-selected'), 'true');
  const plot = page.getByTestId('sizeplot');
  const series = await plot
    .locator('polyline')
    .evaluateAll((ls) =>
      ls.map((l) => [l.dataset.series, l.getAttribute('points').split(' ').length]),
    );
  const cli = cliJson('--detail', ...DEMO_FILES);
  assert.deepEqual(
    series.map(([name]) => name),
    ['gold: brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv'],
  );
  // One point per cluster (flat runs drawn by their ends only).
  assert.ok(series[1][1] <= cli.systems[0].detail.sizes.tokens.length);
  await plot.screenshot({ path: join(RESULTS_DIR, 'cluster-sizes.png') });

  await page.getByTestId('sizes-items').check({ force: true });
  assert.equal(await plot.locator('svg').getAttribute('data-unit'), 'items');
  assert.match(await plot.locator('svg title').textContent(), /in items/);

  const svg = await download(page, () => page.getByTestId('sizes-svg').click());
  assert.match(svg.name, /^brown-gold-cluster-sizes-items\.svg$/);
  assert.match(svg.text, /^<\?xml[^>]*\?>\n<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.equal((svg.text.match(/<polyline/g) ?? []).length, 3);

  const png = await download(page, () => page.getByTestId('sizes-png').click());
  assert.ok(png.bytes.subarray(0, 8).equals(PNG), 'not a PNG');
  assert.deepEqual(pngSize(png.bytes), { width: 1520, height: 800 });
});

test('the per-item rows stay in the worker until their table is shown, then come once', async () => {
  const { page, context } = await env.open({ goto: false });
  // What the page sends its worker, and the results it gets back, as the page sees them.
  await context.addInitScript(() => {
    const Native = window.Worker;
    window.__sent = [];
    window.__results = new Map();
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', ({ data }) => {
          if (data?.type === 'result') window.__results.set(data.id, data.data);
        });
      }
      postMessage(message, ...rest) {
        const { id, type, data } = message ?? {};
        const kept = type === 'evaluate' ? { options: data.options } : data; // not the files
        window.__sent.push({ id, type, data: kept });
        return super.postMessage(message, ...rest);
      }
    };
  });
  await page.goto(env.url);
  await waitForResult(page); // the demo's three files, on opening
  const held = await page.evaluate(() => {
    const run = window.__sent.findLast((m) => m.type === 'evaluate');
    const result = window.__results.get(run.id);
    return {
      detail: run.data.options.detail,
      systems: result.systems.map((s) => ({ rows: s.detail.items, count: s.detail.item_rows })),
    };
  });
  assert.equal(held.detail, 2);
  const cli = cliJson('--detail', ...DEMO_FILES);
  assert.deepEqual(
    held.systems,
    cli.systems.map((s) => ({ rows: undefined, count: s.detail.items.length })),
  );
  const asked = () =>
    page.evaluate(() => window.__sent.filter((m) => m.type === 'items').map((m) => m.data));
  assert.deepEqual(await asked(), []); // not before the table is shown

  await page.getByTestId('tab-items').click();
  const rows = page.getByTestId('item-row');
  const shown = async () =>
    rows.evaluateAll((rs) =>
      rs.map((r) => [r.dataset.item, Number(r.querySelector('[data-f]').dataset.f)]),
    );
  await rows.first().waitFor();
  assert.deepEqual(await asked(), [{ system: 0 }]);
  const byItem = (i) => new Map(cli.systems[i].detail.items.map((it) => [it[0], it[4]]));
  for (const [item, f] of await shown()) assert.equal(f, byItem(0).get(item), `F of ${item}`);
  // The other system: its own rows; back to the first: the rows it already has.
  await page.getByTestId('view-system').selectOption('1');
  await page.waitForFunction(() => window.__sent.filter((m) => m.type === 'items').length === 2);
  await page.getByTestId('items-status').filter({ hasText: 'brown-c50-d3.tsv' }).waitFor();
  for (const [item, f] of await shown()) assert.equal(f, byItem(1).get(item), `F of ${item}`);
  await page.getByTestId('view-system').selectOption('0');
  await page.getByTestId('items-status').filter({ hasText: 'brown-c50.tsv' }).waitFor();
  await page.getByTestId('tab-heatmap').click();
  await page.getByTestId('tab-items').click();
  await rows.first().waitFor();
  assert.deepEqual(await asked(), [{ system: 0 }, { system: 1 }]);
});

test('a lexicon of 56,000 items in a thousand clusters: heatmap, sizes and a windowed item table', async (t) => {
  const { page } = await env.open();
  await waitForResult(page);
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(lexGold);
  await page.getByTestId('system-input').setInputFiles(lexSys);
  await evaluateAndWait(page, 'lexicon-sys.tsv', 60_000);
  const cli = cliJson('--detail', lexGold, lexSys);
  const detail = cli.systems[0].detail;
  t.diagnostic(`${detail.classes.length} classes × ${detail.clusters.length} clusters`);
  assert.ok(detail.clusters.length > 900);

  // No tokens in a lexicon: the heatmap counts items, under a type-level mapping.
  const canvas = page.getByTestId('heatmap-canvas');
  assert.equal(await canvas.getAttribute('data-cols'), String(detail.clusters.length));
  assert.equal(await canvas.getAttribute('data-counts'), 'items');
  assert.equal(await canvas.getAttribute('data-mapping'), 'macro_i_m1');
  assert.ok(await page.getByTestId('heatmap-tokens').isDisabled());
  await screenshot(page, 'lexicon-56000-heatmap');

  await page.getByTestId('tab-sizes').click();
  assert.equal(
    await page.locator('[data-testid="sizeplot"] svg').getAttribute('data-unit'),
    'items',
  );

  await page.getByTestId('tab-items').click();
  const status = page.getByTestId('items-status');
  assert.match(await status.textContent(), /^56,000 of 56,000 items/);
  const rows = page.getByTestId('item-row');
  const inPage = await rows.count();
  assert.ok(inPage > 5 && inPage < 100, `${inPage} rows in the page`);

  // The rows are the command line's items, F_i included.
  const byItem = new Map(detail.items.map((it) => [it[0], it]));
  const check = async () => {
    const shown = await rows.evaluateAll((rs) =>
      rs.map((r) => [r.dataset.item, Number(r.querySelector('[data-f]').dataset.f)]),
    );
    for (const [item, f] of shown) assert.equal(f, byItem.get(item)[4], `F of ${item}`);
    return shown;
  };
  await check();

  // To the bottom: the last item is there, and still only a window of rows.
  const scroller = page.getByTestId('items-scroll');
  await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
  const last = detail.items.at(-1)[0];
  await page.locator(`[data-item="${last}"]`).waitFor();
  assert.ok((await rows.count()) < 100);
  await check();
  await scroller.focus();
  await page.keyboard.press('Home');
  await page.locator(`[data-item="${detail.items[0][0]}"]`).waitFor();

  // By text.
  await page.getByTestId('items-filter').fill('w5555');
  assert.match(await status.textContent(), /^11 of 56,000 items/);
  const named = (await rows.evaluateAll((rs) => rs.map((r) => r.dataset.item))).sort();
  assert.deepEqual(named, ['w5555', ...Array.from({ length: 10 }, (_, i) => `w5555${i}`)].sort());
  await page.getByTestId('items-filter').fill('');

  // By F_i: as many of each kind as the command line's items, and only those shown.
  const want = { correct: 0, partial: 0, wrong: 0 };
  for (const it of detail.items)
    want[it[4] >= 1 ? 'correct' : it[4] > 0 ? 'partial' : 'wrong'] += 1;
  for (const [kind, ok] of [
    ['correct', (f) => f === 1],
    ['partial', (f) => f > 0 && f < 1],
    ['wrong', (f) => f === 0],
  ]) {
    await page.getByTestId(`items-${kind}`).check({ force: true });
    assert.match(
      await status.textContent(),
      new RegExp(`^${want[kind].toLocaleString('en-US')} of 56,000 items`),
    );
    const fs = (await check()).map(([, f]) => f);
    assert.ok(fs.length > 0 || want[kind] === 0, `no ${kind} rows shown`);
    assert.ok(fs.every(ok), `${kind}: F values ${fs.slice(0, 10)}`);
  }
  await page.getByTestId('items-partial').check({ force: true });
  await screenshot(page, 'items-56000');
  await page.getByTestId('items-o1').check({ force: true });
  assert.match(await status.textContent(), /one-to-one/);
});

test('past the 1-1 cell budget the page says why and the item table offers M-1 alone', async () => {
  // The demo's 1-1 weight tables hold a few thousand cells: a budget of 10 leaves them out.
  const { page } = await env.open({ path: '#cell_budget=10' });
  await waitForResult(page);
  const m1 = (await readTable(page, 'type')).filter((c) => /_m1$/.test(c.measure));
  assert.ok(m1.length > 0 && m1.every((c) => c.value !== null), 'M-1 still has values');
  const cli = cliJson('--cell-budget', '10', ...DEMO_FILES);
  assert.ok(cli.systems.every((s) => s.type.micro_i_o1 === null && s.type.micro_i_m1 !== null));
  await page.getByTestId('warnings').filter({ hasText: '--cell-budget 0 lifts it' }).waitFor();
  await page.getByTestId('tab-items').click();
  await page.getByTestId('item-row').first().waitFor();
  assert.equal(await page.getByTestId('items-o1').isDisabled(), true);
  assert.equal(await page.getByTestId('items-m1').isChecked(), true);
});

test("the item table shows each item's ECS S_i and orders the items by it, lowest first", async () => {
  const { page } = await env.open();
  await waitForResult(page);
  await page.getByTestId('tab-items').click();
  const rows = page.getByTestId('item-row');
  await rows.first().waitFor();
  const cli = cliJson('--detail', ...DEMO_FILES).systems[0].detail.items;
  const ecsOf = new Map(cli.map((it) => [it[0], it[7]]));
  const shown = () =>
    rows.evaluateAll((rs) => rs.map((r) => [r.dataset.item, Number(r.querySelector('[data-ecs]').dataset.ecs)]));
  for (const [item, s] of await shown()) assert.equal(s, ecsOf.get(item), `S_i of ${item}`);
  await page.getByTestId('items-order-ecs').check({ force: true });
  const lowest = [...cli].sort((a, b) => a[7] - b[7]).slice(0, 5).map((it) => it[7]);
  await page.waitForFunction(
    (want) => {
      const cells = [...document.querySelectorAll('[data-testid="item-row"] [data-ecs]')].slice(0, 5);
      return cells.length === 5 && cells.every((c, i) => Number(c.dataset.ecs) === want[i]);
    },
    lowest,
  );
  const ordered = (await shown()).map(([, s]) => s);
  assert.deepEqual(ordered, [...ordered].sort((a, b) => a - b), 'ascending S_i');
});
