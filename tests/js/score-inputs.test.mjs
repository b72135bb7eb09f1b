// The binding's score() (wasm/binding.js, the npm package's score): a label sequence is an
// array or a typed array, and anything else is the package's own error naming the argument;
// the row's warnings and ci_withheld come back beside the measures; bootstrap without
// sentence boundaries resamples tokens, says so, and gives intervals of some width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CeError } from '../../wasm/binding.js';
import { loadCore } from './load-core.mjs';

const core = await loadCore();

/** Asserts that fn throws a plain TypeError (not a CeError) whose message matches pattern. */
const typeError = (fn, pattern) =>
  assert.throws(fn, (error) => {
    assert.ok(error instanceof TypeError && !(error instanceof CeError), `${error?.name}: ${error?.message}`);
    assert.match(error.message, pattern);
    return true;
  });
/** Asserts that fn throws a CeError CE_ERR_USAGE whose message matches pattern. */
const usageError = (fn, pattern) =>
  assert.throws(fn, (error) => {
    assert.ok(error instanceof CeError, `${error?.name}: ${error?.message}`);
    assert.equal(error.code, 'CE_ERR_USAGE');
    assert.match(error.message, pattern);
    return true;
  });

/** A pair of random labelings of n tokens (a fixed LCG: the same pair every run). */
const randomPair = (n, classes, clusters) => {
  let x = 12345;
  const next = (k) => ((x = (x * 1103515245 + 12345) % 2 ** 31) >>> 8) % k;
  return [Array.from({ length: n }, () => `c${next(classes)}`), Array.from({ length: n }, () => next(clusters))];
};

test('a string where a label sequence belongs is a TypeError, never a sequence of characters', () => {
  // 'gold.tsv' and 'sys1.tsv' as characters once gave m1 0.75.
  typeError(() => core.score('gold.tsv', 'sys1.tsv'), /^labelsTrue is a string \("gold\.tsv"\), not a sequence/);
  typeError(() => core.score(['a', 'b'], 'ab'), /^labelsPred is a string \("ab"\), not a sequence.*evaluate\(\)/);
  typeError(() => core.score(['a', 'b'], [1, 2], { words: 'ab' }), /^words is a string/);
  typeError(() => core.score(['a', 'b'], [1, 2], { sentences: 'ab' }), /^sentences is a string/);
  typeError(() => core.score(['a', 'b'], [1, 2], { sentence_ends: 'yn' }), /^sentence_ends is a string/);
});

test('null, undefined, a number, a plain object, a Set or a Map is a TypeError naming the argument and why', () => {
  const cases = [
    [null, /^labelsTrue is null; pass an array or a typed array/],
    [undefined, /^labelsTrue is undefined; pass an array/],
    [3, /^labelsTrue is a number \(3\); pass an array/],
    [{ 0: 'a', 1: 'b', length: 2 }, /^labelsTrue is an object; pass an array/],
    [new Set(['a', 'b']), /^labelsTrue is a Set, which has no token order/],
    [new Map([[0, 'a'], [1, 'b']]), /^labelsTrue is a Map, which has no token order/],
    [new DataView(new ArrayBuffer(2)), /^labelsTrue is a DataView/],
  ];
  for (const [value, pattern] of cases) {
    typeError(() => core.score(value, ['a', 'b']), pattern);
    typeError(() => core.score(['a', 'b'], value), new RegExp(pattern.source.replace('labelsTrue', 'labelsPred')));
  }
  typeError(() => core.score(['a'], ['a'], { words: new Set(['x']) }), /^words is a Set, which has no token order/);
  typeError(() => core.score(['a'], ['a'], { sentence_ends: true }), /^sentence_ends is a boolean \(true\)/);
  typeError(() => core.score(['a'], ['a'], null), /^options is null; pass an object/);
  typeError(() => core.score(['a'], ['a'], { measures: 3 }), /^measures is a number/);
  typeError(() => core.score(['a'], ['a'], { measures: ['m1', 2] }), /^measures\[1\] is a number/);
  typeError(() => core.score(['a'], ['a'], { exclude_labels: [null] }), /^exclude_labels\[0\] is null/);
  typeError(() => core.score(['a'], ['a'], { unclustered_label: 0 }), /^unclustered_label is a number/);
});

test('wrong values are CeErrors CE_ERR_USAGE naming what was wrong', () => {
  usageError(() => core.score([1, 2], [1]), /labelsPred has 1 labels, labelsTrue 2/);
  usageError(() => core.score([1, 2], [1, 2], { sentence_ends: [true] }), /sentence_ends has 1 marks for 2 tokens/);
  usageError(() => core.score([1, 2], [1, 2], { sentences: [1, 1, 2] }), /sentences has 3 marks for 2 tokens/);
  usageError(() => core.score([1, 2], [1, 2], { sentences: [1, 1], sentence_ends: [false, true] }), /sentence_ends or sentences, not both/);
  usageError(() => core.score([1, 2], [1, 2], { levels: 'type' }), /levels 'type' needs the words/);
  usageError(() => core.score([1, 2], [1, 2], { average_method: 'max' }), /unknown option 'average_method'/);
  usageError(() => core.score([1, 2], [1, 2], { measures: [] }), /measures names no measure/);
  usageError(() => core.score([1, 2], [1, 2], { measures: 'm1,v' }), /unknown measure 'v'/);
  usageError(() => core.score([1, 2.5], [1, 2]), /labelsTrue\[1\] is not an integer/);
  usageError(() => core.score([1, { a: 1 }], [1, 2]), /labelsTrue\[1\] is an object; labels are strings or integers/);
});

test('the row\'s warnings and ci_withheld come back beside the measures, also when measures keeps some', () => {
  const plain = core.score(['a', 'b', 'a'], [1, 2, 2]);
  assert.deepEqual(Object.keys(plain), ['token', 'warnings', 'ci_withheld']);
  assert.deepEqual(plain.ci_withheld, {});
  assert.ok(Array.isArray(plain.warnings) && plain.warnings.every((w) => typeof w === 'string'));
  const [gold, pred] = randomPair(300, 6, 8);
  const words = gold.map((_, t) => `w${t % 40}`);
  const full = core.score(gold, pred, { words, bootstrap: 50 });
  assert.deepEqual(Object.keys(full).filter((k) => k !== 'ci_notes'), ['token', 'type', 'ci', 'ci_bias', 'warnings', 'ci_withheld']);
  // The grouping scores depend on how many distinct tokens a resample holds: never an interval.
  assert.match(full.ci_withheld['token.grouping_f'], /grouping scores/);
  assert.equal(full.ci['token.grouping_f'], undefined);
  const kept = core.score(gold, pred, { words, bootstrap: 50, measures: 'm1,grouping_f,type.macro_i_m1' });
  assert.deepEqual(kept, {
    token: { m1: full.token.m1, grouping_f: full.token.grouping_f },
    type: { macro_i_m1: full.type.macro_i_m1 },
    ci: { 'token.m1': full.ci['token.m1'], 'type.macro_i_m1': full.ci['type.macro_i_m1'] },
    ci_bias: { 'token.m1': full.ci_bias['token.m1'], 'type.macro_i_m1': full.ci_bias['type.macro_i_m1'] },
    ...(full.ci_notes?.['token.m1'] || full.ci_notes?.['type.macro_i_m1']
      ? { ci_notes: Object.fromEntries(Object.entries(full.ci_notes).filter(([k]) => k === 'token.m1' || k === 'type.macro_i_m1')) }
      : {}),
    warnings: full.warnings,
    ci_withheld: { 'token.grouping_f': full.ci_withheld['token.grouping_f'] },
  });
  const few = core.score(gold, pred, { measures: ['ari'] });
  assert.deepEqual(few, { token: { ari: full.token.ari }, warnings: core.score(gold, pred).warnings, ci_withheld: {} });
  // The type level alone: the token level is null, as in the row, and measures passes over it.
  const typeOnly = core.score(gold, pred, { words, levels: 'type', measures: 'type.macro_i_m1' });
  assert.deepEqual(Object.keys(typeOnly), ['type', 'warnings', 'ci_withheld']);
});

test('bootstrap without sentence boundaries resamples tokens one by one, says so, and the interval has width', () => {
  const [gold, pred] = randomPair(400, 5, 7);
  const result = core.score(gold, pred, { bootstrap: 100 });
  const [low, high] = result.ci['token.ari'];
  assert.ok(high - low > 1e-6, `token.ari interval [${low}, ${high}] has no width`);
  assert.ok(low <= result.token.ari && result.token.ari <= high);
  assert.ok(result.warnings.some((w) => /no sentence boundaries/.test(w)), result.warnings.join('\n'));
  // Sentences given: they are resampled, and nothing is said.
  const ends = gold.map((_, t) => t % 10 === 9);
  const bySentence = core.score(gold, pred, { bootstrap: 100, sentence_ends: ends });
  assert.ok(!bySentence.warnings.some((w) => /no sentence boundaries/.test(w)));
  assert.ok(bySentence.ci['token.ari'][1] > bySentence.ci['token.ari'][0]);
});
