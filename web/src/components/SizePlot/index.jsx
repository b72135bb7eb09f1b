import { useRef, useState } from 'preact/hooks';
import { saveBlob, stem } from '../../download.js';
import { formatCount } from '../../format.js';
import { isBaseline } from '../../table.js';
import { Segmented } from '../Segmented/index.jsx';
import './style.css';

// Okabe & Ito's colour-blind-safe palette (without its yellow, too light on white); gold in
// black. Dash patterns tell the lines apart in grey too.
const COLOURS = ['#E69F00', '#56B4E9', '#009E73', '#0072B2', '#D55E00', '#CC79A7'];
const DASHES = ['', '7 3', '2 3', '9 3 2 3'];
const W = 760;
const H = 400;
const M = { left: 64, right: 16, top: 16, bottom: 46 };
const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';

/**
 * Ranked cluster sizes on a log y axis, for gold and each system (as in Frank, Goldwater &
 * Keller 2009, Figure 2), in items or tokens; SVG and PNG export. The sizes come ranked from the
 * result JSON (gold.sizes, each system's detail.sizes).
 */
export function SizePlot({ result }) {
  const [unit, setUnit] = useState('tokens');
  const [logX, setLogX] = useState(false);
  const svgRef = useRef(null);

  const has = (u) =>
    [result.gold, ...(result.systems ?? []).map((s) => s.detail ?? s)].some(
      (x) => Array.isArray(x?.sizes?.[u]) && x.sizes[u].some((v) => v > 0),
    );
  // Lexicon inputs have no tokens: then items, whatever was asked.
  const shown =
    has(unit) || !has(unit === 'tokens' ? 'items' : 'tokens')
      ? unit
      : unit === 'tokens'
        ? 'items'
        : 'tokens';
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

  if (!series.length) {
    return (
      <p class="view-empty" data-testid="sizes-empty">
        This result holds no cluster sizes.
      </p>
    );
  }

  const maxRank = Math.max(...series.map((s) => s.sizes.length));
  const maxSize = Math.max(...series.map((s) => s.sizes[0]));
  const minSize = Math.min(...series.map((s) => s.sizes[s.sizes.length - 1]));
  const yLo = Math.floor(Math.log10(Math.max(1, minSize)));
  const yHi = Math.max(yLo + 1, Math.ceil(Math.log10(maxSize)));
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const xOf = logX
    ? (r) => M.left + (maxRank > 1 ? (Math.log(r) / Math.log(maxRank)) * plotW : 0)
    : (r) => M.left + (maxRank > 1 ? ((r - 1) / (maxRank - 1)) * plotW : 0);
  const yOf = (v) => M.top + plotH - ((Math.log10(v) - yLo) / (yHi - yLo)) * plotH;

  const yTicks = [];
  for (let e = yLo; e <= yHi; e++) yTicks.push(e);
  const xTicks = logX ? logTicks(maxRank) : linearTicks(maxRank);
  const summary = series
    .map(
      (s) =>
        `${s.name}: ${formatCount(s.sizes.length)} clusters, largest ${formatCount(s.sizes[0])}`,
    )
    .join('; ');

  const exportSvg = () =>
    saveBlob(new Blob([svgText(svgRef.current)], { type: 'image/svg+xml' }), fileName('svg'));
  const exportPng = async () => {
    const blob = await svgToPng(svgRef.current, 2);
    if (blob) saveBlob(blob, fileName('png'));
  };
  const fileName = (ext) => `${stem(result.gold?.name)}-cluster-sizes-${shown}.${ext}`;

  return (
    <div class="sizeplot" data-testid="sizeplot">
      <div class="view-controls">
        <Segmented
          label="Size in"
          name="sizes-unit"
          testPrefix="sizes"
          options={['tokens', 'items'].map((u) => ({ id: u, label: u, disabled: !has(u) }))}
          value={shown}
          onChange={setUnit}
        />
        <label class="view-field">
          <input
            type="checkbox"
            checked={logX}
            onChange={(e) => setLogX(e.currentTarget.checked)}
          />
          log rank axis
        </label>
        <button
          type="button"
          class="button button-small"
          onClick={exportSvg}
          data-testid="sizes-svg"
        >
          Download SVG
        </button>
        <button
          type="button"
          class="button button-small"
          onClick={exportPng}
          data-testid="sizes-png"
        >
          Download PNG
        </button>
      </div>
      <svg
        ref={svgRef}
        class="sizeplot-svg"
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="sizeplot-title sizeplot-desc"
        font-family={FONT}
        font-size="12"
        data-unit={shown}
      >
        <title id="sizeplot-title">Ranked cluster sizes in {shown}</title>
        <desc id="sizeplot-desc">{summary}</desc>
        <rect x="0" y="0" width={W} height={H} fill="#ffffff" />
        {yTicks.map((e) => (
          <g key={`y${e}`}>
            <line
              x1={M.left}
              x2={M.left + plotW}
              y1={yOf(10 ** e)}
              y2={yOf(10 ** e)}
              stroke="#e3e3df"
            />
            {e < yHi &&
              [2, 5].map((f) => (
                <line
                  key={f}
                  x1={M.left}
                  x2={M.left + plotW}
                  y1={yOf(f * 10 ** e)}
                  y2={yOf(f * 10 ** e)}
                  stroke="#f1f1ee"
                />
              ))}
            <text
              x={M.left - 8}
              y={yOf(10 ** e)}
              text-anchor="end"
              dominant-baseline="middle"
              fill="#3d4148"
            >
              {formatCount(10 ** e)}
            </text>
          </g>
        ))}
        {xTicks.map((r) => (
          <g key={`x${r}`}>
            <line
              x1={xOf(r)}
              x2={xOf(r)}
              y1={M.top + plotH}
              y2={M.top + plotH + 5}
              stroke="#676c75"
            />
            <text x={xOf(r)} y={M.top + plotH + 18} text-anchor="middle" fill="#3d4148">
              {formatCount(r)}
            </text>
          </g>
        ))}
        <line
          x1={M.left}
          x2={M.left + plotW}
          y1={M.top + plotH}
          y2={M.top + plotH}
          stroke="#676c75"
        />
        <line x1={M.left} x2={M.left} y1={M.top} y2={M.top + plotH} stroke="#676c75" />
        <text x={M.left + plotW / 2} y={H - 8} text-anchor="middle" fill="#1d1f23">
          rank{logX ? ' (log scale)' : ''}
        </text>
        <text
          transform={`translate(16 ${M.top + plotH / 2}) rotate(-90)`}
          text-anchor="middle"
          fill="#1d1f23"
        >
          size in {shown} (log scale)
        </text>
        {series.map((s, j) => (
          <polyline
            key={j}
            data-series={s.name}
            points={points(s.sizes, xOf, yOf)}
            fill="none"
            stroke={s.colour}
            stroke-width={s.width}
            stroke-dasharray={s.dash || undefined}
            stroke-linejoin="round"
          />
        ))}
        <g transform={`translate(${M.left + plotW - 8} ${M.top + 8})`}>
          <rect
            x={-legendWidth(series)}
            y="-4"
            width={legendWidth(series) + 4}
            height={series.length * 18 + 6}
            fill="#ffffff"
            fill-opacity="0.9"
            stroke="#e3e3df"
          />
          {series.map((s, j) => (
            <g key={j} transform={`translate(${-legendWidth(series) + 8} ${j * 18 + 8})`}>
              <line
                x1="0"
                x2="26"
                y1="0"
                y2="0"
                stroke={s.colour}
                stroke-width={s.width}
                stroke-dasharray={s.dash || undefined}
              />
              <text x="34" y="0" dominant-baseline="middle" fill="#1d1f23">
                {s.name}
              </text>
            </g>
          ))}
        </g>
      </svg>
    </div>
  );
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

function legendWidth(series) {
  const longest = Math.max(...series.map((s) => s.name.length));
  return Math.min(420, 44 + longest * 6.6);
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

function logTicks(max) {
  const ticks = [];
  for (let t = 1; t <= max; t *= 10) ticks.push(t);
  return ticks;
}

function svgText(svg) {
  const clone = svg.cloneNode(true);
  clone.removeAttribute('class');
  clone.setAttribute('width', String(W));
  clone.setAttribute('height', String(H));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}\n`;
}

/** The SVG drawn onto a canvas at `scale`: a PNG Blob. */
function svgToPng(svg, scale) {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = W * scale;
      canvas.height = H * scale;
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      URL.revokeObjectURL(url);
      canvas.toBlob(resolve, 'image/png');
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    img.src = url;
  });
}
