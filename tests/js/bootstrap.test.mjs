// --bootstrap and --test ar through the binding: the same resamples and shuffles as the
// native CLI to the bit (the core's own generator draws them), progress per step, and the
// result's keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { loadCore, input, root } from './load-core.mjs';

const core = await loadCore();
const cli = (...args) =>
  JSON.parse(execFileSync(`${root}build/clustereval`, ['--format', 'json', ...args], { cwd: root, encoding: 'utf8' }));
const demo = (name) => input(`public/demo/${name}`, `public/demo/${name}`);

test('intervals, paired shares and rank correlations equal the native ones', () => {
  const options = { bootstrap: 20, baselines: ['random', 'one'], seed: 7, restarts: 2 };
  const phases = [];
  const result = core.evaluate(
    { gold: demo('brown-gold.tsv'), systems: [demo('brown-c50.tsv'), demo('brown-c50-d3.tsv')], options },
    (done, total, phase) => phases.push([phase, done, total]),
  );
  const native = cli(
    '--bootstrap', '20', '--baselines', 'random,one', '--seed', '7', '--restarts', '2',
    'public/demo/brown-gold.tsv', 'public/demo/brown-c50.tsv', 'public/demo/brown-c50-d3.tsv',
  );
  assert.deepEqual(result.bootstrap, native.bootstrap);
  assert.equal(result.bootstrap.resamples, 20);
  assert.equal(result.bootstrap.method, 'bca');
  assert.deepEqual(result.systems.map((s) => s.ci), native.systems.map((s) => s.ci));
  assert.deepEqual(result.systems.map((s) => s.ci_withheld), native.systems.map((s) => s.ci_withheld));
  // Each interval's bias and, where a value is biased beyond its spread, the note: the same
  // as natively, and the random baseline's plug-in information measures are biased.
  assert.deepEqual(result.systems.map((s) => s.ci_bias), native.systems.map((s) => s.ci_bias));
  assert.deepEqual(result.systems.map((s) => s.ci_notes), native.systems.map((s) => s.ci_notes));
  for (const system of result.systems)
    assert.deepEqual(Object.keys(system.ci_bias), Object.keys(system.ci));
  const random = result.systems.find((s) => s.name === 'baseline:random');
  assert.ok(Object.keys(random.ci_notes ?? {}).length > 0, 'the random baseline has biased values');
  for (const [key, note] of Object.entries(random.ci_notes)) {
    const bias = random.ci_bias[key];
    assert.match(note, bias > 0 ? /^biased high by ~/ : /^biased low by ~/);
  }
  assert.deepEqual(result.paired, native.paired);
  assert.deepEqual(result.p_values, native.p_values);
  assert.deepEqual(result.test, { method: 'bootstrap', resamples: 20, seed: 7, sided: 'two' });
  assert.deepEqual(result.rank_correlation, native.rank_correlation);
  assert.equal(result.rank_correlation.systems, 4);

  // The 20 resamples, then BCa's jackknife over 100 blocks of sentences and of items.
  const resamples = phases.filter(([phase]) => phase === 'bootstrap');
  assert.deepEqual(resamples.map(([, done]) => done), Array.from({ length: 120 }, (_, i) => i + 1));
  assert.ok(resamples.every(([, , total]) => total === 120));
  assert.ok(phases.findIndex(([phase]) => phase === 'read') < phases.findIndex(([phase]) => phase === 'bootstrap'));

  const c50 = result.systems[0];
  const [lo, hi] = c50.ci['token.m1'];
  assert.ok(lo <= c50.token.m1 && c50.token.m1 <= hi, `${lo} <= ${c50.token.m1} <= ${hi}`);
  assert.ok(c50.ci['type.macro_i_m1'], 'type-level measures have intervals');
  for (const [, shares] of Object.entries(result.paired['token.m1']))
    for (const share of Object.values(shares)) assert.ok(share === null || (share >= 0 && share <= 1));
  // Two-sided p-values are symmetric and at least 1/(B + 1).
  const p = result.p_values['token.m1'];
  for (const [a, row] of Object.entries(p))
    for (const [b, value] of Object.entries(row)) {
      assert.equal(value, p[b][a]);
      assert.ok(value >= 1 / 21 && value <= 1);
    }
  // The grouping scores have no interval, and say why.
  assert.equal(c50.ci['token.grouping_p'], undefined);
  assert.match(c50.ci_withheld['token.grouping_p'], /distinct tokens/);
});

test('approximate randomization: the same p-values as the native CLI, progress per step', () => {
  const options = { test: 'ar', shuffles: 200, levels: 'token', ci: 'percentile' };
  const phases = [];
  const result = core.evaluate(
    { gold: demo('brown-gold.tsv'), systems: [demo('brown-c50.tsv'), demo('brown-c50-d3.tsv')], options },
    (done, total, phase) => phases.push([phase, done, total]),
  );
  const native = cli(
    '--test', 'ar', '--shuffles', '200', '--levels', 'token',
    'public/demo/brown-gold.tsv', 'public/demo/brown-c50.tsv', 'public/demo/brown-c50-d3.tsv',
  );
  assert.deepEqual(result.p_values, native.p_values);
  assert.deepEqual(result.test, native.test);
  assert.equal(result.test.method, 'ar');
  assert.equal(result.test.shuffles, 200);
  assert.equal(result.bootstrap, undefined);
  const shuffles = phases.filter(([phase]) => phase === 'shuffle');
  assert.equal(shuffles.at(-1)[1], 200);
  assert.ok(shuffles.length >= 200 / 16);
  // The two demo systems differ on every token measure: no shuffle comes near.
  assert.equal(result.p_values['token.m1']['public/demo/brown-c50.tsv']['public/demo/brown-c50-d3.tsv'], 1 / 201);
});

test('without --bootstrap there are no intervals, and two systems have no rank correlation', () => {
  const result = core.evaluate({ gold: demo('brown-gold.tsv'), systems: [demo('brown-c50.tsv')], options: {} });
  assert.equal(result.systems[0].ci, undefined);
  assert.equal(result.paired, undefined);
  assert.equal(result.p_values, undefined);
  assert.equal(result.test, undefined);
  assert.equal(result.rank_correlation, undefined);
  assert.equal(result.options.bootstrap, 0);
});
