// The wasm core and the native CLI against scikit-learn's numbers (tests/golden/sklearn.json),
// and against each other: the same sources must give the same doubles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadCore, input, root } from './load-core.mjs';

const golden = JSON.parse(readFileSync(`${root}tests/golden/sklearn.json`, 'utf8'));
const core = await loadCore();
const cli = `${root}build/clustereval`;

const cliResult = (gold, system, beta) =>
  JSON.parse(execFileSync(cli, ['--format', 'json', '--beta', String(beta), gold, system], { cwd: root, encoding: 'utf8' }));

for (const c of golden.cases) {
  const label = `${c.system.split('/').pop()} vs ${c.gold.split('/').pop()}, beta ${c.beta}`;

  test(`wasm equals scikit-learn to 1e-9: ${label}`, () => {
    const result = core.evaluate({ gold: input(c.gold), systems: [input(c.system)], options: { beta: c.beta } });
    for (const [id, expected] of Object.entries(c.token)) {
      const actual = result.systems[0].token[id];
      assert.ok(Math.abs(actual - expected) <= 1e-9, `${id}: ${actual} vs scikit-learn ${expected}`);
    }
  });

  test(`CLI equals scikit-learn to 1e-9 and wasm exactly: ${label}`, () => {
    const native = cliResult(c.gold, c.system, c.beta).systems[0].token;
    const wasm = core.evaluate({ gold: input(c.gold), systems: [input(c.system)], options: { beta: c.beta } }).systems[0].token;
    for (const [id, expected] of Object.entries(c.token)) {
      assert.ok(Math.abs(native[id] - expected) <= 1e-9, `${id}: ${native[id]} vs scikit-learn ${expected}`);
    }
    assert.deepEqual(wasm, native);
  });
}

// The stored numbers must be what scikit-learn says today (skipped where it is not installed).
const python = spawnSync('/usr/bin/python3', ['-c', 'import sklearn'], { encoding: 'utf8' });
test('tests/golden/sklearn.json is what its script regenerates', { skip: python.status !== 0 && 'python3-sklearn is not installed' }, () => {
  const fresh = JSON.parse(execFileSync('/usr/bin/python3', ['tests/golden/make_sklearn_golden.py'], { cwd: root, encoding: 'utf8' }));
  assert.equal(fresh.cases.length, golden.cases.length);
  fresh.cases.forEach((c, i) => {
    for (const [id, value] of Object.entries(c.token)) assert.ok(Math.abs(value - golden.cases[i].token[id]) <= 1e-12, id);
  });
});
