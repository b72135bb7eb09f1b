import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { formatCount } from '../../format.js';
import { MAPPING_OPTIONS, Segmented } from '../Segmented/index.jsx';
import './style.css';

const ROW_H = 30;
const OVERSCAN = 8;

// Fields of one entry of detail.items (the worker's contract).
const ITEM = 0;
const GOLD = 1;
const SYS = 2;
const MAPPED = { m1: 3, o1: 5 };
const F = { m1: 4, o1: 6 };
const ECS = 7; // the item's element-centric similarity S_i (SPEC 3.3), where computed

const ORDERS = [
  ['item', 'item'],
  ['ecs', 'ECS Sᵢ, lowest first'],
];

const KINDS = [
  ['all', 'all'],
  ['correct', 'correct (F = 1)'],
  ['partial', 'partial'],
  ['wrong', 'wrong (F = 0)'],
];

const kindOf = (f) => (f >= 1 ? 'correct' : f > 0 ? 'partial' : 'wrong');

/* Rows asked of the core, by the result's system object: a tab opened again, or another
 * system chosen and this one again, asks once. A new result brings new objects. */
const asked = new WeakMap();

/** Whether a system has per-item rows to ask the core for (its count of them). */
export const hasItems = (system) => Number.isInteger(system?.detail?.item_rows);

/**
 * The per-item table of result system `index` (`system`). The page asks the core for
 * results without the per-item rows (`detail: 2`: on a large vocabulary they are
 * most of the details, megabytes that would hold up the scores), so they are asked of the
 * worker here, when the table is first shown (`client.items`).
 */
export function ItemRows({ client, system, index }) {
  // What the core answered, and for which system: a new result's system waits for its own.
  const [answer, setAnswer] = useState({ system: null, items: null, error: null });
  const mine = answer.system === system;
  useEffect(() => {
    let live = true;
    if (!asked.has(system)) asked.set(system, client.items({ system: index }));
    asked.get(system).then(
      (items) => live && setAnswer({ system, items, error: null }),
      (error) => {
        asked.delete(system); // asked again when the table is shown again
        if (live) setAnswer({ system, items: null, error });
      },
    );
    return () => {
      live = false;
    };
  }, [client, system, index]);
  if (mine && answer.items) return <ItemTable system={system} items={answer.items} />;
  return (
    <p class="view-empty" role="status" data-testid="items-loading">
      {mine && answer.error
        ? `The per-item rows of ${system.name} could not be read: ${answer.error.message}`
        : `Reading the ${formatCount(system.detail.item_rows)} items of ${system.name}…`}
    </p>
  );
}

/**
 * One row per item: the item, its gold entry, its system entry, that entry mapped to classes
 * (MicroI's M-1 or 1-1 mapping), the item's F-score F_i and, where the run has it, its
 * element-centric similarity S_i (ecs), from the rows of detail.items (`items`). Only the
 * rows in view are in the page, so that tens of thousands scroll smoothly. Filter by the
 * item's text and by correct / partial / wrong; order by item or by S_i, the items where
 * gold and system disagree most first.
 */
export function ItemTable({ system, items }) {
  const detail = system.detail;
  const [mapKind, setMapKind] = useState('m1');
  // The 1-1 mapping is null where its weight table passed the cell budget (SPEC 3.2).
  const hasOneToOne = Array.isArray(detail.mapping?.micro_i_o1);
  const [text, setText] = useState('');
  const [kind, setKind] = useState('all');
  const [order, setOrder] = useState('item');
  // S_i says where the gold and system entries agree least (ecs, SPEC 3.3); not every run has it.
  const hasEcs = useMemo(() => items.some((it) => typeof it[ECS] === 'number'), [items]);
  const scroller = useRef(null);
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(448);

  const f = F[mapKind];
  const counts = useMemo(() => {
    const n = { all: items.length, correct: 0, partial: 0, wrong: 0 };
    for (const it of items) n[kindOf(it[f])] += 1;
    return n;
  }, [items, f]);

  const rows = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const kept =
      !needle && kind === 'all'
        ? items
        : items.filter(
            (it) =>
              (kind === 'all' || kindOf(it[f]) === kind) &&
              (!needle || String(it[ITEM]).toLowerCase().includes(needle)),
          );
    if (order !== 'ecs' || !hasEcs) return kept;
    // Lowest S_i first, items without one last; Array.prototype.sort keeps ties in item order.
    const key = (it) => (typeof it[ECS] === 'number' ? it[ECS] : Infinity);
    return [...kept].sort((a, b) => key(a) - key(b));
  }, [items, text, kind, f, order, hasEcs]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    setHeight(el.clientHeight);
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // A new filter starts at the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setTop(0);
  }, [text, kind, order]);

  const frame = useRef(0);
  const onScroll = (e) => {
    const el = e.currentTarget;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setTop(el.scrollTop));
  };

  const first = Math.max(0, Math.floor(top / ROW_H) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((top + height) / ROW_H) + OVERSCAN);
  const classes = detail.classes ?? [];
  const clusters = detail.clusters ?? [];
  const labels = (ids, names) =>
    ids?.length ? (
      ids.map((i) => String(names[i] ?? i)).join(' ')
    ) : (
      <span class="items-empty">none</span>
    );

  const visible = [];
  for (let i = first; i < last; i++) {
    const it = rows[i];
    const fi = it[f];
    const k = kindOf(fi);
    visible.push(
      <div
        key={i}
        role="row"
        aria-rowindex={i + 2}
        class={`items-row is-${k}`}
        style={{ transform: `translateY(${i * ROW_H}px)` }}
        data-testid="item-row"
        data-item={it[ITEM]}
      >
        <span role="cell" class="items-item">
          {String(it[ITEM])}
        </span>
        <span role="cell" class="items-labels">
          {labels(it[GOLD], classes)}
        </span>
        <span role="cell" class="items-labels">
          {labels(it[SYS], clusters)}
        </span>
        <span role="cell" class="items-labels">
          {labels(it[MAPPED[mapKind]], classes)}
        </span>
        <span role="cell" class="items-f" data-f={fi}>
          <span class="items-mark" aria-hidden="true">
            {k === 'correct' ? '✓' : k === 'partial' ? '◐' : '✗'}
          </span>
          {typeof fi === 'number' ? trim(fi) : ''}
        </span>
        {hasEcs && (
          <span role="cell" class="items-f" data-ecs={it[ECS] ?? ''}>
            {typeof it[ECS] === 'number' ? trim(it[ECS]) : ''}
          </span>
        )}
      </div>,
    );
  }

  return (
    <div class="items" data-testid="items">
      <div class="view-controls">
        <label class="view-field">
          Item
          <input
            type="search"
            class="items-search"
            placeholder="filter by text"
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
            data-testid="items-filter"
          />
        </label>
        <Segmented
          label="Show"
          name="items-kind"
          testPrefix="items"
          options={KINDS.map(([id, label]) => ({
            id,
            label: (
              <>
                {label.split(' (')[0]} <span class="items-count">{formatCount(counts[id])}</span>
              </>
            ),
          }))}
          value={kind}
          onChange={setKind}
        />
        <Segmented
          label="Mapping"
          name="items-mapping"
          testPrefix="items"
          options={MAPPING_OPTIONS.map((o) =>
            o.id === 'o1' && !hasOneToOne
              ? { ...o, disabled: true, title: "left out: past the 1-1 cell budget (see the row's warnings)" }
              : o,
          )}
          value={mapKind}
          onChange={setMapKind}
        />
        {hasEcs && (
          <Segmented
            label="Order"
            name="items-order"
            testPrefix="items-order"
            options={ORDERS.map(([id, label]) => ({ id, label }))}
            value={order}
            onChange={setOrder}
          />
        )}
      </div>
      <p class="view-caption" role="status" data-testid="items-status">
        {formatCount(rows.length)} of {formatCount(items.length)} items of{' '}
        <span class="view-name">{system.name}</span>; mapped entries and F<sub>i</sub> under
        MicroI's {mapKind === 'm1' ? 'many-to-one' : 'one-to-one'} mapping.
      </p>
      {/* The scroller is the table, so that its rows are its own children and the header row
          stays on top (sticky) while the rows scroll. */}
      <div
        class={`items-table items-scroll${hasEcs ? ' has-ecs' : ''}`}
        role="table"
        aria-label={`Per-item details of ${system.name} (scroll with the arrow and page keys)`}
        aria-rowcount={rows.length + 1}
        ref={scroller}
        onScroll={onScroll}
        tabIndex={0}
        data-testid="items-scroll"
      >
        <div role="rowgroup" class="items-head">
          <div role="row" aria-rowindex={1} class="items-row">
            <span role="columnheader">Item</span>
            <span role="columnheader">Gold entry</span>
            <span role="columnheader">System entry</span>
            <span role="columnheader">Mapped entry</span>
            <span role="columnheader" class="items-f">
              F<sub>i</sub>
            </span>
            {hasEcs && (
              <span role="columnheader" class="items-f" title="element-centric similarity of the item's gold and system entries (ecs)">
                ECS S<sub>i</sub>
              </span>
            )}
          </div>
        </div>
        <div role="rowgroup" class="items-body" style={{ height: `${rows.length * ROW_H}px` }}>
          {visible}
        </div>
      </div>
      {rows.length === 0 && <p class="items-none">No item matches.</p>}
    </div>
  );
}

const trim = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(3));
