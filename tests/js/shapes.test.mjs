// The shapes of label sets that once took minutes (random labels of 10^3 to 10^5 a side, one
// -token types each its own class, real-shaped taggings of 10^4 labels), at 10^4 tokens: the
// command line ends with exit 0, and every type-level mapping measure is a number, or null
// with a warning that names it, by default and under budgets small enough to stop every
// search (--m1-budget, --cell-budget), natively as in the wasm core. And the demo's JSON is
// the snapshot the protocol gave before the work budget: no silent change to the Brown results.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCore, root } from './load-core.mjs';

const core = await loadCore();
const cli = join(root, 'build', 'clustereval');
const tmp = mkdtempSync(join(tmpdir(), 'clustereval-shapes-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const TOKENS = 10_000;

/** A fixed linear congruential generator: the same files on every run. */
function generator(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return Math.floor(((state >>> 8) / 2 ** 24) * n);
  };
}

/** Writes a tagged pair of TOKENS tokens, sentences of 20; token(t) gives [word, class, cluster]. */
function pair(name, token) {
  const gold = [];
  const system = [];
  for (let t = 0; t < TOKENS; t++) {
    const [word, cls, cluster] = token(t);
    const end = t % 20 === 19 ? '\n' : '';
    gold.push(`${word}\t${cls}${end}`);
    system.push(`${word}\t${cluster}${end}`);
  }
  const paths = [join(tmp, `${name}-gold.tsv`), join(tmp, `${name}-sys.tsv`)];
  writeFileSync(paths[0], `${gold.join('\n')}\n`);
  writeFileSync(paths[1], `${system.join('\n')}\n`);
  return paths;
}

const random = (labels) => {
  const next = generator(labels);
  return () => [`w${Math.floor(1000 / (1 + next(1000)))}`, `C${next(labels)}`, `K${next(labels)}`];
};

const SHAPES = {
  'random 10^3 x 10^3': random(1000),
  'random 10^4 x 10^4': random(10_000),
  'random 10^5 x 10^5': random(100_000),
  'one-token types, each its own class': (() => {
    const next = generator(7);
    return (t) => [`w${t}`, `C${t}`, `K${next(6000)}`];
  })(),
  'real-shaped, 10^4 labels': (() => {
    const next = generator(11);
    const classes = new Map();
    return () => {
      const word = next(3000);
      if (!classes.has(word)) {
        const own = [next(10_000)];
        while (own.length < 6 && next(100) >= 55) own.push(next(10_000));
        classes.set(word, own);
      }
      const own = classes.get(word);
      const c = own[next(own.length)];
      const u = next(1000);
      const k = u < 850 ? c : u < 995 ? (c * 7 + 1) % 12_000 : next(12_000);
      return [`w${word}`, `C${c}`, `K${k}`];
    };
  })(),
};

const TYPE_MAPPING = ['macro_i_m1', 'macro_i_o1', 'micro_i_m1', 'micro_i_o1', 'micro_c_m1', 'micro_c_o1'];

// Budgets small enough to bind on every shape: the M-1 searches stop, the 1-1 is left out.
const TIGHT = { m1_budget: 20_000, cell_budget: 50 };

for (const [shape, token] of Object.entries(SHAPES)) {
  test(`${shape}: exit 0, and each type-level mapping measure a number or null with a warning, natively as in wasm`, () => {
    const [gold, system] = pair(shape.replace(/\W+/g, '-'), token);
    for (const budgets of [{}, TIGHT]) {
      const flags = Object.entries(budgets).flatMap(([id, n]) => [`--${id.replace('_', '-')}`, String(n)]);
      const run = spawnSync(cli, ['--format', 'json', '--threads', '1', ...flags, gold, system], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      assert.equal(run.status, 0, run.stderr);
      const json = JSON.parse(run.stdout);
      const row = json.systems[0];
      for (const id of TYPE_MAPPING) {
        const value = row.type[id];
        if (value === null) assert.ok(row.warnings.some((w) => w.includes(id.replace(/_[mo]1$/, '') ) || w.includes('1-1, M-1')), `${id} is null without a warning`);
        else assert.ok(value >= 0 && value <= 1, `${id} = ${value}`);
        if (budgets === TIGHT && value !== null && id.endsWith('_m1'))
          assert.ok(row.restarts[id].budget_reached || row.restarts[id].optimal, `${id} ran past its budget`);
        if (budgets === TIGHT && id.endsWith('_o1')) assert.equal(value, null, `${id} past a cell budget of 50`);
      }
      const wasm = core.evaluate({
        gold: { name: gold, bytes: readFileSync(gold) },
        systems: [{ name: system, bytes: readFileSync(system) }],
        options: { ...budgets, threads: 1 },
      });
      assert.deepEqual({ ...wasm, options: null }, { ...json, options: null }, 'the wasm core');
    }
  });
}

test("the demo's JSON is the protocol's snapshot (tests/golden/demo.json), options echo aside", () => {
  const demo = ['brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv'].map((f) => `public/demo/${f}`);
  const run = spawnSync(cli, ['--format', 'json', '--threads', '1', ...demo], { cwd: root, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const now = JSON.parse(run.stdout);
  const snapshot = JSON.parse(readFileSync(join(root, 'tests', 'golden', 'demo.json'), 'utf8'));
  assert.deepEqual({ ...now, options: null }, { ...snapshot, options: null });
});
