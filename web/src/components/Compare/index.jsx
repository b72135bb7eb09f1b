import { useState } from 'preact/hooks';
import { formatCount, formatValue } from '../../format.js';
import { cellValue, columnOfKey, columnTitle, isBaseline } from '../../table.js';
import './style.css';

// Significance marks: below 0.01 two stars and the darkest cell, below 0.05 one star.
const LEVELS = [
  [0.01, 'is-strong', '**'],
  [0.05, 'is-clear', '*'],
];

const level = (p) => LEVELS.find(([bound]) => p < bound);

/** "0.0123"; a p-value is at least 1/(R + 1), so four decimals show it for R up to 10,000. */
const formatP = (p) => (p < 0.0001 ? p.toExponential(1) : p.toFixed(4));

/** The test in words: "approximate randomization, 10,000 shuffles of sentences (items at
 * the type level)", "the paired bootstrap, 1,000 resamples". */
export function testText(test, levelName) {
  if (!test) return '';
  if (test.method === 'ar') {
    const unit = levelName === 'type' ? 'items' : 'sentences';
    return `approximate randomization, ${formatCount(test.shuffles)} shuffles that swap the two systems' ${unit}`;
  }
  return `the paired bootstrap, ${formatCount(test.resamples)} resamples`;
}

/**
 * Paired tests for one measure: a system × system matrix of the two-sided p-value that the
 * row and column systems differ (result.p_values, SPEC §3.5), by the test the result names
 * (result.test). Read from the result; nothing is recomputed here.
 */
export function Compare({ result }) {
  const pValues = result.p_values ?? {};
  const log = result.options?.log ?? 'e';
  const measures = Object.keys(pValues)
    .map(columnOfKey)
    .filter((c) => c !== null);
  const [key, setKey] = useState(() =>
    measures.some((c) => c.key === 'token.m1') ? 'token.m1' : measures[0]?.key,
  );
  const column = measures.find((c) => c.key === key) ?? measures[0];
  if (!column) {
    return (
      <p class="view-empty" data-testid="compare-empty">
        This result holds no paired tests: two or more systems are needed, with bootstrap
        resamples or approximate randomization (Options, Confidence).
      </p>
    );
  }
  const values = pValues[column.key];
  // The rows in the table's file order, systems before baselines, as far as they have p-values.
  const systems = (result.systems ?? []).filter((s) => !s.error && values[s.name]);
  const ordered = [...systems.filter((s) => !isBaseline(s)), ...systems.filter(isBaseline)];
  const method = testText(result.test, column.level);
  const valueText = (s) => {
    const v = cellValue(s, column);
    return v === null ? 'n/a' : formatValue(v);
  };

  return (
    <div class="compare" data-testid="compare" data-test={result.test?.method}>
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
      <p class="view-caption" data-testid="compare-method">
        {columnTitle(column, log)}: for each row system A and column system B, the two-sided
        p-value that A and B differ, by {method}.
      </p>
      <div class="compare-scroll" role="region" aria-label="Paired tests" tabIndex={0}>
        <table class="compare-table" data-testid="compare-matrix" data-measure={column.key}>
          <caption class="visually-hidden">
            Two-sided p-values of the paired test between the row and column systems, for{' '}
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
                  <PCell
                    key={b.name}
                    a={a}
                    b={b}
                    p={a.name === b.name ? undefined : values[a.name]?.[b.name]}
                    method={method}
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

function PCell({ a, b, p, method, valueText }) {
  const common = { 'data-row': a.name, 'data-col': b.name };
  if (a.name === b.name) {
    return (
      <td class="compare-cell is-self" {...common} aria-label="the same system">
        —
      </td>
    );
  }
  if (p === null || p === undefined) {
    return (
      <td class="compare-cell is-tie" {...common} data-testid="compare-cell" title="no p-value">
        n/a
      </td>
    );
  }
  const [, strength = '', stars = ''] = level(p) ?? [];
  const title =
    `${a.name} (${valueText(a)}) against ${b.name} (${valueText(b)}): p = ${formatP(p)}, ` +
    `two-sided, by ${method}`;
  return (
    <td
      class={`compare-cell ${strength}`}
      {...common}
      data-testid="compare-cell"
      data-value={String(p)}
      data-stars={stars}
      title={title}
    >
      {formatP(p)}
      <span class="compare-stars" aria-hidden="true">
        {stars}
      </span>
    </td>
  );
}

function CompareLegend() {
  return (
    <div class="view-legend compare-legend" data-testid="compare-legend">
      <span class="compare-swatch is-strong" /> ** p &lt; 0.01
      <span class="compare-swatch is-clear" /> * p &lt; 0.05
      <span class="compare-legend-note">
        A small p: a difference this large would rarely arise between two systems that do not
        differ. A p-value is at least 1/(R + 1) for R shuffles or resamples. Each cell is one
        test, with no correction for the many pairs and measures.
      </span>
    </div>
  );
}
