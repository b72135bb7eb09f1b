import { useState } from 'preact/hooks';
import { formatCount, formatValue } from '../../format.js';
import { bestInRow, lemmaRows, lemmaSystems, sortLemmaRows } from '../../lemmas.js';
import { SENSE_MEASURES, describe } from '../../measures.js';
import { SenseGrid } from '../SenseGrid/index.jsx';
import './style.css';

// The combined score later papers rank SemEval-2013 systems by: where to look first.
const FIRST_MEASURE = 'fuzzy_avg';

/**
 * A sense run lemma by lemma: a row a gold lemma, the systems' values of a chosen sense
 * measure side by side (each system's `senses.by_lemma`), first the lemmas where the systems
 * differ most. Sortable by lemma, by any system and by the spread.
 */
export function LemmaTable({ result }) {
  const [id, setId] = useState(FIRST_MEASURE);
  const [order, setOrder] = useState({ sort: 'spread', dir: 'desc' });
  // The positions of the systems left out of the spread (a task's baselines, say).
  const [apart, setApart] = useState(() => new Set());
  // The lemma whose senses are drawn (the first row until one is chosen), and by which system.
  const [picked, setPicked] = useState(null);
  const [gridSystem, setGridSystem] = useState(0);
  const systems = lemmaSystems(result);
  const measure = SENSE_MEASURES.find((m) => m.id === id) ?? SENSE_MEASURES[0];
  const spreadOver = new Set(systems.map((_, i) => i).filter((i) => !apart.has(i)));
  const rows = sortLemmaRows(lemmaRows(systems, measure.id, spreadOver), order.sort, order.dir);
  const toggle = (i) =>
    setApart((was) => {
      const next = new Set(was);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });

  const sortBy = (sort) =>
    setOrder((o) =>
      o.sort === sort
        ? { sort, dir: o.dir === 'asc' ? 'desc' : 'asc' }
        : { sort, dir: sort === 'lemma' ? 'asc' : 'desc' },
    );
  const ariaSort = (sort) =>
    order.sort === sort ? (order.dir === 'asc' ? 'ascending' : 'descending') : undefined;
  const head = (sort, label, extra = {}) => (
    <th key={String(sort)} scope="col" aria-sort={ariaSort(sort)} {...extra}>
      <button type="button" class="lemmas-sort" onClick={() => sortBy(sort)}>
        {label}
        <span class="lemmas-sortmark" aria-hidden="true">
          {order.sort === sort ? (order.dir === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );

  return (
    <div class="lemmas" data-testid="lemmas">
      <div class="view-controls">
        <label class="view-field">
          Measure
          <select
            value={measure.id}
            onChange={(e) => setId(e.currentTarget.value)}
            data-testid="lemmas-measure"
          >
            {SENSE_MEASURES.map((m) => (
              <option key={m.id} value={m.id} title={describe(m, 'e', 'senses')}>
                {m.label} · {m.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset class="lemmas-over" data-testid="lemmas-spread-over">
          <legend>Spread over</legend>
          {systems.map(({ system }, i) => (
            <label key={i} class="lemmas-over-system">
              <input
                type="checkbox"
                checked={!apart.has(i)}
                onChange={() => toggle(i)}
                data-system={system.name}
              />
              {system.name}
            </label>
          ))}
        </fieldset>
      </div>
      <p class="view-caption" data-testid="lemmas-caption">
        {formatCount(rows.length)} gold lemmas; each system&rsquo;s {measure.label} of the lemma, as
        the core computed it before averaging. The spread is the largest value less the smallest
        among the systems it is over (leave a task&rsquo;s baselines out to compare the systems):
        {order.sort === 'spread' && order.dir === 'desc'
          ? ' the lemmas where the systems differ most come first.'
          : ' sort by it to see where the systems differ most.'}
      </p>
      <div class="lemmas-scroll" tabIndex={0} role="region" aria-label="Values per lemma">
        <table class="lemmas-table" data-testid="lemmas-table" data-measure={measure.id}>
          <caption class="visually-hidden">
            {measure.name} of each gold lemma, one column a system; column headers sort the rows.
          </caption>
          <thead>
            <tr>
              {head('lemma', 'Lemma', { class: 'lemmas-lemma-head' })}
              {systems.map(({ system }, i) =>
                head(i, <span class="lemmas-system">{system.name}</span>, {
                  'data-system': system.name,
                }),
              )}
              {head('spread', 'Spread', { 'data-testid': 'lemmas-spread-head' })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const best = bestInRow(row, measure.higherIsBetter, spreadOver);
              return (
                <tr key={row.lemma} data-testid="lemma-row" data-lemma={row.lemma}>
                  <th scope="row" class="lemmas-lemma">
                    <button
                      type="button"
                      class="lemmas-pick"
                      aria-pressed={row.lemma === (picked ?? rows[0]?.lemma)}
                      onClick={() => setPicked(row.lemma)}
                      title={`Draw the senses of ${row.lemma}`}
                    >
                      {row.lemma}
                    </button>
                  </th>
                  {row.values.map((v, i) => (
                    <td
                      key={i}
                      class={`lemmas-value${i === best ? ' is-best' : ''}${v === null ? ' is-na' : ''}${apart.has(i) ? ' is-apart' : ''}`}
                      data-system={systems[i].system.name}
                      data-value={v === null ? undefined : String(v)}
                    >
                      {v === null ? 'n/a' : formatValue(v)}
                    </td>
                  ))}
                  <td
                    class="lemmas-value lemmas-spread"
                    data-testid="lemma-spread"
                    data-value={row.spread === null ? undefined : String(row.spread)}
                  >
                    {row.spread === null ? '–' : formatValue(row.spread)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.length > 0 && (
        <SenseGrid systems={systems} lemma={picked ?? rows[0].lemma} pick={gridSystem} onPick={setGridSystem} />
      )}
    </div>
  );
}
