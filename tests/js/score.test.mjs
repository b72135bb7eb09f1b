// The binding's score(): labels by number through ce_eval_feed_ids give what evaluate gives
// for the same tokens as text; options by the core's ids; errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CeError } from '../../wasm/binding.js';
import { loadCore } from './load-core.mjs';

const core = await loadCore();
const encode = (name, lines) => ({ name, bytes: new TextEncoder().encode(lines.join('')) });
const words = ['the', 'dog', 'barks', '.', 'a', 'cat', 'sleeps', '.', 'the', 'cat', 'barks', '.'];
const gold = ['at', 'nn', 'vbz', '.', 'at', 'nn', 'vbz', '.', 'at', 'nn', 'vbz', '.'];
const pred = [1, 2, 3, 4, 1, 2, 2, 4, 1, 2, 3, 3];
const ends = words.map((w) => w === '.');
const tagged = (name, labels) => encode(name, labels.flatMap((l, t) => [`${words[t]}\t${l}\n`, ends[t] ? '\n' : '']));

test('score equals evaluate on the same tokens, type level and intervals included', () => {
  const options = { restarts: 3, nmi_mean: 'min', bootstrap: 15, log2: true, seed: 9 };
  const row = core.evaluate({ gold: tagged('labels_true', gold), systems: [tagged('labels_pred', pred)], options }).systems[0];
  const result = core.score(gold, pred, { words, sentence_ends: ends, ...options });
  assert.deepEqual(result, { token: row.token, type: row.type, ci: row.ci, ci_bias: row.ci_bias, ...(row.ci_notes ? { ci_notes: row.ci_notes } : {}), warnings: row.warnings, ci_withheld: row.ci_withheld ?? {} });
  const sentences = ends.map((_, t) => ends.slice(0, t).filter(Boolean).length);
  assert.deepEqual(core.score(gold, Int32Array.from(pred), { words, sentences, ...options }), result);
});

test('without words only the token level; measures keeps some', () => {
  const all = core.score(gold, pred);
  assert.deepEqual(Object.keys(all), ['token', 'warnings', 'ci_withheld']);
  // m1 by hand: cluster 1 holds 3 at; 2 holds 3 nn and 1 vbz; 3 holds 2 vbz and 1 .; 4 holds 2 .
  assert.equal(all.token.m1, (3 + 3 + 2 + 2) / 12);
  assert.deepEqual(core.score(gold, pred, { measures: ['m1', 'token.ari'] }), { token: { m1: all.token.m1, ari: all.token.ari }, warnings: all.warnings, ci_withheld: {} });
  assert.deepEqual(Object.keys(core.score(gold, pred, { words, measures: 'type.macro_i_m1' })), ['type', 'warnings', 'ci_withheld']);
});

test('errors: lengths, labels, options, measures', () => {
  const fails = (fn, pattern) => assert.throws(fn, (error) => error instanceof CeError && pattern.test(error.message));
  fails(() => core.score([1, 2], [1]), /labelsPred has 1 labels, labelsTrue 2/);
  fails(() => core.score([1, 2.5], [1, 2]), /labelsTrue\[1\] is not an integer/);
  fails(() => core.score([1, null], [1, 2]), /labelsTrue\[1\] is null/);
  fails(() => core.score([1], [1], { restart: 2 }), /unknown option 'restart'/);
  fails(() => core.score([1], [1], { nmi_mean: 'median' }), /'median' is not one of arithmetic, geometric, min, max/);
  fails(() => core.score([1], [1], { restarts: 0 }), /option restarts: value 0 is out of range/);
  fails(() => core.score([1], [1], { measures: 'v' }), /unknown measure 'v'/);
  fails(() => core.score([1], [1], { measures: 'type.micro_c_o1' }), /need the words/);
  assert.throws(() => core.score([], []), (error) => error.code === 'CE_ERR_EMPTY' && error.file === 'labels_true');
});
