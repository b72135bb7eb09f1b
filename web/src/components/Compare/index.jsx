import { useState } from 'preact/hooks';
import { formatValue } from '../../format.js';
import { cellValue, columnOfKey, columnTitle, isBaseline } from '../../table.js';
import './style.css';

// How strong a share reads: below each bound, a darker cell.
const STRENGTHS = [
  [0.01, 'is-strong'],
  [0.05, 'is-clear'],
  [0.1, 'is-weak'],
];

const strength = (share) => STRENGTHS.find(([bound]) => share < bound)?.[1] ?? '';

/** "0.031"; shares are multiples of 1/B, so three decimals show them for B up to 1000. */
const formatShare = (share) => share.toFixed(3);

/**
 * Paired bootstrap comparisons for one measure: a system × system matrix of the share of
 * resamples in which the difference row − column loses the sign it has on the full data
 * (result.paired, SPEC §4). Read from the result; nothing is recomputed here.
 */
export function Compare({ result }) {
  const paired = result.paired ?? {};
  const log = result.options?.log ?? 'e';
  const measures = Object.keys(paired)
    .map(columnOfKey)
    .filter((c) => c !== null);
  const [key, setKey] = useState(() =>
    measures.some((c) => c.key === 'token.m1') ? 'token.m1' : measures[0]?.key,
  );
  const column = measures.find((c) => c.key === key) ?? measures[0];
  if (!column) {
    return (
      <p class="view-empty" data-testid="compare-empty">
        This result holds no paired comparisons: two or more systems with bootstrap intervals are
        needed.
      </p>
    );
  }
  const shares = paired[column.key];
  // The rows in the table's file order, systems before baselines, as far as they have shares.
  const systems = (result.systems ?? []).filter((s) => !s.error && shares[s.name]);
  const ordered = [...systems.filter((s) => !isBaseline(s)), ...systems.filter(isBaseline)];
  const resamples = result.bootstrap?.resamples;
  const valueText = (s) => {
    const v = cellValue(s, column);
    return v === null ? 'n/a' : formatValue(v);
  };

  return (
    <div class="compare" data-testid="compare">
      <div class="view-controls">
        <label class="view-field">
          Measure
          <select
            value={column.key}
            onChange={(e) => setKey(e.currentTarget.value)}
            data-testid="compare-measure"
          >
            {measures.map((c) => (
              <option key={c.key} value={c.key}>
                {columnTitle(c, log)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="view-caption">
        {columnTitle(column, log)}: for each row system A and column system B, the share of the{' '}
        {resamples ?? ''} bootstrap resamples in which A − B does not keep the sign it has on the
        full data (a one-sided bootstrap p-value for “A and B are ordered as measured”).
      </p>
      <div class="compare-scroll" role="region" aria-label="Paired comparisons" tabIndex={0}>
        <table class="compare-table" data-testid="compare-matrix" data-measure={column.key}>
          <caption class="visually-hidden">
            Share of resamples in which the row system minus the column system changes sign, for{' '}
            {columnTitle(column, log)}
          </caption>
          <thead>
            <tr>
              <td class="compare-corner">A \ B</td>
              {ordered.map((b) => (
                <th key={b.name} scope="col" class="compare-head">
                  <span class="compare-name">{b.name}</span>
                  <span class="compare-value">{valueText(b)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ordered.map((a) => (
              <tr key={a.name}>
                <th scope="row" class="compare-row">
                  <span class="compare-name">{a.name}</span>
                  <span class="compare-value">{valueText(a)}</span>
                </th>
                {ordered.map((b) => (
                  <ShareCell
                    key={b.name}
                    a={a}
                    b={b}
                    share={a.name === b.name ? undefined : shares[a.name]?.[b.name]}
                    resamples={resamples}
                    valueText={valueText}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CompareLegend />
    </div>
  );
}

function ShareCell({ a, b, share, resamples, valueText }) {
  const common = { 'data-row': a.name, 'data-col': b.name };
  if (a.name === b.name) {
    return (
      <td class="compare-cell is-self" {...common} aria-label="the same system">
        —
      </td>
    );
  }
  if (share === null || share === undefined) {
    const why =
      share === null ? 'equal on the full data: no sign to keep' : 'no share in this result';
    return (
      <td class="compare-cell is-tie" {...common} data-testid="compare-cell" title={why}>
        {share === null ? '=' : 'n/a'}
      </td>
    );
  }
  const title =
    `${a.name} (${valueText(a)}) − ${b.name} (${valueText(b)}) changed sign in a share ` +
    `${formatShare(share)} of the ${resamples ?? ''} resamples`;
  return (
    <td
      class={`compare-cell ${strength(share)}`}
      {...common}
      data-testid="compare-cell"
      data-value={String(share)}
      title={title}
    >
      {formatShare(share)}
    </td>
  );
}

function CompareLegend() {
  return (
    <div class="view-legend compare-legend" data-testid="compare-legend">
      <span class="compare-swatch is-strong" /> below 0.01
      <span class="compare-swatch is-clear" /> below 0.05
      <span class="compare-swatch is-weak" /> below 0.10
      <span class="compare-legend-note">
        A small share: the order of the two systems on this measure holds in almost every resample.
        Near 0.5: a toss-up. “=”: equal on the full data. Each cell is one test, with no correction
        for the many pairs.
      </span>
    </div>
  );
}
