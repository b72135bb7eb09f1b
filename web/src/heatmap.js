// The layout of the mapping heatmap: which class goes on which row and which cluster in which
// column, so that the mapping runs along the diagonal; its colour scale, and the diverging
// scale of the correlation heatmap. It orders and looks up the numbers the result JSON gives;
// it computes no measure.

// Viridis (van der Walt & Smith, matplotlib), eleven stops: perceptually uniform and readable
// with the common colour-vision deficiencies. Reversed on the page: light for few, dark for many.
const VIRIDIS = [
  [0x44, 0x01, 0x54],
  [0x48, 0x24, 0x75],
  [0x41, 0x44, 0x87],
  [0x35, 0x5f, 0x8d],
  [0x2a, 0x78, 0x8e],
  [0x21, 0x91, 0x8c],
  [0x22, 0xa8, 0x84],
  [0x44, 0xbf, 0x70],
  [0x7a, 0xd1, 0x51],
  [0xbd, 0xdf, 0x26],
  [0xfd, 0xe7, 0x25],
];

/** The CSS colour at t in 0…1 along `stops`, interpolated linearly between neighbours. */
function colourAt(stops, t) {
  const x = t * (stops.length - 1);
  const j = Math.min(Math.floor(x), stops.length - 2);
  const f = x - j;
  const [r, g, b] = stops[j].map((v, c) => Math.round(v + (stops[j + 1][c] - v) * f));
  return `rgb(${r} ${g} ${b})`;
}

/** 256 CSS colours from few (index 0, light) to many (255, dark): viridis reversed. */
export const PALETTE = Array.from({ length: 256 }, (_, i) => colourAt(VIRIDIS, 1 - i / 255));

/** The palette index of a count on the log scale from 1 to max. */
export function colourIndex(count, max) {
  if (max <= 1) return 255;
  return Math.max(0, Math.min(255, Math.round((Math.log(count) / Math.log(max)) * 255)));
}

/** A CSS gradient of the palette, for the legend. */
export function paletteGradient() {
  const stops = [];
  for (let i = 0; i <= 255; i += 17) stops.push(PALETTE[i]);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/**
 * Rows, columns and lookups for one system's detail.
 * counts: 'tokens' (detail.cells) or 'items' (detail.item_cells); mapping: the class of each
 * cluster (-1 when unmapped). Rows: the classes some cluster maps to, largest first, then the
 * others; columns: for each row in turn the clusters mapped to it, largest first, then the
 * unmapped clusters. The mapped cells then form a staircase down the diagonal.
 */
export function heatmapLayout(detail, counts, mapping) {
  const n = detail.classes.length;
  const m = detail.clusters.length;
  const cells = (counts === 'items' ? detail.item_cells : detail.cells) ?? [];
  const rowTotal = new Float64Array(n);
  const colTotal = new Float64Array(m);
  const lookup = new Map();
  let max = 0;
  for (const [c, k, v] of cells) {
    if (!(v > 0)) continue;
    rowTotal[c] += v;
    colTotal[k] += v;
    lookup.set(c * m + k, (lookup.get(c * m + k) ?? 0) + v);
  }
  for (const v of lookup.values()) if (v > max) max = v;

  const map = Array.from({ length: m }, (_, k) => {
    const c = mapping?.[k];
    return Number.isInteger(c) && c >= 0 && c < n ? c : -1;
  });
  const target = new Uint8Array(n);
  for (const c of map) if (c >= 0) target[c] = 1;

  const rows = Array.from({ length: n }, (_, c) => c).sort(
    (a, b) => target[b] - target[a] || rowTotal[b] - rowTotal[a] || a - b,
  );
  const rowPos = new Int32Array(n);
  rows.forEach((c, i) => (rowPos[c] = i));
  const cols = Array.from({ length: m }, (_, k) => k).sort((a, b) => {
    const ca = map[a];
    const cb = map[b];
    if (ca < 0 !== cb < 0) return ca < 0 ? 1 : -1;
    if (ca >= 0 && ca !== cb) return rowPos[ca] - rowPos[cb];
    return colTotal[b] - colTotal[a] || a - b;
  });
  const colPos = new Int32Array(m);
  cols.forEach((k, i) => (colPos[k] = i));

  return { n, m, rows, cols, rowPos, colPos, rowTotal, colTotal, lookup, max, map };
}

/** The count in the cell of class c and cluster k (0 when empty). */
export function cellCount(layout, c, k) {
  return layout.lookup.get(c * layout.m + k) ?? 0;
}

// ColorBrewer RdBu (Brewer, colorbrewer2.org), eleven stops, for values from −1 (red) through
// 0 (near white) to 1 (blue): a diverging scale for correlations, readable in grey too.
const RDBU = [
  [0x67, 0x00, 0x1f],
  [0xb2, 0x18, 0x2b],
  [0xd6, 0x60, 0x4d],
  [0xf4, 0xa5, 0x82],
  [0xfd, 0xdb, 0xc7],
  [0xf7, 0xf7, 0xf7],
  [0xd1, 0xe5, 0xf0],
  [0x92, 0xc5, 0xde],
  [0x43, 0x93, 0xc3],
  [0x21, 0x66, 0xac],
  [0x05, 0x30, 0x61],
];

/** The CSS colour of a value in −1…1 on the diverging scale (clamped). */
export function divergingColour(v) {
  return colourAt(RDBU, (Math.max(-1, Math.min(1, v)) + 1) / 2);
}

/** True when text on the value's colour reads better in white. */
export const darkOnDiverging = (v) => Math.abs(v) > 0.6;

/** A CSS gradient of the diverging scale from −1 to 1, for the legend. */
export function divergingGradient() {
  const stops = RDBU.map(([r, g, b]) => `rgb(${r} ${g} ${b})`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}
