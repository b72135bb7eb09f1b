// The layout of the mapping heatmap: which class goes on which row and which cluster in which
// column, so that the mapping runs along the diagonal; what folds into `other` when there are
// too many to draw or the user asks; its colour scale, and the diverging scale of the
// correlation heatmap. Pure functions of the result JSON, shared by the page and
// scripts/figure.mjs; it orders and sums the counts the result gives and computes no measure.

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

/** The colour at t in 0…1 along `stops`, interpolated linearly between neighbours: [r, g, b]. */
function rgbAt(stops, t) {
  const x = t * (stops.length - 1);
  const j = Math.min(Math.floor(x), stops.length - 2);
  const f = x - j;
  return stops[j].map((v, c) => Math.round(v + (stops[j + 1][c] - v) * f));
}

const css = ([r, g, b]) => `rgb(${r} ${g} ${b})`;
const colourAt = (stops, t) => css(rgbAt(stops, t));

/** What the count scale is, in words, for captions and exported figures. */
export const PALETTE_NAME = 'viridis, reversed (light for few, dark for many)';

/** 256 colours from few (index 0, light) to many (255, dark): viridis reversed. [r, g, b] each. */
export const PALETTE_RGB = Array.from({ length: 256 }, (_, i) => rgbAt(VIRIDIS, 1 - i / 255));

/** The same 256 colours as CSS colours. */
export const PALETTE = PALETTE_RGB.map(css);

/** The colour of an empty cell, and as CSS. */
export const EMPTY_RGB = [0xf1, 0xf1, 0xee];
export const EMPTY = css(EMPTY_RGB);

/** The palette index of a count on the log scale from 1 to max. */
export function colourIndex(count, max) {
  if (max <= 1) return 255;
  return Math.max(0, Math.min(255, Math.round((Math.log(count) / Math.log(max)) * 255)));
}

/** Every 17th colour of the palette, few to many: the stops of a legend's ramp. */
export const RAMP_STOPS = Array.from({ length: 16 }, (_, i) => PALETTE[i * 17]);

/** A CSS gradient of the palette, for the legend. */
export function paletteGradient() {
  return `linear-gradient(to right, ${RAMP_STOPS.join(', ')})`;
}

/** Where to put the ticks of a log legend from 1 to max: 1, 10, 100, … up to max. */
export function logTicks(max) {
  const ticks = [];
  for (let t = 1; t <= max; t *= 10) ticks.push(t);
  return ticks;
}

/**
 * Calls fn(class, cluster, count) for each sparse cell [class, cluster, count] with a positive
 * count and indices inside n × m (an indexed loop: 10^6 cells in a few milliseconds).
 */
function eachCell(cells, n, m, fn) {
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    const c = cell[0];
    const k = cell[1];
    const v = cell[2];
    if (v > 0 && c >= 0 && c < n && k >= 0 && k < m) fn(c, k, v);
  }
}

/**
 * Totals and the order of rows and columns for one system's detail, without a classes ×
 * clusters array: the cost is one pass over the sparse cells and a sort of each side.
 * counts: 'tokens' (detail.cells) or 'items' (detail.item_cells); mapping: the class of each
 * cluster (-1 when unmapped). Rows: the classes some cluster maps to, largest first, then the
 * others; columns: for each row in turn the clusters mapped to it, largest first, then the
 * unmapped clusters. The mapped cells then form a staircase down the diagonal.
 */
export function heatmapLayout(detail, counts, mapping) {
  const classes = detail.classes ?? [];
  const clusters = detail.clusters ?? [];
  const n = classes.length;
  const m = clusters.length;
  const cells = (counts === 'items' ? detail.item_cells : detail.cells) ?? [];
  const rowTotal = new Float64Array(n);
  const colTotal = new Float64Array(m);
  let total = 0;
  eachCell(cells, n, m, (c, k, v) => {
    rowTotal[c] += v;
    colTotal[k] += v;
    total += v;
  });

  const map = new Int32Array(m).fill(-1);
  const target = new Uint8Array(n);
  for (let k = 0; k < m; k++) {
    const c = mapping?.[k];
    if (Number.isInteger(c) && c >= 0 && c < n) {
      map[k] = c;
      target[c] = 1;
    }
  }

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

  return { n, m, classes, clusters, cells, rows, cols, rowTotal, colTotal, total, map, counts };
}

/** Rows or columns drawn one by one at most; beyond, the largest are kept and the rest folded. */
export const DRAW_LIMIT = 1000;

/**
 * Which of one side's labels (in display `order`) stay and which fold into `other`: those
 * below share × total, and beyond `limit` all but the largest. pos maps a label to its display
 * index (`other` is the last one).
 */
function foldSide(order, totals, total, share, limit) {
  const count = order.length;
  const keep = new Uint8Array(count);
  const below = share > 0 ? share * total : -Infinity;
  let kept = 0;
  for (const i of order) {
    if (!(totals[i] < below)) {
      keep[i] = 1;
      kept += 1;
    }
  }
  const byShare = count - kept;
  let byLimit = 0;
  if (kept > limit) {
    // The limit-th largest total, by a numeric sort of the totals (no comparator: fast at
    // 100,000 labels); those above it stay, then those equal to it in display order.
    const sorted = new Float64Array(kept);
    let j = 0;
    for (const i of order) if (keep[i]) sorted[j++] = totals[i];
    sorted.sort();
    const cut = sorted[kept - limit];
    let above = 0;
    for (let t = kept - 1; t >= 0 && sorted[t] > cut; t--) above += 1;
    let ties = limit - above;
    for (const i of order) {
      if (!keep[i] || totals[i] > cut) continue;
      if (totals[i] === cut && ties > 0) ties -= 1;
      else keep[i] = 0;
    }
    byLimit = kept - limit;
    kept = limit;
  }
  const shown = [];
  let foldedTotal = 0;
  for (const i of order) {
    if (keep[i]) shown.push(i);
    else foldedTotal += totals[i];
  }
  const folded = count - kept;
  if (folded > 0) shown.push(-1);
  const pos = new Int32Array(count);
  shown.forEach((i, at) => {
    if (i >= 0) pos[i] = at;
  });
  if (folded > 0) for (let i = 0; i < count; i++) if (!keep[i]) pos[i] = shown.length - 1;
  return { shown: Int32Array.from(shown), pos, folded, byShare, byLimit, foldedTotal, share };
}

/**
 * The table as drawn: rows whose total is below rowShare × the total fold into one row
 * `other`, and so do columns below colShare; beyond `limit` rows (columns) only the largest
 * are kept, the rest folded too. Counts sum into a grid of the drawn rows × columns (at most
 * (limit + 1)², never classes × clusters). A cell is mapped when some cluster in its column
 * maps to some class in its row.
 */
export function foldTable(layout, { rowShare = 0, colShare = 0, limit = DRAW_LIMIT } = {}) {
  const R = foldSide(layout.rows, layout.rowTotal, layout.total, rowShare, limit);
  const C = foldSide(layout.cols, layout.colTotal, layout.total, colShare, limit);
  const nr = R.shown.length;
  const nc = C.shown.length;
  const grid = new Float64Array(nr * nc);
  const { n, m } = layout;
  const rowPos = R.pos;
  const colPos = C.pos;
  eachCell(layout.cells, n, m, (c, k, v) => {
    grid[rowPos[c] * nc + colPos[k]] += v;
  });
  // The non-empty cells row by row (compressed sparse rows), so that drawing a window costs
  // its non-empty cells, not its area.
  let max = 0;
  let nnz = 0;
  for (let i = 0; i < grid.length; i++) {
    const v = grid[i];
    if (v > 0) {
      nnz += 1;
      if (v > max) max = v;
    }
  }
  const rowStart = new Int32Array(nr + 1);
  const colIndex = new Int32Array(nnz);
  for (let r = 0, j = 0; r < nr; r++) {
    rowStart[r] = j;
    for (let c = 0, at = r * nc; c < nc; c++, at++) if (grid[at] > 0) colIndex[j++] = c;
    rowStart[r + 1] = j;
  }

  const mark = new Uint8Array(nr * nc);
  const mapped = [];
  for (let k = 0; k < m; k++) {
    const c = layout.map[k];
    if (c < 0) continue;
    const at = R.pos[c] * nc + C.pos[k];
    if (!mark[at]) {
      mark[at] = 1;
      mapped.push(at);
    }
  }
  const rowTotal = new Float64Array(nr);
  const colTotal = new Float64Array(nc);
  R.shown.forEach((c, i) => (rowTotal[i] = c >= 0 ? layout.rowTotal[c] : R.foldedTotal));
  C.shown.forEach((k, i) => (colTotal[i] = k >= 0 ? layout.colTotal[k] : C.foldedTotal));
  return {
    layout,
    nr,
    nc,
    rows: R.shown,
    cols: C.shown,
    rowOf: R.pos,
    colOf: C.pos,
    grid,
    rowStart,
    colIndex,
    max,
    mark,
    mapped: Int32Array.from(mapped),
    rowTotal,
    colTotal,
    fold: { rows: R, cols: C, limit },
  };
}

/** The label of display row i (`other` for the folded classes). */
export function rowName(display, i) {
  const c = display.rows[i];
  return c >= 0 ? String(display.layout.classes[c] ?? c) : 'other';
}

/** The label of display column j (`other` for the folded clusters). */
export function colName(display, j) {
  const k = display.cols[j];
  return k >= 0 ? String(display.layout.clusters[k] ?? k) : 'other';
}

/** The count in display cell (i, j) and whether it is mapped. */
export function displayCell(display, i, j) {
  const at = i * display.nc + j;
  return { count: display.grid[at], mapped: display.mark[at] === 1 };
}

const pctText = (x) => {
  const p = 100 * x;
  if (p === 0) return '0%';
  const digits = p >= 10 ? 0 : p >= 1 ? 1 : Math.max(1, 1 - Math.floor(Math.log10(p)));
  return `${Number(p.toFixed(digits))}%`;
};

const count = (v) => Math.round(v).toLocaleString('en-US');

/**
 * What the fold did, in sentences (none when nothing is folded): stated under the figure and
 * in an exported one. unit: 'tokens' or 'items'.
 */
export function foldNotes(display) {
  const { rows: R, cols: C, limit } = display.fold;
  const { layout } = display;
  const unit = layout.unit ?? (layout.counts === 'items' ? 'items' : 'tokens');
  const total = layout.total;
  const out = [];
  const side = (S, noun, nouns, axis) => {
    if (!S.folded) return;
    const what = `${count(S.folded)} ${S.folded === 1 ? noun : nouns}`;
    const holding = total > 0 ? ` (${pctText(S.foldedTotal / total)} of ${unit})` : '';
    if (S.byLimit)
      out.push(
        `Too many ${nouns} to draw one by one (${count(S.shown.length - 1 + S.folded)}): ` +
          `the ${count(limit)} largest are shown and ${what}${holding} ` +
          `${S.folded === 1 ? 'is' : 'are'} folded into the ` +
          `${axis} "other".`,
      );
    else
      out.push(
        `${what} below ${pctText(S.share)} of ${unit}${holding} ` +
          `${S.folded === 1 ? 'is' : 'are'} folded into the ${axis} "other".`,
      );
  };
  side(R, ...(layout.rowNouns ?? ['class', 'classes']), 'row');
  side(C, ...(layout.colNouns ?? ['cluster', 'clusters']), 'column');
  return out;
}

/**
 * The largest count in each bin of `by` rows × `bx` columns over display rows r0…r1 and
 * columns c0…c1 (ends exclusive): what a picture with cells smaller than a pixel shows, so
 * that no cell vanishes between pixels. Returns {bins, rows, cols}.
 */
export function binMax(display, r0, r1, c0, c1, by = 1, bx = 1) {
  const rows = Math.max(0, Math.ceil((r1 - r0) / by));
  const cols = Math.max(0, Math.ceil((c1 - c0) / bx));
  const bins = new Float64Array(rows * cols);
  const { grid, nc, rowStart, colIndex } = display;
  for (let r = r0; r < r1; r++) {
    const base = r * nc;
    const out = Math.floor((r - r0) / by) * cols;
    // The row's first non-empty cell at or after c0, by bisection.
    let lo = rowStart[r];
    let hi = rowStart[r + 1];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (colIndex[mid] < c0) lo = mid + 1;
      else hi = mid;
    }
    for (let j = lo, end = rowStart[r + 1]; j < end; j++) {
      const c = colIndex[j];
      if (c >= c1) break;
      const v = grid[base + c];
      const at = out + Math.floor((c - c0) / bx);
      if (v > bins[at]) bins[at] = v;
    }
  }
  return { bins, rows, cols };
}

/** RGBA pixels of binned counts (one pixel a bin) on the palette; empty bins in EMPTY_RGB. */
export function binsToRgba(bins, max) {
  const px = new Uint8ClampedArray(bins.length * 4);
  const words = new Uint32Array(px.buffer);
  const empty = packed(EMPTY_RGB);
  const colours = PACKED ?? (PACKED = PALETTE_RGB.map(packed));
  for (let i = 0; i < bins.length; i++) {
    const v = bins[i];
    words[i] = v > 0 ? colours[colourIndex(v, max)] : empty;
  }
  return px;
}

// RGBA bytes as one 32-bit word in the machine's byte order, so that a pixel is one write.
const LITTLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const packed = ([r, g, b]) =>
  (LITTLE ? (255 << 24) | (b << 16) | (g << 8) | r : (r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
let PACKED = null;

/**
 * Finds a class or a cluster by name: exact, then ignoring case, then by prefix, then
 * anywhere in the name; classes before clusters. Returns {axis: 'row'|'col', index (the
 * label's index in detail), at (its display row or column), folded, name} or null.
 */
export function findLabel(display, text) {
  const needle = String(text ?? '').trim();
  if (!needle) return null;
  const low = needle.toLowerCase();
  const names = labelNames(display.layout);
  const tests = [
    (i, side) => side.names[i] === needle,
    (i, side) => side.low[i] === low,
    (i, side) => side.low[i].startsWith(low),
    (i, side) => side.low[i].includes(low),
  ];
  for (const t of tests) {
    for (const [axis, side, of, shown] of [
      ['row', names.classes, display.rowOf, display.rows],
      ['col', names.clusters, display.colOf, display.cols],
    ]) {
      for (let i = 0; i < side.names.length; i++) {
        if (!t(i, side)) continue;
        const at = of[i];
        return { axis, index: i, at, folded: shown[at] !== i, name: side.names[i] };
      }
    }
  }
  return null;
}

const nameCache = new WeakMap();

/** The layout's labels as strings and in lower case, made once per layout (for searching). */
function labelNames(layout) {
  let names = nameCache.get(layout);
  if (!names) {
    const side = (list) => {
      const strings = Array.from(list, String);
      return { names: strings, low: strings.map((s) => s.toLowerCase()) };
    };
    names = { classes: side(layout.classes), clusters: side(layout.clusters) };
    nameCache.set(layout, names);
  }
  return names;
}

/** Up to `limit` class and cluster names containing `text` (for the search box's list). */
export function suggestLabels(display, text, limit = 12) {
  const low = String(text ?? '')
    .trim()
    .toLowerCase();
  if (!low) return [];
  const out = [];
  const names = labelNames(display.layout);
  for (const side of [names.classes, names.clusters]) {
    for (let i = 0; i < side.low.length; i++) {
      if (!side.low[i].includes(low)) continue;
      out.push(side.names[i]);
      if (out.length >= limit) return out;
    }
  }
  return out;
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
