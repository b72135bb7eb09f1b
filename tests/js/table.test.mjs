// Tables of the last evaluation, written by the core through the binding: the command line's
// --format output byte for byte, the rows the page asks for, and the evaluation kept alive
// between evaluations. The page's measure labels are the core's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CeError } from '../../wasm/binding.js';
import { MEASURES } from '../../web/src/measures.js';
import { loadCore, input, root } from './load-core.mjs';

const core = await loadCore();
const CLI = `${root}build/clustereval`;
const DEMO = 'public/demo';
const FILES = ['brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv'];
const COLUMNS = ['token.m1', 'token.vi', 'token.h_c', 'type.macro_i_m1', 'type.ebcubed_f'];

const cli = (args) => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run 'make native' first`);
  return execFileSync(CLI, [...args, ...FILES], { cwd: `${root}${DEMO}`, encoding: 'utf8' });
};
const evaluateDemo = (options = {}) => {
  const [gold, ...systems] = FILES.map((f) => input(`${DEMO}/${f}`));
  return core.evaluate({ gold, systems, options: { restarts: 3, ...options } });
};

test("every table format is the command line's for the same columns", () => {
  evaluateDemo({ log2: true });
  for (const format of ['text', 'tsv', 'csv', 'markdown', 'latex']) {
    const expected = cli(['--format', format, '--log2', '--restarts', '3', '--measures', COLUMNS.join(',')]);
    assert.equal(core.table({ format, columns: COLUMNS }), expected, format);
  }
  // Markdown titles with the log's unit, the best in bold; LaTeX's level spans.
  const md = core.table({ format: 'markdown', columns: COLUMNS });
  assert.match(md, /^\| System \| Token M-1 \| Token VI \(bits\) \| Token H\(C\) \(bits\) \| Type MacroI M-1 \| Type EB³ F \|\n/);
  assert.match(md, /\n\| `brown-c50\.tsv` \| \*\*0\.6467\*\* \|/);
  const tex = core.table({ format: 'latex', columns: COLUMNS });
  assert.match(tex, /\\multicolumn\{3\}\{c\}\{Token level\} & \\multicolumn\{2\}\{c\}\{Type level\}/);
});

test('the rows asked for, in that order; baselines in italics after a rule', () => {
  const result = evaluateDemo({ baselines: ['one'] });
  assert.deepEqual(
    result.systems.map((s) => s.name),
    ['brown-c50.tsv', 'brown-c50-d3.tsv', 'baseline:one'],
  );
  const csv = core.table({ format: 'csv', columns: ['token.m1'], rows: [1, 0] });
  assert.equal(csv, `system,token.m1\nbrown-c50-d3.tsv,${result.systems[1].token.m1}\nbrown-c50.tsv,${result.systems[0].token.m1}\n`);
  const tex = core.table({ format: 'latex', columns: ['token.m1'], rows: [0, 2] });
  const one = result.systems[2].token.m1.toFixed(4);
  assert.ok(
    tex.includes(`\\midrule\nbrown-c50.tsv & 0.6467 \\\\\n\\midrule\n\\textit{baseline:one} & ${one} \\\\\n`),
    tex,
  );
  // One system among the rows shown: no best to mark.
  assert.doesNotMatch(tex, /textbf/);
  assert.throws(() => core.table({ format: 'csv', columns: ['token.m1'], rows: [3] }), CeError);
  assert.throws(() => core.table({ format: 'csv', columns: ['token.nope'] }), /unknown column 'token\.nope'/);
  assert.throws(() => core.table({ format: 'html', columns: [] }), /unknown table format 'html'/);
});

test("a sense run's table: 'senses.<id>' columns, the command line's for the same columns", () => {
  const dir = 'tests/data/wsi/semeval2013';
  const keys = ['gold/all.key', 'systems/y-22-cluster-test.key', 'baselines/mfs.wn.key'];
  const [gold, ...systems] = keys.map((k) => input(`${dir}/${k}`, k));
  core.evaluate({ gold, systems });
  const columns = ['senses.fuzzy_bcubed_f', 'senses.fuzzy_nmi', 'senses.v_measure', 'senses.pair_f'];
  for (const format of ['csv', 'markdown', 'latex']) {
    const expected = execFileSync(CLI, ['--format', format, '--measures', columns.join(','), ...keys], {
      cwd: `${root}${dir}`,
      encoding: 'utf8',
    });
    assert.equal(core.table({ format, columns }), expected, format);
  }
  assert.throws(() => core.table({ format: 'csv', columns: ['senses.nope'] }), /unknown column 'senses\.nope'/);
});

test('the last evaluation stays until the next one, or until it is released', () => {
  const text = (name, body) => ({ name, format: 'tagged', bytes: new TextEncoder().encode(body) });
  const gold = text('g.tsv', 'a\tX\nb\tX\nc\tY\n');
  core.evaluate({ gold, systems: [text('s.tsv', 'a\t1\nb\t2\nc\t2\n')] });
  const first = core.table({ format: 'tsv', columns: ['token.m1'] });
  assert.equal(first, core.table({ format: 'tsv', columns: ['token.m1'] }), 'asked twice');
  assert.match(first, /^system\ttoken\.m1\ns\.tsv\t0\.6666666666666666\n$/);
  core.evaluate({ gold, systems: [text('t.tsv', 'a\t1\nb\t1\nc\t2\n')] });
  assert.equal(core.table({ format: 'tsv', columns: ['token.m1'] }), 'system\ttoken.m1\nt.tsv\t1\n');
  // A failed evaluation leaves nothing to make a table of.
  assert.throws(() => core.evaluate({ gold: text('g.tsv', ''), systems: [text('t.tsv', 'a\t1\n')] }));
  assert.throws(() => core.table({ format: 'tsv', columns: ['token.m1'] }), /no evaluation/);
  core.evaluate({ gold, systems: [text('t.tsv', 'a\t1\nb\t1\nc\t2\n')] });
  core.release();
  assert.throws(() => core.table({ format: 'tsv', columns: ['token.m1'] }), /no evaluation/);
});

test("the page's measure labels and directions are the core's measure table", () => {
  const page = Object.fromEntries(MEASURES.map((m) => [m.id, { label: m.label, higherIsBetter: m.higherIsBetter }]));
  const ids = core.measures.map((m) => m.id);
  assert.deepEqual(Object.keys(page).sort(), [...ids].sort());
  for (const m of core.measures) assert.deepEqual(page[m.id], { label: m.label, higherIsBetter: m.higherIsBetter }, m.id);
});

test("the page's bias mark: the core's note split at its colon, only for a biased value", async () => {
  const { intervalBias, columnOfKey } = await import('../../web/src/table.js');
  const column = columnOfKey('token.v_measure');
  const note = 'biased high by ~0.03; bias-corrected 0.4670: the value lies below all of its resamples';
  const system = { ci: { 'token.v_measure': [0.45, 0.48] }, ci_bias: { 'token.v_measure': 0.03 }, ci_notes: { 'token.v_measure': note } };
  assert.deepEqual(intervalBias(system, column), { bias: 0.03, mark: 'biased high by ~0.03; bias-corrected 0.4670', note });
  assert.equal(intervalBias({ ...system, ci_notes: {} }, column), null);
  // A note that is not about bias (BCa giving way to basic) is no mark.
  assert.equal(intervalBias({ ...system, ci_notes: { 'token.v_measure': 'the BCa correction breaks down here' } }, column), null);
});
