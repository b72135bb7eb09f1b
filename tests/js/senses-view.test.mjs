// What the page makes of a sense run's result (SPEC §3.7): the table's sense level in the
// command line's column order, grouped by task, its SemEval-2010 V and PF described as such;
// and the per-lemma rows, each system's `senses.by_lemma` side by side, ordered by how far
// the systems differ. The result is the core's, evaluated on the real SemEval-2013 keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { bestInRow, lemmaRows, lemmaSystems, senseGrid, sortLemmaRows } from '../../web/src/lemmas.js';
import { FAMILIES, MEASURE_BY_ID, describe } from '../../web/src/measures.js';
import { columnGroups, columnOfKey, columnTitle, tableColumns, toJSON } from '../../web/src/table.js';
import { loadCore, input, root } from './load-core.mjs';

const core = await loadCore();
const DIR = 'tests/data/wsi/semeval2013';
const KEYS = ['gold/all.key', 'systems/y-22-cluster-test.key', 'systems/hdp-wsi-sample-50k.key', 'baselines/mfs.wn.key'];
const [gold, ...systems] = KEYS.map((k) => input(`${DIR}/${k}`, k));
const result = core.evaluate({ gold, systems, options: { detail: 2 } });
const VIEW = { columns: 'main', families: Object.keys(FAMILIES), mappings: ['m1', 'o1'] };

test("a sense run's columns are the command line's, in its order, under the sense level", () => {
  const header = execFileSync(`${root}build/clustereval`, ['--format', 'csv', ...KEYS], {
    cwd: `${root}${DIR}`,
    encoding: 'utf8',
  }).split('\n')[0];
  for (const columns of ['main', 'all']) {
    const keys = tableColumns(result, { ...VIEW, columns }).map((c) => c.key);
    assert.deepEqual(['system', ...keys].join(','), header, columns);
  }
  const columns = tableColumns(result, VIEW);
  assert.deepEqual(
    columnGroups(columns, 'level').map((g) => [g.label, g.span]),
    [['Sense level', 7]],
  );
  assert.deepEqual(
    columnGroups(columns, 'family').map((g) => [g.label, g.span]),
    [
      ['SemEval-2013', 5],
      ['SemEval-2010', 2],
    ],
  );
  // Hiding a family hides its sense columns too.
  const noPairs = tableColumns(result, { ...VIEW, families: VIEW.families.filter((f) => f !== 'pairs') });
  assert.ok(!noPairs.some((c) => c.key === 'senses.pair_f'));
  assert.equal(noPairs.length, 6);
});

test("a sense run's V and PF are SemEval-2010's, by key, title and tooltip", () => {
  const v = columnOfKey('senses.v_measure');
  assert.equal(v.level, 'senses');
  assert.equal(v.measure.label, MEASURE_BY_ID.v_measure.label);
  assert.equal(columnTitle(v, 'e'), 'Sense V');
  const text = describe(v.measure, 'e', 'senses');
  assert.match(text, /^V-measure \(SemEval-2010\), over instances, lemma by lemma; higher is better\./);
  assert.match(text, /Manandhar/);
  assert.doesNotMatch(describe(columnOfKey('token.v_measure').measure, 'e', 'token'), /SemEval/);
  assert.equal(columnOfKey('senses.m1'), null, 'M-1 is no sense measure');
  assert.equal(columnTitle(columnOfKey('senses.fuzzy_bcubed_f'), 'e'), 'Sense F-B³ F');
});

test("the JSON export keeps a sense run's values under `senses`", () => {
  const columns = tableColumns(result, VIEW).slice(0, 2);
  const rows = result.systems.map((system, index) => ({ system, index }));
  const doc = JSON.parse(toJSON(result, columns, rows));
  assert.deepEqual(doc.columns, ['senses.fuzzy_bcubed_p', 'senses.fuzzy_bcubed_r']);
  assert.deepEqual(doc.systems[0].senses, {
    fuzzy_bcubed_p: result.systems[0].senses.fuzzy_bcubed_p,
    fuzzy_bcubed_r: result.systems[0].senses.fuzzy_bcubed_r,
  });
});

test("the per-lemma rows are each system's by_lemma values, and a row's spread their range", () => {
  const shown = lemmaSystems(result);
  assert.deepEqual(shown.map((s) => s.index), [0, 1, 2]);
  const rows = lemmaRows(shown, 'fuzzy_bcubed_f');
  assert.equal(rows.length, result.gold.lemmas);
  assert.deepEqual(rows.map((r) => r.lemma), Object.keys(result.systems[0].senses.by_lemma));
  for (const row of rows) {
    const values = result.systems.map((s) => s.senses.by_lemma[row.lemma].fuzzy_bcubed_f);
    assert.deepEqual(row.values, values, row.lemma);
    assert.equal(row.spread, Math.max(...values) - Math.min(...values), row.lemma);
  }
  // Without the MFS baseline (position 2), the spread is the two systems' distance.
  const systemsOnly = lemmaRows(shown, 'fuzzy_bcubed_f', new Set([0, 1]));
  for (const row of systemsOnly) assert.equal(row.spread, Math.abs(row.values[0] - row.values[1]), row.lemma);
  assert.deepEqual(systemsOnly.map((r) => r.values), rows.map((r) => r.values));
  // The systems differ most first; each step down the spread does not grow.
  const sorted = sortLemmaRows(rows, 'spread', 'desc');
  for (let i = 1; i < sorted.length; i++) assert.ok(sorted[i - 1].spread >= sorted[i].spread);
  assert.ok(sorted[0].spread > sorted.at(-1).spread, 'the systems differ more on some lemmas');
  // By a system's column, ascending; by lemma, alphabetically.
  const byUnimelb = sortLemmaRows(rows, 1, 'asc').map((r) => r.values[1]);
  assert.deepEqual(byUnimelb, [...byUnimelb].sort((a, b) => a - b));
  const byName = sortLemmaRows(rows, 'lemma', 'asc').map((r) => r.lemma);
  assert.deepEqual(byName, [...byName].sort((a, b) => a.localeCompare(b)));
});

test('rows without a number sort last either way; the best of a row only when it is one', () => {
  const rows = [
    { lemma: 'a.n', values: [0.2, null], spread: null },
    { lemma: 'b.n', values: [0.5, 0.1], spread: 0.4 },
    { lemma: 'c.v', values: [null, null], spread: null },
    { lemma: 'd.j', values: [0.3, 0.3], spread: 0 },
  ];
  assert.deepEqual(sortLemmaRows(rows, 'spread', 'desc').map((r) => r.lemma), ['b.n', 'd.j', 'a.n', 'c.v']);
  assert.deepEqual(sortLemmaRows(rows, 'spread', 'asc').map((r) => r.lemma), ['d.j', 'b.n', 'a.n', 'c.v']);
  assert.deepEqual(sortLemmaRows(rows, 1, 'desc').map((r) => r.lemma), ['d.j', 'b.n', 'a.n', 'c.v']);
  assert.deepEqual(rows.map((r) => bestInRow(r, true)), [-1, 0, -1, -1]);
  assert.equal(bestInRow(rows[1], false), 1);
  // Among the systems the spread is over only.
  assert.equal(bestInRow({ values: [0.9, 0.5, 0.4] }, true, new Set([1, 2])), 1);
  assert.equal(bestInRow({ values: [0.9, 0.5, 0.4] }, true, new Set([0])), -1);
  // A lemma whose NMI the core left null (its senses' entropies are 0) is no number.
  const nullNmi = lemmaRows(
    [{ system: { senses: { by_lemma: { 'x.n': { fuzzy_nmi: null } } } } }, { system: { senses: { by_lemma: { 'x.n': { fuzzy_nmi: 0.1 } } } } }],
    'fuzzy_nmi',
  );
  assert.deepEqual(nullNmi, [{ lemma: 'x.n', values: [null, 0.1], spread: null }]);
});

test("a lemma's sense grid is the core's cells laid out, senses in the order it met them", () => {
  const system = {
    senses: { by_lemma: { 'add.v': { cells: [['s1', 'c1', 2], ['s2', 'c1', 2], ['s2', 'c2', 1 / 3]] }, 'go.v': {} } },
  };
  assert.deepEqual(senseGrid(system, 'add.v'), {
    gold: ['s1', 's2'],
    induced: ['c1', 'c2'],
    weight: [
      [2, 0],
      [2, 1 / 3],
    ],
    max: 2,
  });
  assert.equal(senseGrid(system, 'go.v'), null); // no cells: evaluated without details
  assert.equal(senseGrid({}, 'add.v'), null);
});
