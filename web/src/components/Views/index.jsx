import { useRef, useState } from 'preact/hooks';
import { ClassTable } from '../ClassTable/index.jsx';
import { Compare } from '../Compare/index.jsx';
import { Heatmap } from '../Heatmap/index.jsx';
import { ItemRows, hasItems } from '../ItemTable/index.jsx';
import { LemmaTable } from '../LemmaTable/index.jsx';
import { RankCorrelation } from '../RankCorrelation/index.jsx';
import { SizePlot } from '../SizePlot/index.jsx';
import { SweepPlot } from '../SweepPlot/index.jsx';
import { hasSweep } from '../../figures.js';
import { classSystems } from '../../classes.js';
import { lemmaSystems } from '../../lemmas.js';
import './style.css';

const TABS = [
  ['heatmap', 'Mapping heatmap'],
  ['sizes', 'Cluster sizes'],
  ['depths', 'Every depth'],
  ['items', 'Per-item details'],
  ['lemmas', 'Per lemma'],
  ['classes', 'Per class'],
  ['documents', 'Per document'],
  ['compare', 'Compare systems'],
  ['correlation', 'Measure correlation'],
];

/**
 * The pictures and the per-item table below the scores, one at a time behind tabs. The
 * heatmap and the items are for one system, chosen here; the size plot shows them all. With
 * p-values (bootstrap resamples or approximate randomization), Compare shows the paired tests
 * of a measure; with three or more
 * systems, the measures' rank correlations. A sense run's systems side by side, lemma by
 * lemma; a tde run's classes with their fragments; a coreference run's document by
 * document, with each document's entities and CEAF-e alignment. A tab shows only when the
 * result has its data.
 * `columns` are the results table's columns; `client` the core's (the per-item rows come
 * from it when first shown).
 */
export function Views({ client, result, columns }) {
  const [chosenTab, setTab] = useState('heatmap');
  const [pick, setPick] = useState(0);
  const tabRefs = useRef({});
  const withDetail = (result.systems ?? [])
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => !s.error && s.detail);
  const chosen = withDetail.find(({ i }) => i === pick) ?? withDetail[0];
  const hasSizes =
    Array.isArray(result.gold?.sizes?.tokens) ||
    Array.isArray(result.gold?.sizes?.items) ||
    Array.isArray(result.gold?.sizes?.mentions) ||
    withDetail.some(({ s }) => s.detail?.sizes) ||
    (result.systems ?? []).some((s) => !s.error && Array.isArray(s.sizes?.items));
  const available = {
    heatmap: withDetail.length > 0,
    sizes: hasSizes,
    depths: hasSweep(result),
    items: withDetail.length > 0,
    lemmas: lemmaSystems(result).length > 0,
    classes: classSystems(result).length > 0,
    documents: lemmaSystems(result, 'coref').length > 0,
    compare: Boolean(result.p_values && Object.keys(result.p_values).length),
    correlation: Boolean(result.rank_correlation?.measures?.length),
  };
  // A coreference run's sizes are its entities', in mentions.
  const entitySizes = Array.isArray(result.gold?.sizes?.mentions);
  const tabs = TABS.filter(([id]) => available[id]).map(([id, label]) =>
    id === 'sizes' && entitySizes ? [id, 'Entity sizes'] : [id, label],
  );
  const tab = available[chosenTab] ? chosenTab : tabs[0]?.[0];

  if (!tabs.length) {
    return (
      <section class="views" aria-labelledby="views-title" data-testid="views">
        <h3 id="views-title" class="views-title">
          Mapping, cluster sizes and items
        </h3>
        <p class="view-empty" data-testid="views-empty">
          This result holds no details (contingency tables, mappings, sizes, items) to draw.
        </p>
      </section>
    );
  }

  const onKey = (e) => {
    const at = tabs.findIndex(([id]) => id === tab);
    let next = null;
    if (e.key === 'ArrowRight') next = (at + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (at + tabs.length - 1) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    e.preventDefault();
    setTab(tabs[next][0]);
    tabRefs.current[tabs[next][0]]?.focus();
  };

  const needsSystem = tab === 'heatmap' || tab === 'items';
  return (
    <section class="views" aria-labelledby="views-title" data-testid="views">
      <h3 id="views-title" class="visually-hidden">
        Mapping, cluster sizes, items, lemmas and comparisons
      </h3>
      <div class="views-bar">
        <div role="tablist" aria-label="Views" class="views-tabs" onKeyDown={onKey}>
          {tabs.map(([id, label]) => (
            <button
              key={id}
              ref={(el) => (tabRefs.current[id] = el)}
              type="button"
              role="tab"
              id={`tab-${id}`}
              aria-selected={tab === id ? 'true' : 'false'}
              aria-controls={`panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              class="views-tab"
              data-testid={`tab-${id}`}
              onClick={() => setTab(id)}
            >
              {label}
            </button>
          ))}
        </div>
        {needsSystem && withDetail.length > 0 && (
          <label class="view-field views-system">
            System
            <select
              value={chosen.i}
              onChange={(e) => setPick(Number(e.currentTarget.value))}
              data-testid="view-system"
            >
              {withDetail.map(({ s, i }) => (
                <option key={i} value={i}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} class="views-panel">
        {tab === 'heatmap' &&
          (chosen ? (
            <Heatmap key={chosen.i} system={chosen.s} goldName={result.gold?.name} />
          ) : (
            <NoDetail />
          ))}
        {tab === 'sizes' && <SizePlot result={result} />}
        {tab === 'depths' && <SweepPlot result={result} />}
        {tab === 'items' &&
          (chosen && hasItems(chosen.s) ? (
            <ItemRows key={chosen.i} client={client} system={chosen.s} index={chosen.i} />
          ) : (
            <NoDetail what="per-item entries" />
          ))}
        {tab === 'lemmas' && <LemmaTable result={result} />}
        {tab === 'classes' && <ClassTable result={result} />}
        {tab === 'documents' && <LemmaTable result={result} kind="coref" />}
        {tab === 'compare' && <Compare result={result} />}
        {tab === 'correlation' && <RankCorrelation result={result} columns={columns} />}
      </div>
    </section>
  );
}

function NoDetail({ what = 'contingency table' }) {
  return <p class="view-empty">This result holds no {what} for this system.</p>;
}
