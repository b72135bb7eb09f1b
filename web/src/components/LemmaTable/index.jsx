import { useState } from 'preact/hooks';
import { formatCount, formatValue } from '../../format.js';
import { bestInRow, corefDetail, lemmaRows, lemmaSystems, sortLemmaRows } from '../../lemmas.js';
import { COREF_MEASURES, SENSE_MEASURES, describe } from '../../measures.js';
import { Heatmap } from '../Heatmap/index.jsx';
import { PictureHead, SenseGrid } from '../SenseGrid/index.jsx';
import './style.css';

// What each kind of run lists, and where to look first: the combined score later papers rank
// SemEval-2013 systems by; CoNLL F1.
const KINDS = {
  senses: { measures: SENSE_MEASURES, first: 'fuzzy_avg', unit: 'lemma', units: 'gold lemmas', testId: 'lemmas' },
  coref: { measures: COREF_MEASURES, first: 'conll_f', unit: 'document', units: 'key documents', testId: 'documents' },
};

/**
 * A sense run lemma by lemma (a coreference run document by document, `kind` 'coref'): a row a
 * gold lemma (key document), the systems' values of a chosen measure side by side (each
 * system's `senses.by_lemma`, `coref_by_document`), first the rows where the systems differ
 * most. Sortable by name, by any system and by the spread. Below, the chosen lemma's sense grid,
 * or the chosen document's entities as the mapping heatmap with CEAF-e's alignment.
 */
export function LemmaTable({ result, kind = 'senses' }) {
  const { measures, first, unit, units, testId } = KINDS[kind];
  const [id, setId] = useState(first);
  const [order, setOrder] = useState({ sort: 'spread', dir: 'desc' });
  // The positions of the systems left out of the spread (a task's baselines, say).
  const [apart, setApart] = useState(() => new Set());
  // The lemma whose senses are drawn (the first row until one is chosen), and by which system.
  const [picked, setPicked] = useState(null);
  const [gridSystem, setGridSystem] = useState(0);
  const systems = lemmaSystems(result, kind);
  const measure = measures.find((m) => m.id === id) ?? measures[0];
  const spreadOver = new Set(systems.map((_, i) => i).filter((i) => !apart.has(i)));
  const rows = sortLemmaRows(lemmaRows(systems, measure.id, spreadOver, kind), order.sort, order.dir);
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
    <div class="lemmas" data-testid={testId}>
      <div class="view-controls">
        <label class="view-field">
          Measure
          <select
            value={measure.id}
            onChange={(e) => setId(e.currentTarget.value)}
            data-testid="lemmas-measure"
          >
            {measures.map((m) => (
              <option key={m.id} value={m.id} title={describe(m, 'e', kind)}>
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
        {formatCount(rows.length)} {units}; each system&rsquo;s {measure.label} of the {unit}, as
        the core computed it before {kind === 'coref' ? 'summing the documents' : 'averaging'}. The spread is the largest value less the smallest
        among the systems it is over (leave a task&rsquo;s baselines out to compare the systems):
        {order.sort === 'spread' && order.dir === 'desc'
          ? ` the ${unit}s where the systems differ most come first.`
          : ' sort by it to see where the systems differ most.'}
      </p>
      <div class="lemmas-scroll" tabIndex={0} role="region" aria-label="Values per lemma">
        <table class="lemmas-table" data-testid="lemmas-table" data-measure={measure.id}>
          <caption class="visually-hidden">
            {measure.name} of each {unit}, one column a system; column headers sort the rows.
          </caption>
          <thead>
            <tr>
              {head('lemma', kind === 'coref' ? 'Document' : 'Lemma', { class: 'lemmas-lemma-head' })}
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
                      title={kind === 'coref' ? `Draw the entities of ${row.lemma}` : `Draw the senses of ${row.lemma}`}
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
      {rows.length > 0 && kind === 'senses' && (
        <SenseGrid systems={systems} lemma={picked ?? rows[0].lemma} pick={gridSystem} onPick={setGridSystem} />
      )}
      {rows.length > 0 && kind === 'coref' && (
        <EntityGrid systems={systems} document={picked ?? rows[0].lemma} pick={gridSystem} onPick={setGridSystem} goldName={result.gold?.name} />
      )}
    </div>
  );
}

/**
 * One key document of a coreference run: its key entities × a system's response entities,
 * shared mentions per cell, CEAF-e's alignment outlined, drawn by the mapping heatmap (and
 * folded at scale as it folds).
 */
function EntityGrid({ systems, document, pick, onPick, goldName }) {
  const chosen = systems[pick] ?? systems[0];
  const table = chosen ? corefDetail(chosen.system, document) : null;
  return (
    <section class="sensegrid" data-testid="entitygrid" aria-label={`Entities of ${document}`}>
      <PictureHead systems={systems} pick={pick} onPick={onPick} testId="entitygrid-system">
        Entities of <strong>{document}</strong>: K the key&rsquo;s, R the response&rsquo;s, by their marks
      </PictureHead>
      {!table || !table.detail.classes.length ? (
        <p class="view-empty">This document has no key entity to draw.</p>
      ) : (
        <Heatmap key={`${document}:${pick}`} system={table} goldName={goldName} coref />
      )}
    </section>
  );
}
