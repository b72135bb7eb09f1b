// --bootstrap through the binding: the same resamples as the native CLI to the bit (the
// core's own generator draws them), progress per resample, and the result's new keys.
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
  assert.deepEqual(result.systems.map((s) => s.ci), native.systems.map((s) => s.ci));
  assert.deepEqual(result.paired, native.paired);
  assert.deepEqual(result.rank_correlation, native.rank_correlation);
  assert.equal(result.rank_correlation.systems, 4);

  const resamples = phases.filter(([phase]) => phase === 'bootstrap');
  assert.deepEqual(resamples.map(([, done]) => done), Array.from({ length: 20 }, (_, i) => i + 1));
  assert.ok(phases.findIndex(([phase]) => phase === 'read') < phases.findIndex(([phase]) => phase === 'bootstrap'));

  const c50 = result.systems[0];
  const [lo, hi] = c50.ci['token.m1'];
  assert.ok(lo <= c50.token.m1 && c50.token.m1 <= hi, `${lo} <= ${c50.token.m1} <= ${hi}`);
  assert.ok(c50.ci['type.macro_i_m1'], 'type-level measures have intervals');
  for (const [, shares] of Object.entries(result.paired['token.m1']))
    for (const share of Object.values(shares)) assert.ok(share === null || (share >= 0 && share <= 1));
});

test('without --bootstrap there are no intervals, and two systems have no rank correlation', () => {
  const result = core.evaluate({ gold: demo('brown-gold.tsv'), systems: [demo('brown-c50.tsv')], options: {} });
  assert.equal(result.systems[0].ci, undefined);
  assert.equal(result.paired, undefined);
  assert.equal(result.rank_correlation, undefined);
  assert.equal(result.options.bootstrap, 0);
});
