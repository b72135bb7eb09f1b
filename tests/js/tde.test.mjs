// Spoken term discovery (SPEC §3.8) in the wasm core: the same JSON as the command line, with
// --bootstrap over files and --test between systems, and the numbers of tests/data/tde/
// (README.md there: brute force from SPEC §3.8's definitions, tests/cli/tde_reference.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { loadCore, input, root } from './load-core.mjs';

const core = await loadCore();
const data = (name) => `tests/data/tde/${name}`;
const cliJson = (...args) =>
  JSON.parse(execFileSync(`${root}build/clustereval`, ['--format', 'json', ...args], { cwd: root, encoding: 'utf8' }));
const request = (options = {}) => ({
  gold: input(data('words.wrd'), data('words.wrd')),
  systems: [input(data('system1.class'), data('system1.class')), input(data('system2.class'), data('system2.class'))],
  phones: input(data('phones.phn'), data('phones.phn')),
  options,
});
const files = [data('words.wrd'), data('system1.class'), data('system2.class'), '--phones', data('phones.phn')];
/** The result without the options echo's thread count, which says how it was run. */
const apart = (result) => ({ ...result, options: { ...result.options, threads: null } });

test('the wasm core gives the command line JSON of a tde run, intervals and p-values too', () => {
  assert.deepEqual(apart(core.evaluate(request())), apart(cliJson(...files)));
  const options = { bootstrap: 50, test: 'ar', shuffles: 100 };
  const got = core.evaluate(request(options));
  assert.deepEqual(apart(got), apart(cliJson('--bootstrap', '50', '--test', 'ar', '--shuffles', '100', ...files)));
  assert.equal(got.bootstrap.unit, 'file');
  assert.equal(got.bootstrap.files, 2);
  assert.ok(got.systems[0].ci['tde.ned']);
  assert.match(got.systems[0].ci_withheld['tde.grouping_p'], /a file drawn twice/);
  assert.ok('tde.token_f' in got.p_values);
});

test('the numbers of tests/data/tde/README.md (brute force from the SPEC)', () => {
  const [one, two] = core.evaluate(request()).systems.map((s) => s.tde);
  const expected = {
    ned: [2 / 3, 0],
    coverage: [0.75, 0.85],
    grouping_p: [1 / 2, 1],
    grouping_r: [2 / 3, 1],
    grouping_f: [4 / 7, 1],
    token_p: [5 / 6, 5 / 6],
    token_r: [5 / 8, 5 / 8],
    token_f: [5 / 7, 5 / 7],
    type_p: [2 / 3, 2 / 3],
    type_r: [2 / 3, 2 / 3],
    type_f: [2 / 3, 2 / 3],
    boundary_p: [9 / 11, 9 / 10],
    boundary_r: [3 / 4, 3 / 4],
    boundary_f: [18 / 23, 9 / 11],
  };
  for (const [id, [a, b]] of Object.entries(expected)) {
    assert.ok(Math.abs(one[id] - a) < 1e-12, `system1 ${id}: ${one[id]} vs ${a}`);
    assert.ok(Math.abs(two[id] - b) < 1e-12, `system2 ${id}: ${two[id]} vs ${b}`);
  }
  assert.deepEqual([one.fragments, one.dropped, one.classes], [6, 0, 3]);
});

test('a fragment in a file the phones lack is its system\'s error, naming file and line', () => {
  const bad = { name: 'bad.class', bytes: new TextEncoder().encode('Class 1\na 0.10 0.40\nz 0.1 0.4\n\n') };
  const result = core.evaluate({ ...request(), systems: [bad] });
  assert.equal(result.systems[0].error.line, 3);
  assert.match(result.systems[0].error.message, /file 'z' is not in the phone alignment/);
  assert.throws(() => core.evaluate({ ...request(), phones: undefined }), /--phones FILE/);
});
