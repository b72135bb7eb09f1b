import { FAMILIES, describe, visibleMeasures } from '../../measures.js';
import { errorText, formatCount, formatValue } from '../../format.js';
import './style.css';

/**
 * One row per system, one column per measure, read from the result JSON (SPEC §4).
 * The best value of each column (by the measure's direction) is marked when two or more
 * systems have a number for it.
 */
export function ResultsTable({ result, showAll }) {
  const measures = visibleMeasures(showAll);
  const logName = result.options?.log ?? 'e';
  const systems = result.systems ?? [];
  const best = bestValues(systems, measures);

  // Consecutive measures of one family share a group header; a rule separates the groups.
  const families = [];
  const groupStart = new Set();
  for (const m of measures) {
    const last = families[families.length - 1];
    if (last && last.family === m.family) last.span += 1;
    else {
      if (last) groupStart.add(m.id);
      families.push({ family: m.family, span: 1 });
    }
  }
  const edge = (m) => (groupStart.has(m.id) ? ' is-group-start' : '');

  return (
    <div class="results-scroll" tabIndex={0} role="region" aria-label="Scores per system">
      <table class="results-table">
        <caption class="visually-hidden">
          Token-level scores of each system against the gold standard {result.gold?.name}
        </caption>
        <thead>
          <tr>
            <td class="results-corner" />
            {families.map((f, i) => (
              <th
                key={f.family}
                scope="colgroup"
                colSpan={f.span}
                class={`results-family${i > 0 ? ' is-group-start' : ''}`}
              >
                {FAMILIES[f.family]}
              </th>
            ))}
          </tr>
          <tr>
            <th scope="col" class="results-system-head">
              System
            </th>
            {measures.map((m) => (
              <th
                key={m.id}
                scope="col"
                class={`results-measure${edge(m)}`}
                title={describe(m, logName)}
                data-measure={m.id}
              >
                {m.label}
                {m.higherIsBetter !== null && (
                  <>
                    <span class="results-dir" aria-hidden="true">
                      {m.higherIsBetter ? '↑' : '↓'}
                    </span>
                    <span class="visually-hidden">
                      {m.higherIsBetter ? ' (higher is better)' : ' (lower is better)'}
                    </span>
                  </>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {systems.map((s, i) => (
            <tr
              key={i}
              data-testid="result-row"
              data-system={s.name}
              class={s.error ? 'has-error' : ''}
            >
              <th scope="row" class="results-system">
                <span class="results-system-name">{s.name}</span>
                {!s.error && (
                  <span class="results-system-meta">
                    {s.format} · {formatCount(s.clusters)} clusters
                    {s.missing > 0 && ` · ${formatCount(s.missing)} missing`}
                    {s.extra > 0 && ` · ${formatCount(s.extra)} extra`}
                  </span>
                )}
              </th>
              {s.error ? (
                <td colSpan={measures.length} class="results-row-error">
                  {errorText(s.error)}
                </td>
              ) : (
                measures.map((m) => (
                  <Cell key={m.id} system={s} measure={m} best={best[m.id]} extra={edge(m)} />
                ))
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ system, measure, best, extra }) {
  const v = system.token?.[measure.id];
  if (typeof v === 'number') {
    const isBest = best !== undefined && v === best;
    return (
      <td
        class={`results-value${isBest ? ' is-best' : ''}${extra}`}
        data-measure={measure.id}
        data-system={system.name}
        data-value={String(v)}
        data-best={isBest ? 'true' : undefined}
      >
        {formatValue(v)}
      </td>
    );
  }
  // null: the core could not compute it and says why in the warnings.
  const why =
    v === null
      ? (system.warnings ?? []).join('; ') || 'not defined for this input'
      : 'not computed';
  return (
    <td
      class={`results-value is-na${extra}`}
      data-measure={measure.id}
      data-system={system.name}
      title={why}
    >
      n/a
    </td>
  );
}

/** For each measure with a direction, the best number among the systems (2 or more). */
function bestValues(systems, measures) {
  const best = {};
  for (const m of measures) {
    if (m.higherIsBetter === null) continue;
    const values = systems
      .map((s) => s.token?.[m.id])
      .filter((v) => typeof v === 'number' && Number.isFinite(v));
    if (values.length < 2) continue;
    best[m.id] = m.higherIsBetter ? Math.max(...values) : Math.min(...values);
  }
  return best;
}
