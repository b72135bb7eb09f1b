// The M-1 work budget (SPEC §3.2, --m1-budget): counted in label reads, never in time, so a
// budget that stops the searches gives the same numbers natively on 1, 2 and 4 threads and in
// the wasm core; the result says where it stopped, and 0 is the paper's protocol.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCore, root } from './load-core.mjs';
import { writePolysemousPair } from './polysemous-pair.mjs';

const core = await loadCore();
const cli = join(root, 'build', 'clustereval');
const tmp = mkdtempSync(join(tmpdir(), 'clustereval-budget-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const [gold, system] = writePolysemousPair(tmp);
const cliJson = (...args) => JSON.parse(execFileSync(cli, ['--format', 'json', ...args, gold, system], { encoding: 'utf8' }));
/** The result without the options echo's thread count, which says how it was run. */
const apart = (result) => ({ ...result, options: { ...result.options, threads: null } });
const M1 = ['macro_i_m1', 'micro_i_m1', 'micro_c_m1'];

test('a budget that stops the searches gives the same numbers on 1, 2 and 4 threads and in wasm', () => {
  const one = cliJson('--m1-budget', '200000', '--threads', '1');
  for (const id of M1) {
    const restarts = one.systems[0].restarts[id];
    assert.equal(restarts.budget_reached, true, id);
    assert.ok(restarts.starts >= 1 && restarts.starts < 10, `${id}: ${restarts.starts} starts`);
    assert.equal(restarts.optimal, false);
    assert.ok(restarts.max <= restarts.bound);
    const warning = one.systems[0].warnings.find((w) => w.startsWith(`type.${id}:`));
    assert.match(warning, /stopped at its budget of 200000 label reads after \d+ of 10 starts.*--m1-budget 0/);
  }
  for (const threads of ['2', '4']) assert.deepEqual(apart(cliJson('--m1-budget', '200000', '--threads', threads)), apart(one));
  const wasm = core.evaluate({
    gold: { name: gold, bytes: readFileSync(gold) },
    systems: [{ name: system, bytes: readFileSync(system) }],
    options: { m1_budget: 200000 },
  });
  assert.deepEqual(apart(wasm), apart(one));
});

test('--m1-budget 0 is the protocol without a budget, and the default leaves this pair untouched', () => {
  const unbounded = cliJson('--m1-budget', '0', '--threads', '1');
  const byDefault = cliJson('--threads', '1');
  for (const id of M1) {
    assert.equal(unbounded.systems[0].restarts[id].budget_reached, undefined);
    assert.equal(unbounded.systems[0].restarts[id].starts, undefined);
  }
  assert.deepEqual({ ...byDefault, options: null }, { ...unbounded, options: null });
  assert.equal(unbounded.options.m1_budget, 0);
});

test('past --cell-budget the type-level 1-1 is null with a warning, natively and in wasm, and M-1 still runs', () => {
  const O1 = ['macro_i_o1', 'micro_i_o1', 'micro_c_o1'];
  const full = cliJson('--cell-budget', '0', '--threads', '1');
  const tight = cliJson('--cell-budget', '2', '--threads', '1', '--detail');
  const row = tight.systems[0];
  for (const id of O1) {
    assert.equal(typeof full.systems[0].type[id], 'number', id);
    assert.equal(row.type[id], null, id);
    assert.equal(row.detail.mapping[id], null, id);
  }
  for (const id of M1) assert.equal(typeof row.type[id], 'number', id);
  const warning = row.warnings.find((w) => w.includes('_o1: n/a'));
  assert.match(warning, /weight table has \d+ or more non-zero cells, past the budget of 2; --cell-budget 0 lifts it/);
  const wasm = core.evaluate({
    gold: { name: gold, bytes: readFileSync(gold) },
    systems: [{ name: system, bytes: readFileSync(system) }],
    options: { cell_budget: 2, detail: 1 },
  });
  assert.deepEqual(apart(wasm), apart(tight));
  // The default budget leaves this pair's 1-1 as it is without one.
  assert.deepEqual({ ...cliJson('--threads', '1'), options: null }, { ...full, options: null });
});

/** Word types per (class, cluster) counted off the two tagged files: c in the word's gold
 * labels, k in its system labels (no --min-share), the item table's cells. */
function itemCells() {
  const labels = (path) => {
    const of = new Map();
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line) continue;
      const [word, label] = line.split('\t');
      if (!of.has(word)) of.set(word, new Set());
      of.get(word).add(label);
    }
    return of;
  };
  const classes = labels(gold);
  const clusters = labels(system);
  const cells = new Map();
  for (const [word, cs] of classes)
    for (const c of cs) for (const k of clusters.get(word) ?? []) cells.set(`${c}\t${k}`, (cells.get(`${c}\t${k}`) ?? 0) + 1);
  return cells;
}

test('past --cell-budget a polysemous item table is not built: onmi, onmi_lfk and omega are null with a warning, --mapping still counts', () => {
  const TABLE = ['onmi', 'onmi_lfk', 'omega'];
  const full = cliJson('--cell-budget', '0', '--threads', '1', '--detail');
  const tight = cliJson('--cell-budget', '2', '--threads', '1', '--detail');
  const row = tight.systems[0];
  const cells = itemCells();
  assert.equal(full.systems[0].detail.item_cells.length, cells.size, 'the item table, counted apart');
  for (const id of TABLE) {
    assert.equal(typeof full.systems[0].type[id], 'number', id);
    assert.equal(row.type[id], null, id);
  }
  assert.equal(row.detail.item_cells, undefined, 'no item table past the budget');
  assert.equal(row.type.ecs, full.systems[0].type.ecs, 'ecs reads no item table');
  const warning = row.warnings.find((w) => w.startsWith('onmi, onmi_lfk, omega: n/a'));
  assert.match(warning, /item table they read has more non-zero cells than the budget of 2; --cell-budget 0 lifts it/);
  const wasm = core.evaluate({
    gold: { name: gold, bytes: readFileSync(gold) },
    systems: [{ name: system, bytes: readFileSync(system) }],
    options: { cell_budget: 2, detail: 1 },
  });
  assert.deepEqual(apart(wasm), apart(tight));
  // --mapping's items column without the table: each M-1 pair's word types, counted apart.
  const mapping = join(tmp, 'mapping.tsv');
  execFileSync(cli, ['--cell-budget', '2', '--threads', '1', '--mapping', mapping, gold, system], { stdio: 'ignore' });
  const rows = readFileSync(mapping, 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
  assert.equal(rows.length, 3 * 16, 'three M-1 mappings of 16 clusters, no 1-1');
  for (const [, kind, cluster, cls, items] of rows)
    assert.equal(Number(items), cells.get(`${cls}\t${cluster}`) ?? 0, `${kind} ${cluster} -> ${cls}`);
});
