import { useState } from 'preact/hooks';
import { LEVELS, describe, direction, unit } from '../../measures.js';
import { errorText, formatCount, formatValue } from '../../format.js';
import {
  bestValues,
  cellInterval,
  intervalBias,
  intervalMethod,
  intervalWithheld,
  cellValue,
  columnGroups,
  isBaseline,
  missingReason,
  sortedRows,
  tableColumns,
} from '../../table.js';
import './style.css';

/**
 * Systems × measures, grouped token level / type level (or a sense run's sense level), read
 * from the result JSON (SPEC §4).
 * Sortable by any column (the header buttons); the best value of each column (by the
 * measure's direction, among the systems that are not baselines) is marked.
 *
 * view: {columns, families, mappings, sort, sortDir}; onSort(key, dir).
 */
export function ResultsTable({ result, view, onSort }) {
  const [tip, setTip] = useState(null);
  const columns = tableColumns(result, view);
  const logName = result.options?.log ?? 'e';
  const systems = result.systems ?? [];
  const rows = sortedRows(systems, view.sort, view.sortDir, columns);
  const best = bestValues(systems, columns);
  const levels = columnGroups(columns, 'level');
  const families = columnGroups(columns, 'family');
  const familyStart = new Set(families.map((g) => g.first));
  const levelStart = new Set(levels.map((g) => g.first));
  const edge = (c) =>
    levelStart.has(c.key) ? ' is-level-start' : familyStart.has(c.key) ? ' is-group-start' : '';
  const restarts = result.options?.restarts;
  const method = intervalMethod(result.bootstrap);

  const sortBy = (key, firstDir) => {
    if (view.sort === key) onSort(key, view.sortDir === 'asc' ? 'desc' : 'asc');
    else onSort(key, firstDir);
  };
  const sortName = () => {
    // name A→Z, name Z→A, then back to the order of the files
    if (view.sort !== 'name') onSort('name', 'asc');
    else if (view.sortDir === 'asc') onSort('name', 'desc');
    else onSort('', 'desc');
  };
  const ariaSort = (key) =>
    view.sort === key ? (view.sortDir === 'asc' ? 'ascending' : 'descending') : undefined;

  const showTip = (c, el) => setTip({ c, rect: el.getBoundingClientRect() });
  const hideTip = () => setTip(null);

  if (!columns.length) {
    return (
      <p class="results-empty" data-testid="no-columns">
        No measure to show: the options hide every family this result holds.
      </p>
    );
  }

  return (
    <>
      <div
        class="results-scroll"
        tabIndex={0}
        role="region"
        aria-label="Scores per system"
        onScroll={hideTip}
      >
        <table class="results-table" data-testid="results-table">
          <caption class="visually-hidden">
            Scores of each system against the gold standard {result.gold?.name}; column headers sort
            the rows.
          </caption>
          <thead>
            <tr class="results-levels">
              <td class="results-corner" rowSpan={2} />
              {levels.map((g) => (
                <th
                  key={g.key}
                  scope="colgroup"
                  colSpan={g.span}
                  class="results-level is-level-start"
                  data-level={g.key}
                >
                  {g.label}
                </th>
              ))}
            </tr>
            <tr>
              {families.map((g) => (
                <th
                  key={g.key}
                  scope="colgroup"
                  colSpan={g.span}
                  class={`results-family${levelStart.has(g.first) ? ' is-level-start' : ' is-group-start'}`}
                  title={g.title}
                >
                  {g.label}
                </th>
              ))}
            </tr>
            <tr>
              <th scope="col" class="results-system-head" aria-sort={ariaSort('name')}>
                <button
                  type="button"
                  class="results-sort"
                  data-testid="sort-system"
                  onClick={sortName}
                >
                  System
                  <SortMark active={view.sort === 'name'} dir={view.sortDir} />
                </button>
              </th>
              {columns.map((c) => {
                const firstDir = c.measure.higherIsBetter === false ? 'asc' : 'desc';
                const u = unit(c.measure, logName);
                return (
                  <th
                    key={c.key}
                    scope="col"
                    class={`results-measure${edge(c)}`}
                    data-key={c.key}
                    data-measure={c.measure.id}
                    aria-sort={ariaSort(c.key)}
                  >
                    <button
                      type="button"
                      class="results-sort"
                      aria-describedby="results-tip"
                      onClick={() => sortBy(c.key, firstDir)}
                      onMouseEnter={(e) => showTip(c, e.currentTarget)}
                      onMouseLeave={hideTip}
                      onFocus={(e) => showTip(c, e.currentTarget)}
                      onBlur={hideTip}
                    >
                      <HeadLabel label={c.measure.label} />
                      {c.measure.higherIsBetter !== null && (
                        <span class="results-dir" aria-hidden="true">
                          {c.measure.higherIsBetter ? '↑' : '↓'}
                        </span>
                      )}
                      <span class="visually-hidden">
                        {`, ${LEVELS[c.level].toLowerCase()}${u ? `, in ${u}` : ''}, ${direction(c.measure)}`}
                      </span>
                      <SortMark active={view.sort === c.key} dir={view.sortDir} />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ system: s, index }, i) => {
              const baseline = isBaseline(s);
              const firstBaseline = baseline && (i === 0 || !isBaseline(rows[i - 1].system));
              return (
                <tr
                  key={index}
                  data-testid="result-row"
                  data-system={s.name}
                  data-baseline={baseline ? 'true' : undefined}
                  class={`${s.error ? 'has-error' : ''}${baseline ? ' is-baseline' : ''}${firstBaseline ? ' is-first-baseline' : ''}`}
                >
                  <th scope="row" class="results-system">
                    <span class="results-system-name">
                      {baseline ? (
                        <>
                          <span class="results-baseline-tag">baseline</span>
                          {s.name.slice('baseline:'.length)}
                        </>
                      ) : (
                        s.name
                      )}
                    </span>
                    {!s.error && (
                      <span class="results-system-meta">
                        {[
                          s.format,
                          s.clusters !== undefined &&
                            s.format !== 'conll' &&
                            `${formatCount(s.clusters)} ${s.format === 'senses' ? 'sense labels' : 'clusters'}`,
                          s.missing > 0 &&
                            `${formatCount(s.missing)} ${s.format === 'conll' ? `key document${s.missing === 1 ? '' : 's'} missing` : 'missing'}`,
                          // A sense key's extra lines are instances the gold key lacks.
                          s.extra > 0 &&
                            `${formatCount(s.extra)} extra${s.format === 'senses' ? ' instances' : s.format === 'conll' ? ' documents' : ''}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    )}
                  </th>
                  {s.error ? (
                    <td colSpan={columns.length} class="results-row-error">
                      {errorText(s.error)}
                    </td>
                  ) : (
                    columns.map((c) => (
                      <Cell
                        key={c.key}
                        system={s}
                        column={c}
                        best={best[c.key]}
                        extra={edge(c)}
                        restarts={restarts}
                        method={method}
                      />
                    ))
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <MeasureTip tip={tip} log={logName} />
    </>
  );
}

/** A header label on two lines when it has two words ("MacroI" over "M-1"): narrower columns. */
function HeadLabel({ label }) {
  const at = label.lastIndexOf(' ');
  if (at < 0) return <span>{label}</span>;
  return (
    <span class="results-label">
      {label.slice(0, at)}
      <span class="results-label-sub"> {label.slice(at + 1)}</span>
    </span>
  );
}

function SortMark({ active, dir }) {
  if (!active) return <span class="results-sortmark" aria-hidden="true" />;
  return (
    <span class="results-sortmark is-active" aria-hidden="true">
      {dir === 'asc' ? '▲' : '▼'}
    </span>
  );
}

function Cell({ system, column, best, extra, restarts, method }) {
  const v = cellValue(system, column);
  const id = column.measure.id;
  const common = {
    'data-level': column.level,
    'data-measure': id,
    'data-key': column.key,
    'data-system': system.name,
  };
  if (v !== null) {
    const isBest = best !== undefined && v === best && !isBaseline(system);
    const spread =
      column.level === 'type' && column.measure.mapping === 'm1' ? system.restarts?.[id] : null;
    const interval = cellInterval(system, column);
    const withheld = interval ? null : intervalWithheld(system, column);
    const biased = interval ? intervalBias(system, column) : null;
    return (
      <td
        class={`results-value${isBest ? ' is-best' : ''}${extra}`}
        {...common}
        data-value={String(v)}
        data-best={isBest ? 'true' : undefined}
      >
        {formatValue(v)}
        {interval && <Interval interval={interval} method={method} biased={biased} />}
        {withheld && <NoInterval why={withheld} />}
        {spread && <Spread spread={spread} restarts={restarts} />}
      </td>
    );
  }
  const why = missingReason(system, column);
  return (
    <td class={`results-value is-na${extra}`} {...common} title={why.long}>
      {why.short}
    </td>
  );
}

/**
 * The 95% bootstrap interval under the value, at the value's decimals; the cell's text reads
 * "0.6467 [0.6415, 0.6508]". Where the value is biased beyond the resamples' spread, the
 * interval is the bias-corrected one, for the population value, and may lie off the value:
 * a mark says so, "biased high by ~0.03; bias-corrected 0.4670", the core's note in its title.
 */
function Interval({ interval: [lo, hi], method, biased }) {
  return (
    <span
      class="results-ci"
      data-testid="ci"
      data-lo={String(lo)}
      data-hi={String(hi)}
      title={`95% bootstrap ${method} interval`}
    >
      {` [${formatValue(lo)}, ${formatValue(hi)}]`}
      {biased && (
        <span
          class="results-ci-biased"
          data-testid="ci-biased"
          data-bias={biased.bias === null ? undefined : String(biased.bias)}
          title={`${biased.note}.`}
        >
          {`† ${biased.mark}`}
        </span>
      )}
    </span>
  );
}

/** A value that was resampled but has no interval: the core's reason in its tooltip. */
function NoInterval({ why }) {
  return (
    <span class="results-ci is-withheld" data-testid="ci-withheld" title={`No interval: ${why}`}>
      {' [no interval]'}
    </span>
  );
}

/**
 * How sure the M-1 number is: "optimal" when the search proved it, "stopped at its budget
 * after k of R starts, ≤ bound" when the work budget ended it (SPEC §3.2), otherwise "best of
 * R starts, ≤ bound" (no mapping scores above the bound). The worst start and the starts that
 * reached the best are in the title, as the search reports them.
 */
function Spread({ spread, restarts }) {
  const { max, min, hits, sweeps, optimal, bound, budget_reached: budgetReached } = spread;
  const starts = restarts ?? '?';
  const climb =
    `Hill climbing from ${starts} starts: worst ${fmt(min)}; ` +
    `${hits} of ${starts} starts reached the best` +
    (sweeps !== undefined ? ` (${formatCount(sweeps)} sweeps in all).` : '.');
  let shown;
  let title;
  if (budgetReached && typeof bound === 'number') {
    shown = `stopped at its budget after ${spread.starts} of ${starts} starts, ≤${short(bound)}`;
    title =
      `The search stopped at its work budget (M-1 budget, --m1-budget) after ${spread.starts} of ` +
      `${starts} starts: ${fmt(max)} is the best mapping found, and no mapping scores above ` +
      `${fmt(bound)}. Set the budget to 0 for the paper's protocol to its end. ${climb}`;
  } else if (optimal === true) {
    shown = 'optimal';
    title = `Optimal: no many-to-one mapping scores more than 1e-12 above ${fmt(max)}. ${climb}`;
  } else if (typeof bound === 'number') {
    shown = `${hits > 0 ? `best of ${starts} starts` : 'best found'}, ≤${short(bound)}`;
    title =
      `Best mapping found: ${fmt(max)}, not proved optimal; no mapping scores above ` +
      `${fmt(bound)}. ${climb}` +
      (hits > 0 ? '' : ' Perturbing the best start and climbing again found more.');
  } else {
    shown = `≥${short(min)} ${hits}/${starts}`;
    title = `Best ${fmt(max)}. ${climb}`;
  }
  return (
    <span class="results-spread" data-testid="restart-spread" title={title}>
      <span class="visually-hidden">{title}</span>
      <span aria-hidden="true">{shown}</span>
    </span>
  );
}

const short = (v) => (typeof v === 'number' ? formatValue(v).replace(/^0\./, '.') : '–');
const fmt = (v) => (typeof v === 'number' ? formatValue(v) : '–');

/** The definition of the header under the pointer or the focus, beside it. */
function MeasureTip({ tip, log }) {
  const text = tip ? describe(tip.c.measure, log, tip.c.level) : '';
  const [head, formula, paper] = text.split('\n');
  let style = { display: 'none' };
  if (tip) {
    const width = Math.min(360, window.innerWidth - 16);
    const left = Math.max(
      8,
      Math.min(tip.rect.left + tip.rect.width / 2 - width / 2, window.innerWidth - width - 8),
    );
    style = { left: `${left}px`, top: `${tip.rect.bottom + 6}px`, width: `${width}px` };
  }
  return (
    <div
      id="results-tip"
      role="tooltip"
      class="results-tip"
      data-testid="measure-tip"
      style={style}
    >
      {tip && (
        <>
          <strong>{head}</strong>
          <span>{formula}</span>
          <em>{paper}</em>
        </>
      )}
    </div>
  );
}
