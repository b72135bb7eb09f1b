// The npm package's evaluate() and score() (npm/index.js, run from the repository's npm/
// after `make npm`): a bare string is a path, as in the Python package, read in Node and an
// error where there are no files; a path that does not open is a CeError naming it; every
// other bad argument is the package's own error (TypeError for a wrong type, CeError
// CE_ERR_USAGE for a wrong value) naming what was wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './load-core.mjs';

const { CeError, evaluate, load, score } = await import('../../npm/index.js');
await load();

const data = (name) => `${root}tests/data/${name}`;
const gold = data('small-gold.tsv');
const system = data('small-sys.tsv');
const tmp = mkdtempSync(join(tmpdir(), 'clustereval-npm-inputs-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

/** Asserts that the promise rejects with a plain TypeError whose message matches pattern. */
const typeError = (promise, pattern) =>
  assert.rejects(promise, (error) => {
    assert.ok(error instanceof TypeError && !(error instanceof CeError), `${error?.name}: ${error?.message}`);
    assert.match(error.message, pattern);
    return true;
  });
/** Asserts that the promise rejects with a CeError CE_ERR_USAGE whose message matches pattern. */
const usageError = (promise, pattern, file = '') =>
  assert.rejects(promise, (error) => {
    assert.ok(error instanceof CeError, `${error?.name}: ${error?.message}`);
    assert.equal(error.code, 'CE_ERR_USAGE');
    assert.match(error.message, pattern);
    assert.equal(error.file, file);
    return true;
  });

test('a bare string is a path, read as {path} is; so is a file: URL', async () => {
  const byString = await evaluate({ gold, systems: [system] });
  assert.deepEqual(byString, await evaluate({ gold: { path: gold }, systems: [{ path: system }] }));
  assert.deepEqual(byString, await evaluate({ gold: pathToFileURL(gold), systems: [pathToFileURL(system)] }));
  assert.equal(byString.gold.name, gold);
  assert.deepEqual(byString.systems.map((row) => row.name), [system]);
  // Contents are {text}, bytes or a Blob, and give the same numbers.
  const text = await evaluate({ gold: { text: readFileSync(gold, 'utf8'), name: gold }, systems: [new Blob([readFileSync(system)])] });
  assert.deepEqual(text.systems[0].token, byString.systems[0].token);
  // A label map's string is a preset or a path; a sub_test's a path.
  const mapFile = join(tmp, 'map.tsv');
  writeFileSync(mapFile, 'DET\tD\n');
  const mapped = await evaluate({ gold, systems: [system] }, { gold_map: mapFile, map_keep: true, sub_test: system });
  assert.equal(typeof mapped.systems[0].token.sub_p, 'number');
});

test('a path that does not open is a CeError naming it, not a Blob error', async () => {
  const missing = join(tmp, 'no-such.tsv');
  await usageError(evaluate({ gold, systems: [missing] }), new RegExp(`^cannot open ${missing}: no such file$`), missing);
  await usageError(evaluate({ gold: { path: missing }, systems: [system] }), /^cannot open .*no-such\.tsv: no such file$/, missing);
  await usageError(evaluate({ gold, systems: [system] }, { gold_map: missing }), /^cannot open .*: no such file$/, missing);
  await usageError(evaluate({ gold, systems: [system] }, { sub_test: [missing] }), /^cannot open .*: no such file$/, missing);
  await usageError(evaluate({ gold: tmp, systems: [system] }), /^cannot open .*: a directory, not a file$/, tmp);
});

test('where there are no files (a browser), a bare string says to pass {text: …} or a Blob', async () => {
  const { getBuiltinModule } = process;
  const versions = Object.getOwnPropertyDescriptor(process, 'versions');
  process.getBuiltinModule = undefined;
  Object.defineProperty(process, 'versions', { value: {}, configurable: true });
  try {
    await usageError(evaluate({ gold, systems: [system] }), /^gold: '.*small-gold\.tsv' is a path .*no files here; pass \{text: …\} for contents, or a Blob or File$/);
    await usageError(evaluate({ gold: { path: gold }, systems: [system] }), /^gold: .* is a path .*pass \{text: …\}/);
    const result = await evaluate({ gold: { text: readFileSync(gold, 'utf8') }, systems: [new Blob([readFileSync(system)])] });
    assert.equal(result.systems[0].name, 'system1');
  } finally {
    process.getBuiltinModule = getBuiltinModule;
    Object.defineProperty(process, 'versions', versions);
  }
});

test("evaluate's bad arguments: TypeError for a wrong type, CeError for a wrong value, each naming it", async () => {
  await typeError(evaluate(), /^evaluate's first argument is undefined; pass \{gold, systems: \[\.\.\.\]\}/);
  await typeError(evaluate(null), /^evaluate's first argument is null/);
  await typeError(evaluate([gold, system]), /^evaluate's first argument is an Array/);
  await typeError(evaluate({}), /^gold is missing/);
  await typeError(evaluate({ gold: null, systems: [system] }), /^gold is null; an input is a path/);
  await typeError(evaluate({ gold: 3, systems: [system] }), /^gold is a number \(3\)/);
  await typeError(evaluate({ gold, systems: system }), /^systems is a string .*; pass an array of inputs/);
  await typeError(evaluate({ gold, systems: new Set([system]) }), /^systems is a Set; pass an array/);
  await typeError(evaluate({ gold, systems: [system, undefined] }), /^system2 is undefined; an input is/);
  await typeError(evaluate({ gold, systems: [new Int16Array(2)] }), /^system1 is an Int16Array/);
  await typeError(evaluate({ gold: { text: 5 }, systems: [system] }), /^gold\.text is a number \(5\); pass a string/);
  await typeError(evaluate({ gold: { bytes: 'abc' }, systems: [system] }), /^gold\.bytes is a string .*; pass a Uint8Array or an ArrayBuffer/);
  await typeError(evaluate({ gold: { path: gold, name: 1 }, systems: [system] }), /^gold\.name is a number/);
  await typeError(evaluate({ gold, systems: [system] }, 'fast'), /^options is a string/);
  await typeError(evaluate({ gold, systems: [system] }, { exclude_labels: 5 }), /^exclude_labels is a number/);
  await typeError(evaluate({ gold, systems: [system] }, { baselines: [1] }), /^baselines\[0\] is a number/);
  await typeError(evaluate({ gold, systems: [system] }, { unclustered_label: true }), /^unclustered_label is a boolean/);
  await typeError(evaluate({ gold, systems: [system] }, { gold_format: 1 }), /^gold_format is a number/);
  await usageError(evaluate({ gold, system: [system] }), /^unknown key 'system' \(evaluate takes \{gold, systems\}\)/);
  await usageError(evaluate({ gold: { file: gold }, systems: [system] }), /^gold: unknown key 'file'/);
  await usageError(evaluate({ gold: { path: gold, text: 'a\tB\n' }, systems: [system] }), /^gold: an input object takes one of path, text, bytes or blob, not path and text$/);
  await usageError(evaluate({ gold: { name: 'g' }, systems: [system] }), /^gold: an input object takes one of path, text, bytes or blob$/);
  await usageError(evaluate({ gold, systems: [new URL('https://example.org/s.tsv')] }), /^system1: https:\/\/example\.org\/s\.tsv is not a file: URL/);
  await usageError(evaluate({ gold, systems: [system] }, { gold_format: 'tsv' }), /^unknown input format 'tsv' \(auto, tagged/);
  await usageError(evaluate({ gold, systems: [system] }, { induced_format: 'xml' }), /^unknown input format 'xml'/);
  await usageError(evaluate({ gold: { path: gold, format: 'tsv' }, systems: [system] }), /^unknown input format 'tsv'/);
  await usageError(evaluate({ gold, systems: [system] }, { average_method: 'max' }), /^unknown option 'average_method'/);
  await usageError(evaluate({ gold, systems: [system] }, { nmi_mean: 'median' }), /'median' is not one of arithmetic, geometric, min, max/);
  await usageError(evaluate({ gold, systems: [system] }, { baselines: 'zero' }), /^unknown baseline 'zero'/);
  await usageError(evaluate({ gold, systems: [system] }, { sub_test: [system, system] }), /^more sub_test corpora than systems \(2 for 1\)/);
  await usageError(evaluate({ gold }, { gold_format: 'tagged' }), /^needs a gold input and at least one system/);
  // A gold of a format yet to be detected may be alone: the core says it is no counts or joint file.
  await assert.rejects(evaluate({ gold }), (error) => error instanceof CeError && /no system to score/.test(error.message));
});

test('a counts or joint gold is scored alone, as in Python', async () => {
  const counts = join(tmp, 'counts.tsv');
  writeFileSync(counts, 'noun\tc1\t5\nverb\tc2\t3\nverb\tc1\t1\n');
  for (const options of [{}, { gold_format: 'counts' }]) {
    const result = await evaluate({ gold: counts }, options);
    assert.equal(result.gold.format, 'counts');
    assert.equal(result.systems[0].token.m1, 8 / 9);
  }
});

test('score through the package: a string is a TypeError, and the row\'s warnings and ci_withheld come back', async () => {
  await typeError(score('gold.tsv', 'sys1.tsv'), /^labelsTrue is a string \("gold\.tsv"\), not a sequence/);
  await typeError(score(null, ['a']), /^labelsTrue is null/);
  await typeError(score(['a'], new Set(['a'])), /^labelsPred is a Set, which has no token order/);
  const result = await score(['a', 'b', 'a', 'b'], [1, 2, 2, 1], { bootstrap: 20 });
  assert.deepEqual(Object.keys(result).filter((k) => k !== 'ci_notes'), ['token', 'ci', 'ci_bias', 'warnings', 'ci_withheld']);
  assert.ok(result.warnings.some((w) => /no sentence boundaries/.test(w)));
});
