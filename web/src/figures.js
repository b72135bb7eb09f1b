// The figures as SVG text: the mapping heatmap, the ranked cluster sizes and the depth sweep,
// drawn by pure functions of the result JSON (the CLI's `--detail` JSON, or the page's result).
// The page shows and exports what these return, and scripts/figure.mjs writes the same files
// from the command line: one drawing, no second renderer. Text is set in a font stack every
// SVG reader has (Helvetica, Arial, Liberation Sans, DejaVu Sans, then any sans-serif), and
// laid out from Helvetica's widths with a margin, so that wider fallbacks still fit.

import { formatCount } from './format.js';
import {
  EMPTY,
  PALETTE,
  PALETTE_NAME,
  RAMP_STOPS,
  binMax,
  colName,
  colourIndex,
  foldNotes,
  foldTable,
  heatmapLayout,
  logTicks,
  rowName,
} from './heatmap.js';
import { MEASURE_BY_ID } from './measures.js';
import { isBaseline } from './table.js';

export const FONT_FAMILY = "Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";

/**
 * Figure sizes. `screen` is the page's own (CSS pixels); `column` and `page` are for papers, in
 * points: 3.5 in and 7 in wide, the width of one column and of the text block of the usual
 * two-column formats (ACL, IEEE, ACM).
 */
export const FIGURE_SIZES = {
  screen: { id: 'screen', label: 'screen', width: 760, font: 12, unit: 'px', maxPlot: 560 },
  column: {
    id: 'column',
    label: 'one column (3.5 in)',
    width: 252,
    font: 7,
    unit: 'pt',
    maxPlot: 300,
  },
  page: { id: 'page', label: 'full page (7 in)', width: 504, font: 8, unit: 'pt', maxPlot: 560 },
};

// Helvetica's advance widths (thousandths of an em) for printable ASCII, from its AFM file.
const WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
  667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** The width of `text` at font size `size`, a little generous (DejaVu Sans runs wider). */
export function textWidth(text, size) {
  let w = 0;
  for (const ch of String(text)) {
    const code = ch.codePointAt(0);
    w += code >= 32 && code < 127 ? WIDTHS[code - 32] : 650;
  }
  return (w / 1000) * size * 1.1;
}

/** `text` cut with an ellipsis to fit `width` at `size`. */
export function fitText(text, width, size) {
  const s = String(text);
  if (textWidth(s, size) <= width) return s;
  const chars = [...s];
  while (chars.length > 1 && textWidth(`${chars.join('')}…`, size) > width) chars.pop();
  return `${chars.join('')}…`;
}

/** Text escaped for SVG (XML) content and attribute values. */
export function xml(text) {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Words of `text` broken into lines no wider than `width` at `size`. */
function wrap(text, width, size) {
  const lines = [];
  let line = '';
  for (const word of String(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const num = (v) => String(Math.round(v * 100) / 100);

function svgOpen(size, width, height, attrs = '') {
  const u = size.unit === 'pt' ? 'pt' : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}${u}" height="${num(height)}${u}" ` +
    `viewBox="0 0 ${num(width)} ${num(height)}" font-family="${xml(FONT_FAMILY)}" ` +
    `font-size="${size.font}"${attrs}>`
  );
}

/** The XML declaration and the figure: the text of an .svg file. */
export const svgFile = (svg) => `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`;

const MAPPING_WORDS = { m1: 'many-to-one', o1: 'one-to-one' };

/**
 * Describes a mapping id for legends: 'm1' → "many-to-one mapping of token accuracy",
 * 'micro_i_o1' → "one-to-one mapping of MicroI".
 */
export function mappingText(id) {
  if (!id) return '';
  const kind = id.endsWith('o1') ? 'o1' : 'm1';
  const source =
    { macro_i: 'MacroI', micro_i: 'MicroI', micro_c: 'MicroC' }[id.replace(/_(m1|o1)$/, '')] ??
    'token accuracy';
  return `${MAPPING_WORDS[kind]} mapping of ${source}`;
}

/**
 * The mapping heatmap of `display` (heatmap.js foldTable) as an SVG string, sized for
 * `size` ('column' or 'page'). Rows and columns are labelled where a label fits its row or
 * column; the names of all of them, in order, are in the figure's metadata either way. The
 * legend (count scale, mapped outline) and what was folded are under the plot.
 * opts: {size, system, gold, mapping (id)}.
 */
export function heatmapSvg(display, { size = 'page', system = '', gold = '', mapping = '' } = {}) {
  const S = FIGURE_SIZES[size] ?? FIGURE_SIZES.page;
  const W = S.width;
  const fs = S.font;
  const ls = fs - 1; // labels
  const pad = Math.round(fs * 0.6);
  const { nr, nc, layout } = display;
  const unit = layout.counts === 'items' ? 'items' : 'tokens';
  const rowNames = Array.from({ length: nr }, (_, i) => rowName(display, i));
  const colNames = Array.from({ length: nc }, (_, j) => colName(display, j));
  const titleW = fs * 1.5; // a rotated axis title

  const longest = (names) => names.reduce((w, s) => Math.max(w, textWidth(s, ls)), 0);
  const rowLabelW = Math.min(longest(rowNames), W * 0.28) + 3;
  const fit = (left) => {
    const cellW = (W - pad - left - titleW) / nc;
    const cellH = Math.min(S.maxPlot / nr, Math.max(cellW, ls * 1.3));
    return { cellW, cellH };
  };
  let { cellW, cellH } = fit(rowLabelW);
  const rowLabels = cellH >= ls * 1.05;
  if (!rowLabels) ({ cellW, cellH } = fit(0));
  const colLabels = cellW >= ls * 1.05;
  const left = pad + titleW + (rowLabels ? rowLabelW : 0);
  const colLabelH = colLabels ? Math.min(longest(colNames), W * 0.3) + 3 : 0;
  const top = pad + titleW + colLabelH;
  const plotW = cellW * nc;
  const plotH = cellH * nr;

  const out = [];
  const what = `${formatCount(layout.n)} gold classes × ${formatCount(layout.m)} clusters`;
  const notes = foldNotes(display);
  const title = `Mapping heatmap of ${system || 'the system'}${gold ? ` against ${gold}` : ''}`;
  const desc =
    `${what}, ${unit} per cell on a log scale (${PALETTE_NAME}); ` +
    (mapping ? `outlined: the ${mappingText(mapping)}. ` : 'no mapping. ') +
    notes.join(' ');

  // The cells: one rect a cell, runs of one colour along a row merged; below 0.6 units a
  // cell, the largest count of each block of cells, so that none vanishes.
  const MIN = 0.6;
  const by = cellH >= MIN ? 1 : Math.ceil(MIN / cellH);
  const bx = cellW >= MIN ? 1 : Math.ceil(MIN / cellW);
  const { bins, rows, cols } = binMax(display, 0, nr, 0, nc, by, bx);
  const cells = [];
  for (let r = 0; r < rows; r++) {
    let c = 0;
    while (c < cols) {
      const v = bins[r * cols + c];
      if (!(v > 0)) {
        c += 1;
        continue;
      }
      const colour = colourIndex(v, display.max);
      let end = c + 1;
      while (
        end < cols &&
        bins[r * cols + end] > 0 &&
        colourIndex(bins[r * cols + end], display.max) === colour
      )
        end += 1;
      const x0 = left + c * bx * cellW;
      const x1 = left + Math.min(nc, end * bx) * cellW;
      const y0 = top + r * by * cellH;
      const y1 = top + Math.min(nr, (r + 1) * by) * cellH;
      cells.push(
        `<rect x="${num(x0)}" y="${num(y0)}" width="${num(x1 - x0)}" height="${num(y1 - y0)}" fill="${PALETTE[colour]}"/>`,
      );
      c = end;
    }
  }

  // The mapping: a dark frame with a light inner line, at least 2 units wide and high.
  const frames = [];
  const inner = [];
  const mw = Math.max(cellW, 2);
  const mh = Math.max(cellH, 2);
  const lw = Math.min(0.7, Math.max(0.3, Math.min(cellW, cellH) / 6));
  for (const at of display.mapped) {
    const r = Math.floor(at / nc);
    const c = at - r * nc;
    const x = left + (c + 0.5) * cellW - mw / 2;
    const y = top + (r + 0.5) * cellH - mh / 2;
    frames.push(
      `<rect x="${num(x + lw / 2)}" y="${num(y + lw / 2)}" width="${num(mw - lw)}" height="${num(mh - lw)}"/>`,
    );
    if (mw >= 4 * lw && mh >= 4 * lw)
      inner.push(
        `<rect x="${num(x + lw * 1.5)}" y="${num(y + lw * 1.5)}" width="${num(mw - 3 * lw)}" height="${num(mh - 3 * lw)}"/>`,
      );
  }

  const labels = [];
  if (rowLabels)
    rowNames.forEach((name, i) =>
      labels.push(
        `<text class="row" x="${num(left - 3)}" y="${num(top + (i + 0.5) * cellH)}" text-anchor="end" dy="0.35em">${xml(fitText(name, rowLabelW - 3, ls))}</text>`,
      ),
    );
  if (colLabels)
    colNames.forEach((name, j) =>
      labels.push(
        `<text class="col" transform="translate(${num(left + (j + 0.5) * cellW)} ${num(top - 3)}) rotate(-90)" dy="0.35em">${xml(fitText(name, colLabelH - 3, ls))}</text>`,
      ),
    );
  const rowTitle = `gold class (${formatCount(nr)} rows)`;
  const colTitle = `cluster of ${system || 'the system'} (${formatCount(nc)} columns)`;
  labels.push(
    `<text class="axis" transform="translate(${num(pad + fs * 0.6)} ${num(top + plotH / 2)}) rotate(-90)" text-anchor="middle" dy="0.35em" fill="#1d1f23">${xml(fitText(rowTitle, Math.max(plotH, 40), fs))}</text>`,
    `<text class="axis" x="${num(left + plotW / 2)}" y="${num(pad + fs * 0.6)}" text-anchor="middle" dy="0.35em" fill="#1d1f23">${xml(fitText(colTitle, W - pad * 2, fs))}</text>`,
  );

  // The legend under the plot: the ramp with its ticks, the mapped outline, then the notes.
  let y = top + plotH + fs * 1.2;
  const legend = [];
  const rampW = Math.min(W * 0.36, 150);
  const rampH = fs * 0.9;
  const x0 = left;
  legend.push(
    `<defs><linearGradient id="ce-ramp">${RAMP_STOPS.map((c, i) => `<stop offset="${num(i / (RAMP_STOPS.length - 1))}" stop-color="${c}"/>`).join('')}</linearGradient></defs>`,
    `<rect x="${num(x0)}" y="${num(y)}" width="${num(rampW)}" height="${num(rampH)}" fill="url(#ce-ramp)"/>`,
  );
  const max = Math.max(1, display.max);
  const ticks = logTicks(max);
  const tickX = (t) => x0 + (max > 1 ? (Math.log(t) / Math.log(max)) * rampW : 0);
  let lastEnd = -Infinity;
  for (const t of ticks) {
    const label = formatCount(t);
    const x = tickX(t);
    const half = textWidth(label, ls) / 2;
    if (
      x - half < lastEnd + 2 ||
      (t !== max && x + half > tickX(max) - textWidth(formatCount(max), ls) / 2 - 2)
    )
      continue;
    legend.push(
      `<text x="${num(x)}" y="${num(y + rampH + ls)}" text-anchor="middle" font-size="${ls}">${label}</text>`,
    );
    lastEnd = x + half;
  }
  if (max > 1)
    legend.push(
      `<text x="${num(x0 + rampW)}" y="${num(y + rampH + ls)}" text-anchor="middle" font-size="${ls}">${formatCount(max)}</text>`,
    );
  const rampText = `${unit} per cell, log scale (viridis)`;
  const afterRamp = x0 + rampW + fs;
  const key = mapping ? `outlined: ${mappingText(mapping)}` : 'no mapping in this result';
  const sideBySide = afterRamp + textWidth(rampText, fs) <= W - pad;
  legend.push(
    `<text x="${num(sideBySide ? afterRamp : x0)}" y="${num(sideBySide ? y + rampH / 2 : y + rampH + ls * 2.3)}" dy="0.35em">${xml(rampText)}</text>`,
  );
  y += rampH + ls * (sideBySide ? 1.9 : 3.4);
  if (mapping) {
    const sw = fs;
    legend.push(
      `<rect x="${num(x0 + 0.35)}" y="${num(y + 0.35)}" width="${num(sw - 0.7)}" height="${num(sw - 0.7)}" fill="${PALETTE[160]}" stroke="#111111" stroke-width="0.7"/>`,
      `<rect x="${num(x0 + 1.05)}" y="${num(y + 1.05)}" width="${num(sw - 2.1)}" height="${num(sw - 2.1)}" fill="none" stroke="#ffffff" stroke-width="0.35"/>`,
    );
  }
  const keyLines = wrap(key, W - pad - x0 - fs * 1.6, fs);
  keyLines.forEach((line, i) =>
    legend.push(
      `<text x="${num(x0 + (mapping ? fs * 1.5 : 0))}" y="${num(y + fs / 2 + i * fs * 1.25)}" dy="0.35em">${xml(line)}</text>`,
    ),
  );
  y += fs * 1.25 * keyLines.length + fs * 0.3;
  const noteLines = notes.flatMap((note) => wrap(note, W - pad - x0, ls));
  noteLines.forEach((line, i) =>
    legend.push(
      `<text class="note" x="${num(x0)}" y="${num(y + ls / 2 + i * ls * 1.3)}" dy="0.35em" font-size="${ls}">${xml(line)}</text>`,
    ),
  );
  y += ls * 1.3 * noteLines.length;
  const H = Math.ceil(y + pad);

  const meta = JSON.stringify({
    figure: 'heatmap',
    system,
    gold,
    counts: unit,
    mapping: mapping || null,
    rows: rowNames,
    columns: colNames,
    folded: notes,
  });
  out.push(
    svgOpen(
      S,
      W,
      H,
      ` role="img" aria-labelledby="ce-heatmap-title ce-heatmap-desc" data-rows="${nr}" data-cols="${nc}"`,
    ),
    `<title id="ce-heatmap-title">${xml(title)}</title>`,
    `<desc id="ce-heatmap-desc">${xml(desc)}</desc>`,
    `<metadata id="clustereval-figure">${xml(meta)}</metadata>`,
    `<rect x="0" y="0" width="${num(W)}" height="${num(H)}" fill="#ffffff"/>`,
    `<rect x="${num(left)}" y="${num(top)}" width="${num(plotW)}" height="${num(plotH)}" fill="${EMPTY}"/>`,
    `<g class="cells" shape-rendering="crispEdges">${cells.join('')}</g>`,
    `<g class="mapped" fill="none" stroke="#111111" stroke-width="${num(lw)}">${frames.join('')}</g>`,
    inner.length
      ? `<g class="mapped-inner" fill="none" stroke="#ffffff" stroke-width="${num(lw / 2)}">${inner.join('')}</g>`
      : '',
    `<g class="labels" fill="#3d4148" font-size="${ls}">${labels.join('')}</g>`,
    `<g class="legend" fill="#1d1f23">${legend.join('')}</g>`,
    '</svg>',
  );
  return out.join('');
}

/**
 * Everything from a result to the heatmap's SVG: system (an index or a name), counts
 * ('tokens' or 'items'), mapping (an id of detail.mapping, default m1), rowShare and colShare
 * (fold below these shares of the total, 0…1), size. Throws an Error saying what is missing.
 */
export function heatmapFigure(result, opts = {}) {
  const systems = (result.systems ?? []).filter((s) => s.detail && !s.error);
  if (!systems.length)
    throw new Error('the result holds no system with details (run the CLI with --detail)');
  const want = opts.system ?? 0;
  const sys =
    typeof want === 'number'
      ? (result.systems ?? [])[want]
      : systems.find((s) => s.name === want || s.name.endsWith(`/${want}`));
  if (!sys?.detail)
    throw new Error(
      `no system ${JSON.stringify(want)} with details; the result has ${systems.map((s) => s.name).join(', ')}`,
    );
  const detail = sys.detail;
  const hasTokens = Array.isArray(detail.cells) && detail.cells.length > 0;
  const counts = opts.counts === 'items' || !hasTokens ? 'items' : 'tokens';
  const mapping = opts.mapping ?? 'm1';
  if (mapping !== 'none' && !Array.isArray(detail.mapping?.[mapping]))
    throw new Error(
      `no mapping ${mapping} in ${sys.name}; it has ${Object.keys(detail.mapping ?? {}).join(', ') || 'none'}`,
    );
  const map = mapping === 'none' ? null : detail.mapping[mapping];
  const display = foldTable(heatmapLayout(detail, counts, map), {
    rowShare: opts.rowShare ?? 0,
    colShare: opts.colShare ?? 0,
  });
  return heatmapSvg(display, {
    size: opts.size ?? 'page',
    system: sys.name,
    gold: result.gold?.name ?? '',
    mapping: map ? mapping : '',
  });
}

// Okabe & Ito's colour-blind-safe palette (without its yellow, too light on white); gold in
// black. Dash patterns tell the lines apart in grey too.
const COLOURS = ['#E69F00', '#56B4E9', '#009E73', '#0072B2', '#D55E00', '#CC79A7'];
const DASHES = ['', '7 3', '2 3', '9 3 2 3'];

/** Whether some series of the result has cluster sizes in `unit` ('tokens', 'items', or a
 * coreference run's 'mentions'). */
export function hasSizes(result, unit) {
  return [result.gold, ...(result.systems ?? []).map((s) => s.detail ?? s)].some(
    (x) => Array.isArray(x?.sizes?.[unit]) && x.sizes[unit].some((v) => v > 0),
  );
}

/**
 * The size plot's unit and series: {unit, series: [{name, sizes, colour, dash, width}]}.
 * Lexicon inputs have no tokens: then items, whatever was asked.
 */
export function sizeSeries(result, unit = 'tokens') {
  // The unit asked, else the first the result has: tokens, items, or a coreference run's
  // entity sizes in mentions.
  const shown = [unit, 'tokens', 'items', 'mentions'].find((u) => hasSizes(result, u)) ?? unit;
  const pick = (sizes) => {
    const list = Array.isArray(sizes?.[shown]) ? sizes[shown].filter((v) => v > 0) : [];
    return list.length ? list : null;
  };
  const series = [];
  const goldSizes = pick(result.gold?.sizes);
  if (goldSizes)
    series.push({
      name: `gold: ${result.gold.name}`,
      sizes: goldSizes,
      colour: '#1d1f23',
      dash: '',
      width: 2.4,
    });
  let i = 0;
  for (const s of result.systems ?? []) {
    const sizes = pick(s.detail?.sizes ?? s.sizes);
    if (!sizes || s.error) continue;
    series.push({
      name: s.name,
      sizes,
      colour: COLOURS[i % COLOURS.length],
      dash: isBaseline(s) ? '3 3' : DASHES[Math.floor(i / COLOURS.length) % DASHES.length],
      width: 1.8,
    });
    i += 1;
  }
  return { unit: shown, series };
}

function linearTicks(max) {
  if (max <= 1) return [1];
  const raw = max / 6;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * p).find((s) => s >= raw) ?? 10 * p;
  const ticks = [1];
  for (let t = step; t <= max; t += step) ticks.push(t);
  return ticks;
}

/** The polyline's points: for long flat runs only their ends (the same picture, fewer points). */
function points(sizes, xOf, yOf) {
  const out = [];
  for (let r = 0; r < sizes.length; r++) {
    const v = sizes[r];
    const flat = r > 0 && r < sizes.length - 1 && sizes[r - 1] === v && sizes[r + 1] === v;
    if (!flat) out.push(`${xOf(r + 1).toFixed(1)},${yOf(v).toFixed(1)}`);
  }
  if (out.length === 1) out.push(out[0]);
  return out.join(' ');
}

/** A series' stroke attributes: thinner in points (print) than in screen pixels. */
function seriesStroke(s, lineScale) {
  return (
    `stroke="${s.colour}" stroke-width="${num(s.width * lineScale)}"` +
    (s.dash
      ? ` stroke-dasharray="${s.dash
          .split(' ')
          .map((d) => num(d * lineScale))
          .join(' ')}"`
      : '')
  );
}

/**
 * A legend of the series' lines in a corner of the plot: its right edge at `right`, its top
 * at `top`, or its bottom at `bottom` when `top` is null.
 */
function legendSvg(series, { fs, W, stroke, lineScale, right, top = null, bottom = 0 }) {
  const row = fs * 1.5;
  const swatch = fs * 2.2;
  const names = series.map((s) => fitText(s.name, Math.max(W * 0.55 - swatch, 40), fs));
  const lw = Math.max(...names.map((n) => textWidth(n, fs))) + swatch + fs * 1.6;
  const lh = series.length * row + fs * 0.6;
  const lx = right - lw;
  const ly = top ?? bottom - lh;
  const out = [
    `<g class="legend"><rect x="${num(lx)}" y="${num(ly)}" width="${num(lw)}" height="${num(lh)}" fill="#ffffff" fill-opacity="0.9" stroke="#e3e3df" stroke-width="${stroke}"/>`,
  ];
  series.forEach((s, j) => {
    const y = num(ly + fs * 0.3 + (j + 0.5) * row);
    const x = lx + fs * 0.6;
    out.push(
      `<line x1="${num(x)}" x2="${num(x + swatch)}" y1="${y}" y2="${y}" ${seriesStroke(s, lineScale)}/>`,
      `<text x="${num(x + swatch + fs * 0.5)}" y="${y}" dy="0.35em" fill="#1d1f23">${xml(names[j])}</text>`,
    );
  });
  out.push('</g>');
  return out.join('');
}

/**
 * Ranked cluster sizes on a log y axis, for gold and each system (as in Frank, Goldwater &
 * Keller 2009, Figure 2), as an SVG string; null when the result holds no sizes. opts: {unit,
 * logX, size ('screen', 'column' or 'page')}. The margins are measured from the tick labels
 * and titles, so that nothing is clipped or overlaps at any size.
 */
export function sizePlotSvg(result, { unit = 'tokens', logX = false, size = 'screen' } = {}) {
  const S = FIGURE_SIZES[size] ?? FIGURE_SIZES.screen;
  const { unit: shown, series } = sizeSeries(result, unit);
  if (!series.length) return null;
  const fs = S.font;
  const W = S.width;
  const H = Math.round(W * (size === 'screen' ? 400 / 760 : 0.62));

  const maxRank = Math.max(...series.map((s) => s.sizes.length));
  const maxSize = Math.max(...series.map((s) => s.sizes[0]));
  const minSize = Math.min(...series.map((s) => s.sizes[s.sizes.length - 1]));
  const yLo = Math.floor(Math.log10(Math.max(1, minSize)));
  const yHi = Math.max(yLo + 1, Math.ceil(Math.log10(maxSize)));
  const yTicks = [];
  for (let e = yLo; e <= yHi; e++) yTicks.push(e);
  const xTicks = logX ? logTicks(maxRank) : linearTicks(maxRank);

  // Left: the rotated title, a gap, the widest tick label, a gap, the tick. Bottom: tick labels
  // and the title. Top: half a label, so that the top tick's label is not clipped.
  const tickW = Math.max(...yTicks.map((e) => textWidth(formatCount(10 ** e), fs)));
  const M = {
    left: Math.ceil(fs * 0.4 + fs * 1.2 + fs * 0.6 + tickW + fs * 0.6),
    right: Math.ceil(textWidth(formatCount(xTicks.at(-1)), fs) / 2 + fs * 0.5),
    top: Math.ceil(fs * 0.9),
    bottom: Math.ceil(fs * 3.4),
  };
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const xOf = logX
    ? (r) => M.left + (maxRank > 1 ? (Math.log(r) / Math.log(maxRank)) * plotW : 0)
    : (r) => M.left + (maxRank > 1 ? ((r - 1) / (maxRank - 1)) * plotW : 0);
  const yOf = (v) => M.top + plotH - ((Math.log10(v) - yLo) / (yHi - yLo)) * plotH;
  const summary = series
    .map(
      (s) =>
        `${s.name}: ${formatCount(s.sizes.length)} ${shown === 'mentions' ? 'entities' : 'clusters'}, largest ${formatCount(s.sizes[0])}`,
    )
    .join('; ')
    .concat("; gold in black, systems in Okabe & Ito's colour-blind-safe colours");
  const stroke = S.unit === 'pt' ? 0.6 : 1;

  const out = [
    svgOpen(
      S,
      W,
      H,
      ` class="sizeplot-svg" role="img" aria-labelledby="sizeplot-title sizeplot-desc" data-unit="${shown}" data-size="${S.id}"`,
    ),
    `<title id="sizeplot-title">Ranked ${shown === 'mentions' ? 'entity' : 'cluster'} sizes in ${shown}</title>`,
    `<desc id="sizeplot-desc">${xml(summary)}</desc>`,
    `<rect x="0" y="0" width="${W}" height="${H}" fill="#ffffff"/>`,
  ];
  for (const e of yTicks) {
    const y = num(yOf(10 ** e));
    out.push(
      `<line x1="${M.left}" x2="${num(M.left + plotW)}" y1="${y}" y2="${y}" stroke="#e3e3df" stroke-width="${stroke}"/>`,
    );
    if (e < yHi)
      for (const f of [2, 5]) {
        const yf = num(yOf(f * 10 ** e));
        out.push(
          `<line x1="${M.left}" x2="${num(M.left + plotW)}" y1="${yf}" y2="${yf}" stroke="#f1f1ee" stroke-width="${stroke}"/>`,
        );
      }
    out.push(
      `<text x="${num(M.left - fs * 0.6)}" y="${y}" text-anchor="end" dy="0.35em" fill="#3d4148">${formatCount(10 ** e)}</text>`,
    );
  }
  const base = M.top + plotH;
  for (const r of xTicks) {
    const x = num(xOf(r));
    out.push(
      `<line x1="${x}" x2="${x}" y1="${num(base)}" y2="${num(base + fs * 0.4)}" stroke="#676c75" stroke-width="${stroke}"/>`,
      `<text x="${x}" y="${num(base + fs * 1.5)}" text-anchor="middle" fill="#3d4148">${formatCount(r)}</text>`,
    );
  }
  out.push(
    `<line x1="${M.left}" x2="${num(M.left + plotW)}" y1="${num(base)}" y2="${num(base)}" stroke="#676c75" stroke-width="${stroke}"/>`,
    `<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${num(base)}" stroke="#676c75" stroke-width="${stroke}"/>`,
    `<text x="${num(M.left + plotW / 2)}" y="${num(H - fs * 0.5)}" text-anchor="middle" fill="#1d1f23">rank${logX ? ' (log scale)' : ''}</text>`,
    `<text transform="translate(${num(fs * 0.4 + fs * 0.6)} ${num(M.top + plotH / 2)}) rotate(-90)" text-anchor="middle" dy="0.35em" fill="#1d1f23">${xml(fitText(`size in ${shown} (log scale)`, plotH, fs))}</text>`,
  );
  const lineScale = S.unit === 'pt' ? 0.5 : 1;
  for (const s of series)
    out.push(
      `<polyline data-series="${xml(s.name)}" points="${points(s.sizes, xOf, yOf)}" fill="none" ${seriesStroke(s, lineScale)} stroke-linejoin="round"/>`,
    );
  // The legend in the top right corner of the plot.
  const right = M.left + plotW - fs * 0.6;
  out.push(legendSvg(series, { fs, W, stroke, lineScale, right, top: M.top + fs * 0.6 }), '</svg>');
  return out.join('');
}

// ------------------------------------------------------------------ depth sweep

/** Whether some system of the result carries a depth sweep (`--depth-sweep`, paths systems). */
export function hasSweep(result) {
  return (result.systems ?? []).some((s) => !s.error && Array.isArray(s.sweep) && s.sweep.length);
}

/** The measures ("token.m1", "type.macro_i_m1", …) with a number at some depth of some sweep. */
export function sweepMeasures(result) {
  const keys = new Set();
  for (const s of result.systems ?? [])
    for (const point of s.sweep ?? [])
      for (const level of ['token', 'type'])
        for (const [id, v] of Object.entries(point[level] ?? {}))
          if (typeof v === 'number') keys.add(`${level}.${id}`);
  return [...keys];
}

/** A sweep measure's title and direction: "token.m1" → {label: "Token M-1", higherIsBetter}. */
export function sweepMeasure(key) {
  const [level, id] = key.split('.');
  const measure = MEASURE_BY_ID[id];
  return {
    label: `${level === 'token' ? 'Token' : 'Type'} ${measure?.label ?? id}`,
    higherIsBetter: measure ? measure.higherIsBetter : null,
  };
}

/**
 * The sweep's series for one measure ("token.m1"): [{name, points: [[depth, value]], best,
 * colour, dash, width}], a line per system with a sweep; `best` is the depth of the best value
 * (the first of equals) when the measure has a direction (`higherIsBetter` true or false).
 */
export function sweepSeries(result, key, higherIsBetter = true) {
  const [level, id] = key.split('.');
  const series = [];
  let i = 0;
  for (const s of result.systems ?? []) {
    if (s.error || !Array.isArray(s.sweep) || !s.sweep.length) continue;
    const points = s.sweep
      .map((p) => [p.depth, p[level]?.[id]])
      .filter(([, v]) => typeof v === 'number');
    if (!points.length) continue;
    let best = null;
    if (higherIsBetter !== null)
      for (const [d, v] of points)
        if (best === null || (higherIsBetter ? v > best[1] : v < best[1])) best = [d, v];
    series.push({
      name: s.name,
      points,
      best: best?.[0] ?? null,
      colour: COLOURS[i % COLOURS.length],
      dash: DASHES[Math.floor(i / COLOURS.length) % DASHES.length],
      width: 1.8,
    });
    i += 1;
  }
  return series;
}

/** Round steps between lo and hi for a value axis: [ticks], at most about six. */
function valueTicks(lo, hi) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / 5;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * p).find((s) => s >= raw) ?? 10 * p;
  const ticks = [];
  for (let t = Math.ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9; t += step)
    ticks.push(Math.round(t / step) * step);
  return ticks;
}

/**
 * Each system's value of one measure against the depth its paths are cut at, a line a system,
 * the best depth ringed; an SVG string, or null when no sweep holds the measure. opts: {key
 * ("token.m1"), label (the measure's name), higherIsBetter (true, false or null), size}.
 */
export function sweepPlotSvg(result, { key, label = key, higherIsBetter = true, size = 'screen' } = {}) {
  const series = sweepSeries(result, key, higherIsBetter);
  if (!series.length) return null;
  const S = FIGURE_SIZES[size] ?? FIGURE_SIZES.screen;
  const fs = S.font;
  const W = S.width;
  const H = Math.round(W * (size === 'screen' ? 400 / 760 : 0.62));
  const values = series.flatMap((s) => s.points.map(([, v]) => v));
  const maxDepth = Math.max(...series.flatMap((s) => s.points.map(([d]) => d)));
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 1e-12) [lo, hi] = [lo - 0.5, hi + 0.5];
  const yTicks = valueTicks(lo, hi);
  lo = Math.min(lo, yTicks[0]);
  hi = Math.max(hi, yTicks.at(-1));
  const xTicks = linearTicks(maxDepth);
  const tickText = (v) => String(+v.toPrecision(6));
  const tickW = Math.max(...yTicks.map((v) => textWidth(tickText(v), fs)));
  const M = {
    left: Math.ceil(fs * 0.4 + fs * 1.2 + fs * 0.6 + tickW + fs * 0.6),
    right: Math.ceil(fs * 1.5),
    top: Math.ceil(fs * 0.9),
    bottom: Math.ceil(fs * 3.4),
  };
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const xOf = (d) => M.left + (maxDepth > 1 ? ((d - 1) / (maxDepth - 1)) * plotW : plotW / 2);
  const yOf = (v) => M.top + plotH - ((v - lo) / (hi - lo)) * plotH;
  const stroke = S.unit === 'pt' ? 0.6 : 1;
  const lineScale = S.unit === 'pt' ? 0.5 : 1;
  const summary = series
    .map((s) => {
      const best = s.points.find(([d]) => d === s.best);
      return `${s.name}: ${s.points.length} depths${best ? `, best at depth ${best[0]} (${tickText(best[1])})` : ''}`;
    })
    .join('; ');
  const out = [
    svgOpen(
      S,
      W,
      H,
      ` class="sweep-svg" role="img" aria-labelledby="sweep-title sweep-desc" data-measure="${xml(key)}" data-size="${S.id}"`,
    ),
    `<title id="sweep-title">${xml(label)} against the depth of the paths</title>`,
    `<desc id="sweep-desc">${xml(summary)}</desc>`,
    `<rect x="0" y="0" width="${W}" height="${H}" fill="#ffffff"/>`,
  ];
  for (const v of yTicks) {
    const y = num(yOf(v));
    out.push(
      `<line x1="${M.left}" x2="${num(M.left + plotW)}" y1="${y}" y2="${y}" stroke="#e3e3df" stroke-width="${stroke}"/>`,
      `<text x="${num(M.left - fs * 0.6)}" y="${y}" text-anchor="end" dy="0.35em" fill="#3d4148">${tickText(v)}</text>`,
    );
  }
  const base = M.top + plotH;
  for (const d of xTicks) {
    const x = num(xOf(d));
    out.push(
      `<line x1="${x}" x2="${x}" y1="${num(base)}" y2="${num(base + fs * 0.4)}" stroke="#676c75" stroke-width="${stroke}"/>`,
      `<text x="${x}" y="${num(base + fs * 1.5)}" text-anchor="middle" fill="#3d4148">${d}</text>`,
    );
  }
  out.push(
    `<line x1="${M.left}" x2="${num(M.left + plotW)}" y1="${num(base)}" y2="${num(base)}" stroke="#676c75" stroke-width="${stroke}"/>`,
    `<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${num(base)}" stroke="#676c75" stroke-width="${stroke}"/>`,
    `<text x="${num(M.left + plotW / 2)}" y="${num(H - fs * 0.5)}" text-anchor="middle" fill="#1d1f23">depth (bits of the path)</text>`,
    `<text transform="translate(${num(fs * 0.4 + fs * 0.6)} ${num(M.top + plotH / 2)}) rotate(-90)" text-anchor="middle" dy="0.35em" fill="#1d1f23">${xml(fitText(label, plotH, fs))}</text>`,
  );
  for (const s of series) {
    const pts = s.points.map(([d, v]) => `${xOf(d).toFixed(1)},${yOf(v).toFixed(1)}`);
    if (pts.length === 1) pts.push(pts[0]);
    out.push(
      `<polyline data-series="${xml(s.name)}" points="${pts.join(' ')}" fill="none" ${seriesStroke(s, lineScale)} stroke-linejoin="round"/>`,
    );
    const best = s.points.find(([d]) => d === s.best);
    if (best)
      out.push(
        `<circle data-best="${xml(s.name)}" data-depth="${best[0]}" cx="${num(xOf(best[0]))}" cy="${num(yOf(best[1]))}" r="${num(fs * 0.45)}" fill="none" stroke="${s.colour}" stroke-width="${num(2 * lineScale)}"/>`,
      );
  }
  // The legend in the bottom right corner: the lines mostly rise with depth.
  const right = M.left + plotW - fs * 0.6;
  out.push(legendSvg(series, { fs, W, stroke, lineScale, right, bottom: M.top + plotH - fs * 0.6 }), '</svg>');
  return out.join('');
}
