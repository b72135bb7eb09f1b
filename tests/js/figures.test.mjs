// The figures' pure functions (web/src/heatmap.js, web/src/figures.js) on a table small enough
// to work by hand, and on one of 100,000 × 100,000 labels, which must fold to what is drawn
// without a classes × clusters array. The expected numbers are worked out in the comments.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  FIGURE_SIZES,
  hasSweep,
  heatmapSvg,
  sizePlotSvg,
  sweepMeasures,
  sweepPlotSvg,
  sweepSeries,
  textWidth,
} from '../../web/src/figures.js';
import {
  DRAW_LIMIT,
  EMPTY_RGB,
  PALETTE_RGB,
  binMax,
  binsToRgba,
  findLabel,
  foldNotes,
  foldTable,
  heatmapLayout,
  rowName,
} from '../../web/src/heatmap.js';

// Classes A B C D × clusters x y z; M-1 maps x→A, y→B, z→C. As a grid (rows A…D, columns x y z):
//   A 50 10  .      row totals 60, 30, 6, 4 (100 in all); column totals 51, 40, 9
//   B  . 30  .
//   C  .  .  6
//   D  1  .  3
const detail = {
  classes: ['A', 'B', 'C', 'D'],
  clusters: ['x', 'y', 'z'],
  cells: [
    [0, 0, 50],
    [0, 1, 10],
    [1, 1, 30],
    [2, 2, 6],
    [3, 2, 3],
    [3, 0, 1],
  ],
  mapping: { m1: [0, 1, 2] },
};
const layout = heatmapLayout(detail, 'tokens', detail.mapping.m1);
const grid = (d) =>
  Array.from({ length: d.nr }, (_, r) => Array.from(d.grid.subarray(r * d.nc, (r + 1) * d.nc)));

test('layout: mapped classes first by size, clusters along the diagonal', () => {
  assert.deepEqual(layout.rows, [0, 1, 2, 3]);
  assert.deepEqual(layout.cols, [0, 1, 2]);
  assert.deepEqual(Array.from(layout.rowTotal), [60, 30, 6, 4]);
  assert.deepEqual(Array.from(layout.colTotal), [51, 40, 9]);
  assert.equal(layout.total, 100);
  const d = foldTable(layout);
  assert.deepEqual(grid(d), [
    [50, 10, 0],
    [0, 30, 0],
    [0, 0, 6],
    [1, 0, 3],
  ]);
  assert.deepEqual(Array.from(d.mapped), [0, 4, 8]); // (A,x), (B,y), (C,z)
  assert.deepEqual(foldNotes(d), []);
});

test('fold below a share: the small rows sum into `other`, which keeps their mapping', () => {
  // 5% of 100 is 5: D (4) folds, C (6) stays.
  const five = foldTable(layout, { rowShare: 0.05 });
  assert.deepEqual(
    Array.from({ length: five.nr }, (_, i) => rowName(five, i)),
    ['A', 'B', 'C', 'other'],
  );
  assert.deepEqual(grid(five)[3], [1, 0, 3]);
  // 10%: C and D fold; other = C + D: x 1, z 6 + 3 = 9; z maps to C, so (other, z) is mapped.
  const ten = foldTable(layout, { rowShare: 0.1 });
  assert.deepEqual(grid(ten), [
    [50, 10, 0],
    [0, 30, 0],
    [1, 0, 9],
  ]);
  assert.deepEqual(Array.from(ten.mapped), [0, 4, 8]);
  assert.deepEqual(Array.from(ten.rowTotal), [60, 30, 10]);
  assert.deepEqual(foldNotes(ten), [
    '2 classes below 10% of tokens (10% of tokens) are folded into the row "other".',
  ]);
  const found = findLabel(ten, 'd');
  assert.deepEqual(
    { axis: found.axis, at: found.at, folded: found.folded },
    { axis: 'row', at: 2, folded: true },
  );
  assert.equal(findLabel(ten, 'Z').axis, 'col');
  assert.equal(findLabel(ten, 'nothing'), null);
});

test('beyond the limit: the largest stay, the rest fold, and the note says so', () => {
  const d = foldTable(layout, { limit: 2 });
  // Rows A (60), B (30) stay; C, D fold (10 tokens). Columns x (51), y (40) stay; z folds (9).
  assert.deepEqual(grid(d), [
    [50, 10, 0],
    [0, 30, 0],
    [1, 0, 9],
  ]);
  assert.deepEqual(foldNotes(d), [
    'Too many classes to draw one by one (4): the 2 largest are shown and 2 classes (10% of tokens) are folded into the row "other".',
    'Too many clusters to draw one by one (3): the 2 largest are shown and 1 cluster (9% of tokens) is folded into the column "other".',
  ]);
});

test('binMax: the largest count of each block, so that no cell vanishes', () => {
  const { bins, rows, cols } = binMax(foldTable(layout), 0, 4, 0, 3, 2, 2);
  assert.equal(rows, 2);
  assert.equal(cols, 2);
  // Blocks: rows A-B × cols x-y: max(50, 10, 0, 30); A-B × z: 0; C-D × x-y: max(0, 0, 1, 0);
  // C-D × z: max(6, 3).
  assert.deepEqual(Array.from(bins), [50, 0, 1, 6]);
  // On the log scale from 1 to 10: 1 is the palette's first colour, 10 its last.
  assert.deepEqual(Array.from(binsToRgba(new Float64Array([0, 1, 10]), 10)), [
    ...EMPTY_RGB,
    255,
    ...PALETTE_RGB[0],
    255,
    ...PALETTE_RGB[255],
    255,
  ]);
});

test('100,000 × 100,000 labels with a million cells fold to what is drawn', () => {
  const n = 100_000;
  const cells = [];
  let x = 5;
  for (let c = 0; c < n; c++) {
    cells.push([c, c, 1000 + (c % 7)]);
    for (let j = 0; j < 9; j++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      cells.push([c, x % n, 1 + (x % 13)]);
    }
  }
  const big = {
    classes: Array.from({ length: n }, (_, i) => `t${i}`),
    clusters: Array.from({ length: n }, (_, i) => `k${i}`),
    cells,
  };
  const L = heatmapLayout(
    big,
    'tokens',
    Array.from({ length: n }, (_, k) => k),
  );
  const d = foldTable(L);
  assert.equal(d.nr, DRAW_LIMIT + 1);
  assert.equal(d.nc, DRAW_LIMIT + 1);
  assert.equal(d.grid.length, (DRAW_LIMIT + 1) ** 2);
  // Nothing is lost: the grid sums to every count.
  let sum = 0;
  for (const v of d.grid) sum += v;
  assert.equal(sum, L.total);
  // The kept rows are the largest: none folded is larger than the smallest kept.
  const kept = Array.from(d.rows.subarray(0, DRAW_LIMIT));
  const smallestKept = Math.min(...kept.map((c) => L.rowTotal[c]));
  const keptSet = new Set(kept);
  for (let c = 0; c < n; c++)
    if (!keptSet.has(c)) assert.ok(L.rowTotal[c] <= smallestKept, `t${c} folded but larger`);
  assert.match(
    foldNotes(d)[0],
    /^Too many classes to draw one by one \(100,000\): the 1,000 largest/,
  );
});

test('the heatmap SVG: one rect a run of one colour, mapped cells framed, names in metadata', () => {
  const svg = heatmapSvg(foldTable(layout), {
    size: 'page',
    system: 's.tsv',
    gold: 'g.tsv',
    mapping: 'm1',
  });
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="504pt"/);
  // Cells: A has 50 and 10 (two colours), B 30, C 6, D 1 and 3 apart: 6 rects.
  const cellsGroup = /<g class="cells"[^>]*>(.*?)<\/g>/.exec(svg)[1];
  assert.equal((cellsGroup.match(/<rect /g) ?? []).length, 6);
  const frames = /<g class="mapped"[^>]*>(.*?)<\/g>/.exec(svg)[1];
  assert.equal((frames.match(/<rect /g) ?? []).length, 3);
  const meta = JSON.parse(
    /<metadata id="clustereval-figure">(.*?)<\/metadata>/.exec(svg)[1].replace(/&quot;/g, '"'),
  );
  assert.deepEqual(meta.rows, ['A', 'B', 'C', 'D']);
  assert.deepEqual(meta.columns, ['x', 'y', 'z']);
  assert.match(svg, /outlined: many-to-one mapping of token accuracy/);
  assert.match(svg, /viridis/);
  const column = heatmapSvg(foldTable(layout), { size: 'column' });
  assert.match(column, /width="252pt"/);
});

test('the size plot: the widest tick label and the axis title fit left of the axis', () => {
  const result = {
    gold: { name: 'g', sizes: { tokens: [1_000_000, 20_000, 3] } },
    systems: [{ name: 's', detail: { sizes: { tokens: [600_000, 400_000, 5] } } }],
  };
  for (const size of Object.keys(FIGURE_SIZES)) {
    const svg = sizePlotSvg(result, { size });
    const fs = FIGURE_SIZES[size].font;
    const ticks = [
      ...svg.matchAll(/<text x="([\d.]+)" y="[\d.]+" text-anchor="end"[^>]*>([^<]+)</g),
    ];
    assert.ok(
      ticks.some(([, , t]) => t === '1,000,000'),
      size,
    );
    // The rotated title is centred at x = fs; its glyphs reach fs * 0.6 to the right of it.
    const titleRight = fs + fs * 0.6;
    for (const [, x, label] of ticks) {
      const leftEdge = Number(x) - textWidth(label, fs);
      assert.ok(
        leftEdge > titleRight,
        `${size}: '${label}' starts at ${leftEdge}, title ends at ${titleRight}`,
      );
    }
    // The top tick's label is not cut by the top edge: its centre is half a line down at least.
    const top = Math.min(...ticks.map(([m]) => Number(/ y="([\d.]+)"/.exec(m)[1])));
    assert.ok(top >= fs * 0.6, `${size}: top tick at ${top}`);
  }
});

// A depth sweep (the JSON's systems[i].sweep) of two paths systems and one without: the
// series are the systems with a sweep, the best depth the first of the best values (higher
// or lower is better as the measure says), none for a measure without a direction.
const swept = {
  gold: { name: 'g.tsv' },
  systems: [
    {
      name: 'a.paths',
      sweep: [
        { depth: 1, clusters: 2, token: { m1: 0.4, vi: 2.0 }, type: null },
        { depth: 2, clusters: 4, token: { m1: 0.7, vi: 1.5 }, type: null },
        { depth: 3, clusters: 7, token: { m1: 0.7, vi: 1.7 }, type: null },
      ],
    },
    { name: 'flat.tsv', token: { m1: 0.5 } },
    { name: 'b.paths', sweep: [{ depth: 1, clusters: 2, token: { m1: 0.3, vi: 2.2 }, type: null }] },
  ],
};

test('the depth sweep: its series, best depths and figure', () => {
  assert.equal(hasSweep(swept), true);
  assert.equal(hasSweep({ systems: [{ name: 'x', token: {} }] }), false);
  assert.deepEqual(sweepMeasures(swept), ['token.m1', 'token.vi']);
  const m1 = sweepSeries(swept, 'token.m1', true);
  assert.deepEqual(
    m1.map((s) => [s.name, s.points, s.best]),
    [
      ['a.paths', [[1, 0.4], [2, 0.7], [3, 0.7]], 2], // 0.7 first at depth 2
      ['b.paths', [[1, 0.3]], 1],
    ],
  );
  assert.equal(sweepSeries(swept, 'token.vi', false)[0].best, 2); // lower is better: 1.5
  assert.equal(sweepSeries(swept, 'token.vi', null)[0].best, null);
  const svg = sweepPlotSvg(swept, { key: 'token.m1', label: 'Token M-1' });
  assert.match(svg, /<title id="sweep-title">Token M-1 against the depth of the paths<\/title>/);
  assert.equal(svg.match(/<polyline /g).length, 2);
  assert.match(svg, /<circle data-best="a.paths" data-depth="2"/);
  assert.equal(sweepPlotSvg(swept, { key: 'type.m1' }), null);
  for (const size of Object.keys(FIGURE_SIZES)) assert.ok(sweepPlotSvg(swept, { key: 'token.vi', size }));
});
