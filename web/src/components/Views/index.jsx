import { useRef, useState } from 'preact/hooks';
import { Heatmap } from '../Heatmap/index.jsx';
import { ItemTable } from '../ItemTable/index.jsx';
import { SizePlot } from '../SizePlot/index.jsx';
import './style.css';

const TABS = [
  ['heatmap', 'Mapping heatmap'],
  ['sizes', 'Cluster sizes'],
  ['items', 'Per-item details'],
];

/**
 * The pictures and the per-item table below the scores, one at a time behind tabs. The
 * heatmap and the items are for one system, chosen here; the size plot shows them all.
 */
export function Views({ result }) {
  const [tab, setTab] = useState('heatmap');
  const [pick, setPick] = useState(0);
  const tabRefs = useRef({});
  const withDetail = (result.systems ?? [])
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => !s.error && s.detail);
  const chosen = withDetail.find(({ i }) => i === pick) ?? withDetail[0];
  const hasSizes =
    Array.isArray(result.gold?.sizes?.tokens) ||
    Array.isArray(result.gold?.sizes?.items) ||
    withDetail.some(({ s }) => s.detail?.sizes);

  if (!withDetail.length && !hasSizes) {
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
    const at = TABS.findIndex(([id]) => id === tab);
    let next = null;
    if (e.key === 'ArrowRight') next = (at + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') next = (at + TABS.length - 1) % TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    setTab(TABS[next][0]);
    tabRefs.current[TABS[next][0]]?.focus();
  };

  const needsSystem = tab !== 'sizes';
  return (
    <section class="views" aria-labelledby="views-title" data-testid="views">
      <h3 id="views-title" class="visually-hidden">
        Mapping, cluster sizes and items
      </h3>
      <div class="views-bar">
        <div role="tablist" aria-label="Views" class="views-tabs" onKeyDown={onKey}>
          {TABS.map(([id, label]) => (
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
        {tab === 'items' &&
          (chosen && Array.isArray(chosen.s.detail.items) ? (
            <ItemTable key={chosen.i} system={chosen.s} />
          ) : (
            <NoDetail what="per-item entries" />
          ))}
      </div>
    </section>
  );
}

function NoDetail({ what = 'contingency table' }) {
  return <p class="view-empty">This result holds no {what} for this system.</p>;
}
