import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { saveBlob, stem } from '../../download.js';
import { heatmapSvg, svgFile } from '../../figures.js';
import { formatCount } from '../../format.js';
import {
  EMPTY,
  PALETTE_NAME,
  binMax,
  binsToRgba,
  colName,
  displayCell,
  findLabel,
  foldNotes,
  foldTable,
  heatmapLayout,
  paletteGradient,
  rowName,
  suggestLabels,
} from '../../heatmap.js';
import { FigureExport } from '../FigureExport/index.jsx';
import { MAPPING_OPTIONS, Segmented } from '../Segmented/index.jsx';
import './style.css';

const SOURCES = [
  ['accuracy', 'token accuracy', { m1: 'm1', o1: 'o1' }],
  ['ceafe', 'the CEAF-e alignment', { m1: 'ceafe', o1: 'ceafe' }],
  ['macro_i', 'MacroI', { m1: 'macro_i_m1', o1: 'macro_i_o1' }],
  ['micro_i', 'MicroI', { m1: 'micro_i_m1', o1: 'micro_i_o1' }],
  ['micro_c', 'MicroC', { m1: 'micro_c_m1', o1: 'micro_c_o1' }],
];

const MAX_CELL = 28; // the widest column at the fitted view
const ROW_MAX = 24; // the tallest row at the fitted view
const ZOOM_CELL = 24; // zooming stops once cells are this size on both axes
const FIND_CELL = 16; // a found class or cluster is shown with cells this size
const LABEL_MIN = 11; // a row (column) this size or larger gets its label
const ROW_LABELS = 112; // the left margin: row labels, or the overview when zoomed
const COL_LABELS = 84; // the top margin: column labels
const RIGHT_ROOM = 44; // column labels lean right: room for the last ones
const PLOT_HEIGHT = 560;
const PLOT_TALL = 800; // rows that fit this height with their labels get them without zoom
const FONT = '11px system-ui, sans-serif';
const FOLD_STEPS = ['0', '0.01', '0.05', '0.1', '0.5', '1', '2', '5'];

/**
 * Gold classes × system clusters, coloured by count on a log scale, rows and columns ordered so
 * that the mapping runs along the diagonal, mapped cells outlined. Drawn on a canvas from a grid
 * of the drawn rows × columns (heatmap.js), one image for the window in view, so that a
 * thousand rows and columns draw in a frame. Larger tables zoom and pan (wheel, drag, keys),
 * with an overview of where the window is; a search box jumps to a class or cluster; small
 * rows and columns fold into `other`, and beyond heatmap.js DRAW_LIMIT they fold on their own,
 * as the caption then says. The SVG export is figures.js heatmapSvg, as scripts/figure.mjs
 * writes it.
 */
export function Heatmap({ system, goldName, coref = false }) {
  const detail = system.detail;
  const [mapKind, setMapKind] = useState('m1');
  const [counts, setCounts] = useState('tokens');
  const [source, setSource] = useState('accuracy');
  const [rowFold, setRowFold] = useState('0');
  const [colFold, setColFold] = useState('0');
  const [figSize, setFigSize] = useState('page');
  const sources = SOURCES.filter(([, , ids]) => Array.isArray(detail.mapping?.[ids[mapKind]]));
  const hasItems = Array.isArray(detail.item_cells) && detail.item_cells.length > 0;
  const hasTokens = Array.isArray(detail.cells) && detail.cells.length > 0;
  // Lexicon inputs have no tokens: then items, whatever was asked.
  const counting = (counts === 'items' && hasItems) || !hasTokens ? 'items' : 'tokens';
  const chosen = sources.find(([id]) => id === source) ?? sources[0];
  const mappingId = chosen ? chosen[2][mapKind] : null;
  const mapping = mappingId ? detail.mapping[mappingId] : null;
  // A coreference document (coref): key entities × response entities, shared mentions per
  // cell, CEAF-e's alignment as the mapping (corefDetail in lemmas.js).
  const layout = useMemo(
    () =>
      coref
        ? {
            ...heatmapLayout(detail, counting, mapping),
            unit: 'mentions',
            rowNouns: ['key entity', 'key entities'],
            colNouns: ['response entity', 'response entities'],
          }
        : heatmapLayout(detail, counting, mapping),
    [detail, counting, mapping, coref],
  );
  const display = useMemo(
    () =>
      foldTable(layout, {
        rowShare: Number(rowFold) / 100 || 0,
        colShare: Number(colFold) / 100 || 0,
      }),
    [layout, rowFold, colFold],
  );
  const notes = useMemo(() => foldNotes(display), [display]);

  const canvasRef = useRef(null);
  const wrapRef = useRef(null);
  const binCanvas = useRef(null);
  const [width, setWidth] = useState(0);
  const [dpr, setDpr] = useState(() => window.devicePixelRatio || 1);
  const [cursor, setCursor] = useState(null); // {row, col, from: 'pointer'|'keys'}
  const [view, setView] = useState({ z: 1, x0: 0, y0: 0 });
  const [query, setQuery] = useState('');
  const [found, setFound] = useState('');
  const drag = useRef(null);

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

  const geom = useMemo(() => geometry(display, width), [display, width]);
  const win = useMemo(() => (geom ? windowOf(geom, view) : null), [geom, view]);

  // Another table (fold, mapping, counts) starts from the whole picture.
  useEffect(() => {
    setView({ z: 1, x0: 0, y0: 0 });
    setCursor(null);
    setFound('');
  }, [display]);

  const labels = useMemo(
    () => (geom && win ? visibleLabels(display, win) : null),
    [display, geom, win],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !geom || !win) return;
    binCanvas.current ??= document.createElement('canvas');
    draw(canvas, binCanvas.current, display, geom, win, labels, dpr);
  }, [display, geom, win, labels, dpr]);

  const hit = cursor && geom ? cellAt(display, cursor.row, cursor.col) : null;

  // ---- zoom and pan ------------------------------------------------------------------------
  const clampView = (v) => {
    const z = Math.max(1, Math.min(geom.zoomMax, v.z));
    const w = windowOf(geom, { z, x0: 0, y0: 0 });
    return {
      z,
      x0: Math.max(0, Math.min(display.nc - w.cols, v.x0)),
      y0: Math.max(0, Math.min(display.nr - w.rows, v.y0)),
    };
  };
  /** Zooms by `factor` keeping the cell at plot point (px, py) (CSS px in the plot) in place. */
  const zoomAt = (factor, px = geom.plotW / 2, py = geom.plotH / 2) => {
    const now = windowOf(geom, view);
    const cx = view.x0 + px / now.cellW;
    const cy = view.y0 + py / now.cellH;
    const z = Math.max(1, Math.min(geom.zoomMax, view.z * factor));
    const next = windowOf(geom, { z, x0: 0, y0: 0 });
    setView(clampView({ z, x0: cx - px / next.cellW, y0: cy - py / next.cellH }));
  };
  /** Shows display cell (row, col) in the window, centred when `centre` or when out of view. */
  const reveal = (row, col, v = view, centre = false) => {
    const w = windowOf(geom, v);
    let { x0, y0 } = v;
    if (centre || col < x0 || col + 1 > x0 + w.cols) x0 = col + 0.5 - w.cols / 2;
    if (centre || row < y0 || row + 1 > y0 + w.rows) y0 = row + 0.5 - w.rows / 2;
    setView(clampView({ ...v, x0, y0 }));
  };
  const zoomable = geom ? geom.zoomMax > 1.0001 : false;

  const plotPoint = (e) => {
    const r = canvasRef.current.getBoundingClientRect();
    return {
      x: e.clientX - r.left - geom.left,
      y: e.clientY - r.top - geom.top,
      ox: e.clientX - r.left,
      oy: e.clientY - r.top,
    };
  };

  const onWheel = (e) => {
    if (!geom || !zoomable) return;
    const p = plotPoint(e);
    if (p.x < 0 || p.y < 0 || p.x > geom.plotW || p.y > geom.plotH) return;
    // At the whole picture, wheeling out scrolls the page as usual.
    if (e.deltaY > 0 && view.z <= 1) return;
    e.preventDefault();
    zoomAt(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.002)), p.x, p.y);
  };

  const overviewAt = (p) => {
    const o = geom.overview;
    if (!o || view.z <= 1) return null;
    if (p.ox < o.x || p.oy < o.y || p.ox > o.x + o.w || p.oy > o.y + o.h) return null;
    return { col: ((p.ox - o.x) / o.w) * display.nc, row: ((p.oy - o.y) / o.h) * display.nr };
  };

  const onPointerDown = (e) => {
    if (!geom || e.button !== 0) return;
    const p = plotPoint(e);
    const inOverview = overviewAt(p);
    if (inOverview) {
      drag.current = { overview: true };
      reveal(inOverview.row, inOverview.col, view, true);
    } else if (p.x >= 0 && p.y >= 0 && p.x <= geom.plotW && p.y <= geom.plotH) {
      drag.current = { x: e.clientX, y: e.clientY, x0: view.x0, y0: view.y0, moved: false };
    } else return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };

  const onPointerMove = (e) => {
    if (!geom) return;
    const p = plotPoint(e);
    const d = drag.current;
    if (d?.overview) {
      const o = geom.overview;
      reveal(((p.oy - o.y) / o.h) * display.nr, ((p.ox - o.x) / o.w) * display.nc, view, true);
      return;
    }
    if (d) {
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) d.moved = true;
      if (d.moved) {
        setView(clampView({ ...view, x0: d.x0 - dx / win.cellW, y0: d.y0 - dy / win.cellH }));
        return;
      }
    }
    const col = Math.floor(win.x0 + p.x / win.cellW);
    const row = Math.floor(win.y0 + p.y / win.cellH);
    if (
      p.x < 0 ||
      p.y < 0 ||
      p.x >= geom.plotW ||
      p.y >= geom.plotH ||
      col >= display.nc ||
      row >= display.nr
    )
      cursor?.from === 'pointer' && setCursor(null);
    else if (!cursor || cursor.row !== row || cursor.col !== col)
      setCursor({ row, col, from: 'pointer' });
  };

  const onPointerUp = () => {
    drag.current = null;
  };

  const onKey = (e) => {
    if (!geom) return undefined;
    if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      return zoomAround(1.6);
    }
    if (e.key === '-' || e.key === '_') {
      e.preventDefault();
      return zoomAround(1 / 1.6);
    }
    if (e.key === '0') {
      e.preventDefault();
      return setView({ z: 1, x0: 0, y0: 0 });
    }
    const big = e.shiftKey ? 10 : 1;
    const step = {
      ArrowLeft: [0, -big],
      ArrowRight: [0, big],
      ArrowUp: [-big, 0],
      ArrowDown: [big, 0],
      PageUp: [-10, 0],
      PageDown: [10, 0],
    }[e.key];
    let next;
    const at = cursor ?? { row: 0, col: 0 };
    if (step) next = { row: at.row + step[0], col: at.col + step[1] };
    else if (e.key === 'Home') next = { row: at.row, col: 0 };
    else if (e.key === 'End') next = { row: at.row, col: display.nc - 1 };
    else if (e.key === 'Escape') return setCursor(null);
    else return undefined;
    e.preventDefault();
    next.row = Math.max(0, Math.min(display.nr - 1, next.row));
    next.col = Math.max(0, Math.min(display.nc - 1, next.col));
    setCursor({ ...next, from: 'keys' });
    reveal(next.row, next.col);
    return undefined;
  };

  /** Zooms around the cursor's cell when it is in view, else around the centre. */
  const zoomAround = (factor) => {
    if (cursor && win) {
      const px = (cursor.col + 0.5 - win.x0) * win.cellW;
      const py = (cursor.row + 0.5 - win.y0) * win.cellH;
      if (px >= 0 && py >= 0 && px <= geom.plotW && py <= geom.plotH) return zoomAt(factor, px, py);
    }
    return zoomAt(factor);
  };

  // ---- search ------------------------------------------------------------------------------
  const suggestions = useMemo(() => suggestLabels(display, query), [display, query]);
  const onFind = (e) => {
    e.preventDefault();
    if (!geom) return;
    const f = findLabel(display, query);
    if (!f) {
      setFound(`No class or cluster is named like “${query.trim()}”.`);
      return;
    }
    // The other side of the cell: the row's (column's) mapped cell, else its largest.
    let row;
    let col;
    if (f.axis === 'row') {
      row = f.at;
      col = bestAlong(display, row, 'row');
    } else {
      col = f.at;
      row = bestAlong(display, col, 'col');
    }
    const z = Math.max(
      view.z,
      Math.min(geom.zoomMax, Math.max(FIND_CELL / geom.fitW, FIND_CELL / geom.fitH)),
    );
    const zv = { z, x0: view.x0, y0: view.y0 };
    reveal(row, col, zv, true);
    setCursor({ row, col, from: 'keys' });
    const what = f.axis === 'row' ? 'class' : 'cluster';
    const place =
      f.axis === 'row'
        ? `row ${formatCount(row + 1)} of ${formatCount(display.nr)}`
        : `column ${formatCount(col + 1)} of ${formatCount(display.nc)}`;
    setFound(
      f.folded
        ? `The ${what} ${f.name} is folded into “other” (${place}).`
        : `The ${what} ${f.name}: ${place}.`,
    );
  };

  // ---- export ------------------------------------------------------------------------------
  const fileStem = `${stem(goldName)}-${stem(system.name)}-heatmap-${counting}-${mappingId ?? 'none'}`;
  const exportPng = () => {
    canvasRef.current.toBlob((blob) => {
      if (blob) saveBlob(blob, `${fileStem}.png`);
    }, 'image/png');
  };
  const exportSvg = () => {
    const svg = heatmapSvg(display, {
      size: figSize,
      system: system.name,
      gold: goldName ?? '',
      mapping: mappingId ?? '',
    });
    saveBlob(new Blob([svgFile(svg)], { type: 'image/svg+xml' }), `${fileStem}-${figSize}.svg`);
  };

  const unit = coref ? 'mentions' : counting;
  // Read out for the keyboard only: a screen reader need not hear every pointer move.
  const describeHit =
    hit && cursor.from === 'keys'
      ? `${hit.classLabel} × ${hit.clusterLabel}: ${formatCount(hit.count)} ${unit}` +
        `, ${pct(hit.count, display.rowTotal[cursor.row])} of the class, ${pct(hit.count, display.colTotal[cursor.col])} of the cluster` +
        (hit.mapped ? '; mapped' : mapNote(display, hit))
      : '';

  const foldField = (label, value, set, id) => (
    <label class="view-field">
      {label}
      <select value={value} onChange={(e) => set(e.currentTarget.value)} data-testid={id}>
        {FOLD_STEPS.map((s) => (
          <option key={s} value={s}>
            {s === '0' ? 'none' : `below ${s}% of ${unit}`}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div class="heatmap" data-testid="heatmap">
      {!coref && (
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
      </div>
      )}
      <div class="view-controls">
        {foldField('Fold rows', rowFold, setRowFold, 'heatmap-fold-rows')}
        {foldField('Fold columns', colFold, setColFold, 'heatmap-fold-cols')}
        <form class="heatmap-find" role="search" onSubmit={onFind}>
          <label class="view-field">
            Find
            <input
              type="search"
              class="heatmap-find-input"
              placeholder="class or cluster"
              list="heatmap-suggestions"
              value={query}
              onInput={(e) => setQuery(e.currentTarget.value)}
              data-testid="heatmap-find"
            />
          </label>
          <datalist id="heatmap-suggestions">
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
          <button type="submit" class="button button-small" data-testid="heatmap-find-go">
            Go
          </button>
        </form>
      </div>
      <div class="view-controls">
        <div class="heatmap-zoom" role="group" aria-label="Zoom">
          <button
            type="button"
            class="button button-small"
            onClick={() => zoomAround(1.6)}
            disabled={!zoomable || view.z >= (geom?.zoomMax ?? 1)}
            data-testid="heatmap-zoom-in"
          >
            Zoom in
          </button>
          <button
            type="button"
            class="button button-small"
            onClick={() => zoomAround(1 / 1.6)}
            disabled={view.z <= 1}
            data-testid="heatmap-zoom-out"
          >
            Zoom out
          </button>
          <button
            type="button"
            class="button button-small"
            onClick={() => setView({ z: 1, x0: 0, y0: 0 })}
            disabled={view.z <= 1}
            data-testid="heatmap-zoom-fit"
          >
            Whole table
          </button>
        </div>
        <FigureExport
          sizes={['column', 'page']}
          size={figSize}
          onSize={setFigSize}
          onSvg={exportSvg}
          onPng={exportPng}
          testPrefix="heatmap"
        />
      </div>

      <p class="view-caption">
        {coref
          ? `${formatCount(layout.n)} key entities × ${formatCount(layout.m)} response entities of `
          : `${formatCount(layout.n)} gold classes × ${formatCount(layout.m)} clusters of `}
        <span class="view-name">{system.name}</span>, {coref ? 'shared mentions' : counting} per cell
        {display.nr !== layout.n || display.nc !== layout.m
          ? `, drawn as ${formatCount(display.nr)} rows × ${formatCount(display.nc)} columns`
          : ''}
        ;{' '}
        {mapping ? (
          <>
            outlined: {coref ? "CEAF-e's optimal one-to-one alignment" : `the ${mapKind === 'm1' ? 'many-to-one' : 'one-to-one'} mapping of ${chosen[1]}`}.
          </>
        ) : (
          'this result holds no mapping.'
        )}{' '}
        Point at a cell, or focus the picture and use the arrow keys
        {zoomable ? '; zoom with the wheel or + and −, drag to pan' : ''}.
      </p>
      {found && (
        <p class="view-caption heatmap-found" role="status" data-testid="heatmap-found">
          {found}
        </p>
      )}

      <div class="heatmap-frame" ref={wrapRef}>
        {geom && (
          <div
            class="heatmap-stage"
            style={{ width: `${geom.width}px`, height: `${geom.height}px` }}
          >
            <canvas
              ref={canvasRef}
              class={`heatmap-canvas${zoomable ? ' is-zoomable' : ''}`}
              data-testid="heatmap-canvas"
              data-rows={display.nr}
              data-cols={display.nc}
              data-mapping={mappingId ?? ''}
              data-counts={counting}
              data-zoom={view.z.toFixed(3)}
              data-window={win ? `${win.r0} ${win.r1} ${win.c0} ${win.c1}` : ''}
              data-row-labels={labels?.rows.map((l) => l.text).join('\n') ?? ''}
              data-col-labels={labels?.cols.map((l) => l.text).join('\n') ?? ''}
              tabIndex={0}
              role="img"
              aria-label={`Heatmap of ${display.nr} rows (gold classes) by ${display.nc} columns (clusters); use the arrow keys to read the cells${zoomable ? ', + and − to zoom, 0 for the whole table' : ''}`}
              aria-describedby="heatmap-readout"
              style={{ width: `${geom.width}px`, height: `${geom.height}px` }}
              onWheel={onWheel}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onPointerLeave={() => !drag.current && cursor?.from === 'pointer' && setCursor(null)}
              onKeyDown={onKey}
              onFocus={() => !cursor && setCursor({ row: 0, col: 0, from: 'keys' })}
              onBlur={() => cursor?.from === 'keys' && setCursor(null)}
            />
            {hit && win && inWindow(win, cursor) && (
              <div
                class="heatmap-hover"
                style={{
                  left: `${geom.left + (cursor.col - win.x0) * win.cellW - 1}px`,
                  top: `${geom.top + (cursor.row - win.y0) * win.cellH - 1}px`,
                  width: `${Math.max(win.cellW, 2) + 2}px`,
                  height: `${Math.max(win.cellH, 2) + 2}px`,
                }}
              />
            )}
            {hit && win && inWindow(win, cursor) && (
              <Tooltip
                hit={hit}
                geom={geom}
                win={win}
                cursor={cursor}
                display={display}
                counting={unit}
              />
            )}
          </div>
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
        <span>{formatCount(display.max)}</span>
        <span class="heatmap-legend-note">
          {unit} per cell, log scale ({PALETTE_NAME.split(',')[0]})
        </span>
        <span class="heatmap-legend-mapped" />
        <span class="heatmap-legend-note">mapped</span>
      </div>
      {notes.length > 0 && (
        <p class="view-caption heatmap-fold-note" data-testid="heatmap-fold-note">
          {notes.join(' ')}
        </p>
      )}
    </div>
  );
}

function Tooltip({ hit, geom, win, cursor, display, counting }) {
  const cellLeft = geom.left + (cursor.col - win.x0) * win.cellW;
  const x = cellLeft + win.cellW + 10;
  const y = geom.top + (cursor.row - win.y0) * win.cellH;
  const flip = x + 260 > geom.width;
  const style = flip
    ? { right: `${Math.max(0, geom.width - cellLeft + 10)}px`, top: `${y}px` }
    : { left: `${x}px`, top: `${y}px` };
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
        {pct(hit.count, display.rowTotal[cursor.row])} of the class ·{' '}
        {pct(hit.count, display.colTotal[cursor.col])} of the cluster
      </div>
      <div class="heatmap-tip-map">
        {hit.mapped ? 'mapped cell' : mapNote(display, hit).slice(2)}
      </div>
    </div>
  );
}

/** What the mapping says of an unmapped cell's column: "; the cluster maps to X". */
function mapNote(display, hit) {
  const k = display.cols[hit.col];
  if (k < 0) return '; folded clusters';
  const c = display.layout.map[k];
  return c >= 0
    ? `; the cluster maps to ${display.layout.classes[c]}`
    : '; the cluster is unmapped';
}

function cellAt(display, row, col) {
  if (row < 0 || col < 0 || row >= display.nr || col >= display.nc) return null;
  const { count, mapped } = displayCell(display, row, col);
  const folded = (side, noun) =>
    side.folded ? ` (${formatCount(side.folded)} ${side.folded === 1 ? noun : `${noun}es`})` : '';
  const c = display.rows[row];
  const k = display.cols[col];
  return {
    row,
    col,
    classLabel: c >= 0 ? rowName(display, row) : `other${folded(display.fold.rows, 'class')}`,
    clusterLabel: colName(display, col),
    count,
    mapped,
    k,
  };
}

/** The column (row) of the mapped cell in display row (column) `i`, else of its largest. */
function bestAlong(display, i, axis) {
  const { nr, nc, grid, mark } = display;
  let best = 0;
  let bestV = -1;
  const n = axis === 'row' ? nc : nr;
  for (let j = 0; j < n; j++) {
    const at = axis === 'row' ? i * nc + j : j * nc + i;
    const v = grid[at] + (mark[at] ? Number.MAX_SAFE_INTEGER : 0);
    if (v > bestV) [best, bestV] = [j, v];
  }
  return best;
}

const inWindow = (win, cursor) =>
  cursor.col >= Math.floor(win.x0) &&
  cursor.col < win.x0 + win.cols &&
  cursor.row >= Math.floor(win.y0) &&
  cursor.row < win.y0 + win.rows;

const pct = (part, whole) =>
  whole > 0 ? `${((100 * part) / whole).toFixed(part === whole ? 0 : 1)}%` : '–';

/**
 * The plot's frame for a container `width` CSS pixels wide: margins, the fitted cell size
 * (the whole table in view) and how far zoom may go.
 */
function geometry(display, width) {
  const { nr, nc } = display;
  if (!width || !nr || !nc) return null;
  const left = ROW_LABELS;
  const top = COL_LABELS;
  const avail = Math.max(40, width - left - RIGHT_ROOM);
  const fitW = Math.min(MAX_CELL, avail / nc);
  const fitH = Math.min(
    ROW_MAX,
    Math.max(PLOT_HEIGHT, nr * LABEL_MIN <= PLOT_TALL ? nr * LABEL_MIN : 0) / nr,
  );
  const plotW = fitW * nc;
  const plotH = fitH * nr;
  const zoomMax = Math.max(1, ZOOM_CELL / fitW, ZOOM_CELL / fitH);
  // The overview sits in the corner between the labels, as wide as the plot's aspect allows.
  const boxW = left - 16;
  const boxH = top - 16;
  const s = Math.min(boxW / plotW, boxH / plotH);
  const ow = Math.max(12, plotW * s);
  const oh = Math.max(12, plotH * s);
  return {
    nr,
    nc,
    left,
    top,
    fitW,
    fitH,
    plotW,
    plotH,
    zoomMax,
    width: Math.ceil(left + plotW + RIGHT_ROOM),
    height: Math.ceil(top + plotH + 2),
    overview: { x: (left - ow) / 2, y: (top - oh) / 2, w: ow, h: oh },
  };
}

/** The cell size at zoom z on one axis: from the fitted size up to ZOOM_CELL. */
const zoomed = (fit, z) => (fit >= ZOOM_CELL ? fit : Math.min(ZOOM_CELL, fit * z));

/** The window in view: cell size, first cell (fractional) and how many cells fit. */
function windowOf(g, view) {
  const cellW = zoomed(g.fitW, view.z);
  const cellH = zoomed(g.fitH, view.z);
  const cols = g.plotW / cellW;
  const rows = g.plotH / cellH;
  // Kept inside the table, also for a view made for another table (before it is reset).
  const x0 = Math.max(0, Math.min(g.nc - cols, view.x0));
  const y0 = Math.max(0, Math.min(g.nr - rows, view.y0));
  return {
    cellW,
    cellH,
    cols,
    rows,
    x0,
    y0,
    c0: Math.floor(x0),
    c1: Math.min(g.nc, Math.ceil(x0 + cols - 1e-9)),
    r0: Math.floor(y0),
    r1: Math.min(g.nr, Math.ceil(y0 + rows - 1e-9)),
    zoomed: view.z > 1,
  };
}

/** The labels to draw for the window: those rows (columns) tall (wide) enough for one. */
function visibleLabels(display, win) {
  const rows = [];
  const cols = [];
  if (win.cellH >= LABEL_MIN)
    for (let r = win.r0; r < Math.min(win.r1, display.nr); r++)
      rows.push({ at: r, text: rowName(display, r), other: display.rows[r] < 0 });
  if (win.cellW >= LABEL_MIN)
    for (let c = win.c0; c < Math.min(win.c1, display.nc); c++)
      cols.push({ at: c, text: colName(display, c), other: display.cols[c] < 0 });
  return { rows, cols };
}

function draw(canvas, binCanvas, display, g, win, labels, dpr) {
  // A new size clears and reallocates the canvas: only when it changes.
  const cw = Math.round(g.width * dpr);
  const ch = Math.round(g.height * dpr);
  if (canvas.width !== cw) canvas.width = cw;
  if (canvas.height !== ch) canvas.height = ch;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, g.width, g.height);
  ctx.fillStyle = EMPTY;
  ctx.fillRect(g.left, g.top, g.plotW, g.plotH);

  // The cells of the window as one image, one pixel a cell, or a block of cells where cells
  // are smaller than a device pixel (the largest count of the block: no cell vanishes).
  const c1 = Math.min(win.c1, display.nc);
  const r1 = Math.min(win.r1, display.nr);
  const bx = win.cellW * dpr >= 1 ? 1 : Math.ceil(1 / (win.cellW * dpr));
  const by = win.cellH * dpr >= 1 ? 1 : Math.ceil(1 / (win.cellH * dpr));
  const c0 = Math.floor(win.c0 / bx) * bx;
  const r0 = Math.floor(win.r0 / by) * by;
  const { bins, rows, cols } = binMax(display, r0, r1, c0, c1, by, bx);
  ctx.save();
  ctx.beginPath();
  ctx.rect(g.left, g.top, g.plotW, g.plotH);
  ctx.clip();
  if (rows > 0 && cols > 0) {
    binCanvas.width = cols;
    binCanvas.height = rows;
    const bctx = binCanvas.getContext('2d');
    bctx.putImageData(new ImageData(binsToRgba(bins, display.max), cols, rows), 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(
      binCanvas,
      0,
      0,
      cols,
      rows,
      g.left + (c0 - win.x0) * win.cellW,
      g.top + (r0 - win.y0) * win.cellH,
      cols * bx * win.cellW,
      rows * by * win.cellH,
    );
  }

  // The mapping: a dark frame with a light inner line, visible on every colour of the scale;
  // never smaller than 5 px, so that it shows at every zoom. One path for all the frames.
  const px = 1 / dpr;
  const { nc } = display;
  const w = Math.max(5, win.cellW);
  const h = Math.max(5, win.cellH);
  const lw = Math.max(px, Math.min(1.5, Math.min(w, h) / 5));
  const inner = w >= 6 && h >= 6;
  const dark = new Path2D();
  const light = new Path2D();
  for (const at of display.mapped) {
    const r = Math.floor(at / nc);
    const c = at - r * nc;
    if (c < win.c0 || c >= win.c1 || r < win.r0 || r >= win.r1) continue;
    const x = g.left + (c + 0.5 - win.x0) * win.cellW - w / 2;
    const y = g.top + (r + 0.5 - win.y0) * win.cellH - h / 2;
    dark.rect(x + lw / 2, y + lw / 2, w - lw, h - lw);
    if (inner) light.rect(x + lw * 1.5, y + lw * 1.5, w - 3 * lw, h - 3 * lw);
  }
  ctx.lineWidth = lw;
  ctx.strokeStyle = '#111111';
  ctx.stroke(dark);
  if (inner) {
    ctx.lineWidth = Math.max(px, lw * 0.75);
    ctx.strokeStyle = '#ffffff';
    ctx.stroke(light);
  }
  ctx.restore();

  ctx.font = FONT;
  ctx.fillStyle = '#3d4148';
  // Row labels, or a word in their place.
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, g.top, g.left, g.plotH);
  ctx.clip();
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const l of labels.rows) {
    ctx.font = l.other ? `italic ${FONT}` : FONT;
    ctx.fillText(
      clip(ctx, l.text, g.left - 10),
      g.left - 6,
      g.top + (l.at + 0.5 - win.y0) * win.cellH,
    );
  }
  ctx.restore();
  if (!labels.rows.length) {
    ctx.save();
    ctx.translate(g.left - 14, g.top + g.plotH / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = '#676c75';
    ctx.fillText(
      clip(ctx, `${formatCount(display.nr)} rows: zoom in for their names`, g.plotH),
      0,
      0,
    );
    ctx.restore();
  }
  // Column labels, leaning right, or a word in their place.
  ctx.save();
  ctx.beginPath();
  ctx.rect(g.left, 0, g.width - g.left, g.top);
  ctx.clip();
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const l of labels.cols) {
    ctx.font = l.other ? `italic ${FONT}` : FONT;
    ctx.save();
    ctx.translate(g.left + (l.at + 0.5 - win.x0) * win.cellW, g.top - 6);
    ctx.rotate(-Math.PI / 3);
    ctx.fillText(clip(ctx, l.text, (g.top - 8) / Math.sin(Math.PI / 3)), 0, 0);
    ctx.restore();
  }
  if (!labels.cols.length) {
    ctx.textAlign = 'center';
    ctx.fillStyle = '#676c75';
    ctx.fillText(
      clip(ctx, `${formatCount(display.nc)} columns: zoom in for their names`, g.plotW),
      g.left + g.plotW / 2,
      g.top - 12,
    );
  }
  ctx.restore();

  // Where the window is, in the corner: the whole table small, the window outlined.
  if (win.zoomed) {
    const o = g.overview;
    const image = overviewImage(display, o, dpr);
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(image.canvas, 0, 0, image.cols, image.rows, o.x, o.y, image.w, image.h);
    ctx.strokeStyle = '#9a9ea6';
    ctx.lineWidth = 1;
    ctx.strokeRect(o.x - 0.5, o.y - 0.5, o.w + 1, o.h + 1);
    const wx = o.x + (win.x0 / display.nc) * o.w;
    const wy = o.y + (win.y0 / display.nr) * o.h;
    const ww = Math.max(3, (Math.min(win.cols, display.nc) / display.nc) * o.w);
    const wh = Math.max(3, (Math.min(win.rows, display.nr) / display.nr) * o.h);
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#e8590c';
    ctx.strokeRect(wx, wy, ww, wh);
  }
}

const overviews = new WeakMap();

/** The whole table binned to the overview's device pixels, made once per table and size. */
function overviewImage(display, o, dpr) {
  const ow = Math.max(1, Math.round(o.w * dpr));
  const oh = Math.max(1, Math.round(o.h * dpr));
  const cached = overviews.get(display);
  if (cached && cached.ow === ow && cached.oh === oh) return cached;
  const by = Math.max(1, Math.ceil(display.nr / oh));
  const bx = Math.max(1, Math.ceil(display.nc / ow));
  const { bins, rows, cols } = binMax(display, 0, display.nr, 0, display.nc, by, bx);
  const canvas = document.createElement('canvas');
  canvas.width = cols;
  canvas.height = rows;
  canvas
    .getContext('2d')
    .putImageData(new ImageData(binsToRgba(bins, display.max), cols, rows), 0, 0);
  const image = {
    ow,
    oh,
    canvas,
    rows,
    cols,
    w: (cols * bx * o.w) / display.nc,
    h: (rows * by * o.h) / display.nr,
  };
  overviews.set(display, image);
  return image;
}

/** `text` cut with an ellipsis to fit `width` CSS px in the context's font. */
function clip(ctx, text, width) {
  if (ctx.measureText(text).width <= width) return text;
  let s = text;
  while (s.length > 1 && ctx.measureText(`${s}…`).width > width) s = s.slice(0, -1);
  return `${s}…`;
}
