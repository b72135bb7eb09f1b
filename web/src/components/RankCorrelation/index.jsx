import { useState } from 'preact/hooks';
import { darkOnDiverging, divergingColour, divergingGradient } from '../../heatmap.js';
import { columnOfKey, columnTitle } from '../../table.js';
import { Segmented } from '../Segmented/index.jsx';
import './style.css';

const KINDS = [
  { id: 'spearman', label: 'Spearman ρ' },
  { id: 'kendall', label: 'Kendall τ-b' },
];

const SCOPES = [
  { id: 'table', label: 'table columns' },
  { id: 'all', label: 'all measures' },
];

/** "0.83", "−0.50", "1": two decimals, a true minus sign. */
const formatCorrelation = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(2)).replace('-', '−');

/**
 * Measure × measure rank correlations over the systems (result.rank_correlation, SPEC §4):
 * how alike two measures order the systems, Spearman's ρ or Kendall's τ-b, on a diverging
 * scale from −1 to 1. `columns` are the results table's columns, the measures shown first.
 */
export function RankCorrelation({ result, columns }) {
  const rc = result.rank_correlation;
  const log = result.options?.log ?? 'e';
  const [kind, setKind] = useState('spearman');
  const [scope, setScope] = useState('table');
  const all = (rc?.measures ?? []).map(columnOfKey).filter((c) => c !== null);
  const shown = new Set((columns ?? []).map((c) => c.key));
  const inTable = all.filter((c) => shown.has(c.key));
  // The table's columns when two or more of them have rankings; else every measure.
  const usable = inTable.length >= 2;
  const measures = scope === 'table' && usable ? inTable : all;
  const matrix = rc?.[kind] ?? {};

  if (!rc || all.length < 2) {
    return (
      <p class="view-empty" data-testid="correlation-empty">
        Rank correlations need three or more systems (baselines count) with values.
      </p>
    );
  }
  const symbol = kind === 'spearman' ? 'ρ' : 'τ-b';
  const short = (c) => `${c.level === 'token' ? 'tok' : 'type'} ${c.measure.label}`;

  return (
    <div class="correlation" data-testid="correlation">
      <div class="view-controls">
        <Segmented
          label="Correlation"
          name="correlation-kind"
          testPrefix="correlation"
          options={KINDS}
          value={kind}
          onChange={setKind}
        />
        <Segmented
          label="Measures"
          name="correlation-scope"
          testPrefix="correlation-scope"
          options={SCOPES.map((o) =>
            o.id === 'table' && !usable
              ? { ...o, disabled: true, title: 'fewer than two table columns have rankings' }
              : o,
          )}
          value={usable ? scope : 'all'}
          onChange={setScope}
        />
      </div>
      <h4 class="correlation-title" data-testid="correlation-title" data-systems={rc.systems}>
        {kind === 'spearman' ? "Spearman's ρ" : "Kendall's τ-b"} between the measures' rankings of{' '}
        <span data-testid="correlation-n">{rc.systems}</span> systems (baselines included)
      </h4>
      <div class="correlation-scroll" role="region" aria-label="Rank correlations" tabIndex={0}>
        <table class="correlation-table" data-testid="correlation-matrix" data-kind={kind}>
          <caption class="visually-hidden">
            {kind === 'spearman' ? "Spearman's rho" : "Kendall's tau-b"} between every two measures
            over {rc.systems} systems
          </caption>
          <thead>
            <tr>
              <td />
              {measures.map((c) => (
                <th key={c.key} scope="col" class="correlation-col" title={columnTitle(c, log)}>
                  <span>{short(c)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {measures.map((a) => (
              <tr key={a.key}>
                <th scope="row" class="correlation-row" title={columnTitle(a, log)}>
                  {short(a)}
                </th>
                {measures.map((b) => (
                  <CorrelationCell
                    key={b.key}
                    a={a}
                    b={b}
                    value={matrix[a.key]?.[b.key]}
                    symbol={symbol}
                    log={log}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div class="view-legend correlation-legend" aria-hidden="true">
        <span>−1</span>
        <span class="correlation-ramp" style={{ background: divergingGradient() }} />
        <span>1</span>
        <span class="correlation-note">
          1: the two measures order the systems alike; −1: in reverse (as a lower-is-better measure
          does against a higher-is-better one that agrees with it); n/a: a measure with the same
          value for every system. With few systems only a few values are possible.
        </span>
      </div>
    </div>
  );
}

function CorrelationCell({ a, b, value, symbol, log }) {
  const common = { 'data-testid': 'correlation-cell', 'data-row': a.key, 'data-col': b.key };
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return (
      <td
        class="correlation-cell is-na"
        {...common}
        title={`${columnTitle(a, log)} × ${columnTitle(b, log)}: no ranking (a constant measure)`}
      >
        n/a
      </td>
    );
  }
  return (
    <td
      class={`correlation-cell${darkOnDiverging(value) ? ' is-dark' : ''}`}
      {...common}
      data-value={String(value)}
      style={{ background: divergingColour(value) }}
      title={`${columnTitle(a, log)} × ${columnTitle(b, log)}: ${symbol} = ${formatCorrelation(value)}`}
    >
      {formatCorrelation(value)}
    </td>
  );
}
