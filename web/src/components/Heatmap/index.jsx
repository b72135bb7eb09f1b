import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { saveBlob, stem } from '../../download.js';
import { formatCount } from '../../format.js';
import { PALETTE, cellCount, colourIndex, heatmapLayout, paletteGradient } from '../../heatmap.js';
import { MAPPING_OPTIONS, Segmented } from '../Segmented/index.jsx';
import './style.css';

const SOURCES = [
  ['accuracy', 'token accuracy', { m1: 'm1', o1: 'o1' }],
  ['macro_i', 'MacroI', { m1: 'macro_i_m1', o1: 'macro_i_o1' }],
  ['micro_i', 'MicroI', { m1: 'micro_i_m1', o1: 'micro_i_o1' }],
  ['micro_c', 'MicroC', { m1: 'micro_c_m1', o1: 'micro_c_o1' }],
];

const MAX_CELL = 28;
const ROW_MAX = 24;
const SCROLL_MAX = 3000;
const RIGHT_ROOM = 44;
const LABEL_MIN = 11; // a cell this size (CSS px) or larger gets its row or column label
const ROW_LABELS = 96;
const COL_LABELS = 78;
const PLOT_HEIGHT = 560;
const FONT = '11px system-ui, sans-serif';

/**
 * Gold classes × system clusters, coloured by count on a log scale, rows and columns ordered so
 * that the mapping runs along the diagonal, mapped cells outlined. Drawn on a canvas (one fill
 * per non-empty cell) so that a thousand clusters stay smooth; the pointer or the arrow keys
 * show a cell's labels, count and shares.
 */
export function Heatmap({ system, goldName }) {
  const detail = system.detail;
  const [mapKind, setMapKind] = useState('m1');
  const [counts, setCounts] = useState('tokens');
  const [source, setSource] = useState('accuracy');
  const sources = SOURCES.filter(([, , ids]) => Array.isArray(detail.mapping?.[ids[mapKind]]));
  const hasItems = Array.isArray(detail.item_cells) && detail.item_cells.length > 0;
  const hasTokens = Array.isArray(detail.cells) && detail.cells.length > 0;
  // Lexicon inputs have no tokens: then items, whatever was asked.
  const counting = (counts === 'items' && hasItems) || !hasTokens ? 'items' : 'tokens';
  const chosen = sources.find(([id]) => id === source) ?? sources[0];
  const mappingId = chosen ? chosen[2][mapKind] : null;
  const mapping = mappingId ? detail.mapping[mappingId] : null;
  const layout = useMemo(
    () => heatmapLayout(detail, counting, mapping),
    [detail, counting, mapping],
  );

  const canvasRef = useRef(null);
  const wrapRef = useRef(null);
  const [width, setWidth] = useState(0);
  const [dpr, setDpr] = useState(() => window.devicePixelRatio || 1);
  const [cursor, setCursor] = useState(null); // {row, col, from: 'pointer'|'keys'}
  const [scroll, setScroll] = useState({ x: 0, y: 0 });

  useLayoutEffect(() => {
    const el = wrapRef.current;
    if (!el) return undefined;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // A new devicePixelRatio (zoom, another screen) redraws at the new resolution.
  useEffect(() => {
    let mq;
    const listen = () => {
      mq = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      mq.addEventListener('change', onChange, { once: true });
    };
    const onChange = () => {
      setDpr(window.devicePixelRatio || 1);
      listen();
    };
    listen();
    return () => mq?.removeEventListener('change', onChange);
  }, []);

  const geom = useMemo(() => geometry(layout, width), [layout, width]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !geom) return;
    draw(canvas, layout, detail, geom, dpr);
  }, [layout, detail, geom, dpr]);

  useEffect(() => setCursor(null), [layout]);

  const hit = cursor && geom ? cellAt(layout, detail, cursor.row, cursor.col) : null;

  const onMove = (e) => {
    if (!geom) return;
    const r = canvasRef.current.getBoundingClientRect();
    const x = e.clientX - r.left - geom.left;
    const y = e.clientY - r.top - geom.top;
    const col = Math.floor(x / geom.cellW);
    const row = Math.floor(y / geom.cellH);
    if (col < 0 || row < 0 || col >= layout.m || row >= layout.n) setCursor(null);
    else if (!cursor || cursor.row !== row || cursor.col !== col)
      setCursor({ row, col, from: 'pointer' });
  };

  const onKey = (e) => {
    const step = {
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      PageUp: [-10, 0],
      PageDown: [10, 0],
    }[e.key];
    let next;
    const at = cursor ?? { row: 0, col: 0 };
    if (step) next = { row: at.row + step[0], col: at.col + step[1] };
    else if (e.key === 'Home') next = { row: at.row, col: 0 };
    else if (e.key === 'End') next = { row: at.row, col: layout.m - 1 };
    else if (e.key === 'Escape') return setCursor(null);
    else return undefined;
    e.preventDefault();
    next.row = Math.max(0, Math.min(layout.n - 1, next.row));
    next.col = Math.max(0, Math.min(layout.m - 1, next.col));
    setCursor({ ...next, from: 'keys' });
    // Keep the cell in view when the plot scrolls.
    const wrap = wrapRef.current;
    if (wrap && geom) {
      const x = geom.left + next.col * geom.cellW;
      if (x < wrap.scrollLeft) wrap.scrollLeft = x - 20;
      else if (x + geom.cellW > wrap.scrollLeft + wrap.clientWidth)
        wrap.scrollLeft = x + geom.cellW - wrap.clientWidth + 20;
    }
    return undefined;
  };

  const exportPng = () => {
    canvasRef.current.toBlob((blob) => {
      if (blob)
        saveBlob(
          blob,
          `${stem(goldName)}-${stem(system.name)}-heatmap-${counting}-${mappingId ?? 'none'}.png`,
        );
    }, 'image/png');
  };

  // Read out for the keyboard only: a screen reader need not hear every pointer move.
  const describeHit =
    hit && cursor.from === 'keys'
      ? `${hit.classLabel} × ${hit.clusterLabel}: ${formatCount(hit.count)} ${counting}` +
        `, ${pct(hit.count, layout.rowTotal[hit.c])} of the class, ${pct(hit.count, layout.colTotal[hit.k])} of the cluster` +
        (hit.mapped
          ? '; mapped'
          : layout.map[hit.k] >= 0
            ? `; the cluster maps to ${detail.classes[layout.map[hit.k]]}`
            : '; the cluster is unmapped')
      : '';

  return (
    <div class="heatmap" data-testid="heatmap">
      <div class="view-controls">
        <Segmented
          label="Mapping"
          name="heatmap-mapping"
          testPrefix="heatmap"
          options={MAPPING_OPTIONS}
          value={mapKind}
          onChange={setMapKind}
        />
        <Segmented
          label="Counts"
          name="heatmap-counts"
          testPrefix="heatmap"
          options={['tokens', 'items'].map((id) => {
            const missing = id === 'items' ? !hasItems : !hasTokens;
            return {
              id,
              label: id,
              disabled: missing,
              title: missing ? `this result has no ${id}` : undefined,
            };
          })}
          value={counting}
          onChange={setCounts}
        />
        {sources.length > 1 && (
          <label class="view-field">
            Mapping of
            <select
              value={chosen?.[0]}
              onChange={(e) => setSource(e.currentTarget.value)}
              data-testid="heatmap-source"
            >
              {sources.map(([id, label]) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          class="button button-small"
          onClick={exportPng}
          data-testid="heatmap-png"
        >
          Download PNG
        </button>
      </div>

      <p class="view-caption">
        {formatCount(layout.n)} gold classes (rows) × {formatCount(layout.m)} clusters (columns) of{' '}
        <span class="view-name">{system.name}</span>, {counting} per cell;{' '}
        {mapping ? (
          <>
            outlined: the {mapKind === 'm1' ? 'many-to-one' : 'one-to-one'} mapping of {chosen[1]}.
          </>
        ) : (
          'this result holds no mapping.'
        )}{' '}
        Point at a cell, or focus the picture and use the arrow keys.
      </p>

      <div class="heatmap-frame">
        <div
          class="heatmap-scroll"
          ref={wrapRef}
          onScroll={(e) =>
            setScroll({ x: e.currentTarget.scrollLeft, y: e.currentTarget.scrollTop })
          }
        >
          {geom && (
            <div
              class="heatmap-stage"
              style={{ width: `${geom.width}px`, height: `${geom.height}px` }}
            >
              <canvas
                ref={canvasRef}
                class="heatmap-canvas"
                data-testid="heatmap-canvas"
                data-rows={layout.n}
                data-cols={layout.m}
                data-mapping={mappingId ?? ''}
                data-counts={counting}
                tabIndex={0}
                role="img"
                aria-label={`Heatmap of ${layout.n} gold classes by ${layout.m} clusters; use the arrow keys to read the cells`}
                aria-describedby="heatmap-readout"
                style={{ width: `${geom.width}px`, height: `${geom.height}px` }}
                onMouseMove={onMove}
                onMouseLeave={() => cursor?.from === 'pointer' && setCursor(null)}
                onKeyDown={onKey}
                onFocus={() => !cursor && setCursor({ row: 0, col: 0, from: 'keys' })}
                onBlur={() => cursor?.from === 'keys' && setCursor(null)}
              />
              {hit && (
                <>
                  <div
                    class="heatmap-hover"
                    style={{
                      left: `${geom.left + cursor.col * geom.cellW - 1}px`,
                      top: `${geom.top + cursor.row * geom.cellH - 1}px`,
                      width: `${Math.max(geom.cellW, 2) + 2}px`,
                      height: `${Math.max(geom.cellH, 2) + 2}px`,
                    }}
                  />
                </>
              )}
            </div>
          )}
        </div>
        {hit && geom && (
          <Tooltip
            hit={hit}
            geom={geom}
            cursor={cursor}
            scroll={scroll}
            view={wrapRef.current?.clientWidth ?? geom.width}
            layout={layout}
            counting={counting}
            detail={detail}
          />
        )}
      </div>
      <p
        id="heatmap-readout"
        class="visually-hidden"
        aria-live="polite"
        data-testid="heatmap-readout"
      >
        {describeHit}
      </p>

      <div class="view-legend heatmap-legend" aria-hidden="true">
        <span>1</span>
        <span class="heatmap-ramp" style={{ background: paletteGradient() }} />
        <span>{formatCount(layout.max)}</span>
        <span class="heatmap-legend-note">{counting} per cell, log scale</span>
        <span class="heatmap-legend-mapped" />
        <span class="heatmap-legend-note">mapped</span>
      </div>
    </div>
  );
}

function Tooltip({ hit, geom, cursor, scroll, view, layout, counting, detail }) {
  // Placed in the frame around the scrolling plot, so that the plot's edges do not clip it.
  const cellLeft = geom.left + cursor.col * geom.cellW - scroll.x;
  const x = cellLeft + geom.cellW + 10;
  const y = geom.top + cursor.row * geom.cellH - scroll.y;
  const flip = x + 260 > view;
  const style = flip
    ? { right: `${Math.max(0, view - cellLeft + 10)}px`, top: `${y}px` }
    : { left: `${x}px`, top: `${y}px` };
  const target = layout.map[hit.k];
  return (
    <div class="heatmap-tip" style={style} data-testid="heatmap-tip" aria-hidden="true">
      <div>
        <span class="heatmap-tip-key">class</span> <strong>{hit.classLabel}</strong>
      </div>
      <div>
        <span class="heatmap-tip-key">cluster</span> <strong>{hit.clusterLabel}</strong>
      </div>
      <div>
        {formatCount(hit.count)} {counting}
      </div>
      <div>
        {pct(hit.count, layout.rowTotal[hit.c])} of the class ·{' '}
        {pct(hit.count, layout.colTotal[hit.k])} of the cluster
      </div>
      <div class="heatmap-tip-map">
        {hit.mapped
          ? 'mapped cell'
          : target >= 0
            ? `cluster maps to ${detail.classes[target]}`
            : 'cluster unmapped'}
      </div>
    </div>
  );
}

function cellAt(layout, detail, row, col) {
  const c = layout.rows[row];
  const k = layout.cols[col];
  if (c === undefined || k === undefined) return null;
  return {
    c,
    k,
    classLabel: String(detail.classes[c] ?? c),
    clusterLabel: String(detail.clusters[k] ?? k),
    count: cellCount(layout, c, k),
    mapped: layout.map[k] === c,
  };
}

const pct = (part, whole) =>
  whole > 0 ? `${((100 * part) / whole).toFixed(part === whole ? 0 : 1)}%` : '–';

/** Cell sizes and margins for a container `width` CSS pixels wide. */
function geometry(layout, width) {
  if (!width || !layout.n || !layout.m) return null;
  // Columns share the width (at most MAX_CELL, at least 1 px: then the plot scrolls); rows share
  // PLOT_HEIGHT (at most ROW_MAX, at least 2 px: then it scrolls).
  const size = (left) => {
    const fit = (width - left - 2) / layout.m;
    // Below one pixel a column, the plot scrolls sideways, up to SCROLL_MAX columns; beyond,
    // it is squeezed into the width (several clusters a pixel; the keyboard still reads each).
    const cellW = Math.min(MAX_CELL, fit >= 1 || layout.m > SCROLL_MAX ? fit : 1);
    const cellH = Math.min(ROW_MAX, Math.max(2, PLOT_HEIGHT / layout.n));
    return { cellW, cellH };
  };
  let left = 0;
  let { cellW, cellH } = size(0);
  if (cellH >= LABEL_MIN) {
    left = ROW_LABELS;
    ({ cellW, cellH } = size(left));
  }
  let top = 0;
  let right = 0;
  if (cellW >= LABEL_MIN) {
    // Column labels lean right: room for the last ones.
    top = COL_LABELS;
    right = RIGHT_ROOM;
    ({ cellW, cellH } = size(left + right));
    if (cellW < LABEL_MIN) [top, right] = [0, 0];
  }
  return {
    cellW,
    cellH,
    left,
    top,
    rowLabels: left > 0 && cellH >= 9,
    colLabels: top > 0,
    width: Math.ceil(left + cellW * layout.m + 1 + right),
    height: Math.ceil(top + cellH * layout.n + 1),
  };
}

function draw(canvas, layout, detail, g, dpr) {
  canvas.width = Math.round(g.width * dpr);
  canvas.height = Math.round(g.height * dpr);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);

  // Device-pixel edges, so that neighbouring cells meet without seams.
  const xs = (col) => Math.round((g.left + col * g.cellW) * dpr);
  const ys = (row) => Math.round((g.top + row * g.cellH) * dpr);
  ctx.fillStyle = '#f1f1ee';
  ctx.fillRect(xs(0), ys(0), xs(layout.m) - xs(0), ys(layout.n) - ys(0));

  const { m } = layout;
  for (const [key, v] of layout.lookup) {
    const c = Math.floor(key / m);
    const k = key - c * m;
    const row = layout.rowPos[c];
    const col = layout.colPos[k];
    const x0 = xs(col);
    const y0 = ys(row);
    ctx.fillStyle = PALETTE[colourIndex(v, layout.max)];
    ctx.fillRect(x0, y0, Math.max(1, xs(col + 1) - x0), Math.max(1, ys(row + 1) - y0));
  }

  // The mapping: a dark frame with a light inner line, visible on every colour of the scale.
  const big = g.cellW >= 4 && g.cellH >= 4;
  for (let k = 0; k < m; k++) {
    const c = layout.map[k];
    if (c < 0) continue;
    const col = layout.colPos[k];
    const row = layout.rowPos[c];
    const x0 = xs(col);
    const y0 = ys(row);
    const w = Math.max(1, xs(col + 1) - x0);
    const h = Math.max(1, ys(row + 1) - y0);
    if (big) {
      const lw = Math.max(1, Math.round(dpr));
      ctx.lineWidth = lw;
      ctx.strokeStyle = '#111111';
      ctx.strokeRect(x0 + lw / 2, y0 + lw / 2, w - lw, h - lw);
      ctx.strokeStyle = '#ffffff';
      ctx.strokeRect(x0 + lw * 1.5, y0 + lw * 1.5, w - 3 * lw, h - 3 * lw);
    } else if (h >= 4 * dpr) {
      // Narrow columns: a dark line above and below the cell keeps its colour visible, and a
      // run of mapped columns reads as one band.
      const lw = Math.max(1, Math.round(dpr));
      ctx.fillStyle = '#111111';
      ctx.fillRect(x0, y0, w, lw);
      ctx.fillRect(x0, y0 + h - lw, w, lw);
    } else {
      ctx.strokeStyle = '#111111';
      ctx.lineWidth = 1;
      ctx.strokeRect(x0 - 0.5, y0 - 0.5, w + 1, h + 1);
    }
  }

  ctx.fillStyle = '#3d4148';
  ctx.font = FONT.replace('11px', `${11 * dpr}px`);
  if (g.rowLabels) {
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (let row = 0; row < layout.n; row++) {
      const text = clip(String(detail.classes[layout.rows[row]]), 14);
      ctx.fillText(text, (g.left - 6) * dpr, (g.top + (row + 0.5) * g.cellH) * dpr);
    }
  }
  if (g.colLabels) {
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    for (let col = 0; col < layout.m; col++) {
      const text = clip(String(detail.clusters[layout.cols[col]]), 12);
      ctx.save();
      ctx.translate((g.left + (col + 0.5) * g.cellW) * dpr, (g.top - 6) * dpr);
      ctx.rotate(-Math.PI / 3);
      ctx.fillText(text, 0, 0);
      ctx.restore();
    }
  }
}

const clip = (text, n) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
