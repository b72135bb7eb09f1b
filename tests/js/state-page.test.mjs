// What the page derives from its state (web/src/state/page.js): what a run's numbers depend
// on, the plan of a run, whether Evaluate can go, whether the shown numbers are stale, the
// results' view and the options a saved page carries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromHash, requestOptions, toHash } from '../../web/src/options.js';
import { NO_FILES, fileEntry } from '../../web/src/state/files.js';
import { MAP_OPTION, NO_MAPS, mapEntry } from '../../web/src/state/maps.js';
import {
  VIEW_KEYS,
  goldFormat,
  pageState,
  runPlan,
  runSignature,
  savedOptions,
  viewOf,
} from '../../web/src/state/page.js';
import { IDLE, placeholderText, runErrors, runReducer, shownState, statusText } from '../../web/src/state/run.js';

const file = (name, text = 'a\tB\n') => fileEntry(new File([text], name));
const g = file('g.tsv');
const s1 = file('s1.tsv');
const s2 = file('s2.tsv');
const options = fromHash('');
const files = { ...NO_FILES, gold: g, systems: [s1, s2] };

/** A run of `files` under `opts` and `maps`: started, or done with a result. */
function runOf(state, { opts = options, maps = NO_MAPS, done = true } = {}) {
  const fileIds = { gold: state.gold.id, systems: state.systems.map((f) => f.id) };
  const signature = runSignature(state.gold, state.systems, opts, maps);
  const sizes = [state.gold, ...state.systems].map((f) => f.size);
  const run = runReducer(IDLE, { type: 'start', id: 1, fileIds, sizes, signature, at: 0 });
  if (!done) return run;
  const result = { gold: {}, options: {}, systems: [{ name: 's1.tsv' }, { name: 's2.tsv' }] };
  return runReducer(run, { type: 'done', id: 1, result, at: 500 });
}

test('the signature changes with the files and the computing options, not with the view', () => {
  const sig = runSignature(g, [s1, s2], options, NO_MAPS);
  assert.equal(runSignature(g, [s1, s2], { ...options }, { ...NO_MAPS }), sig);
  assert.notEqual(runSignature(g, [s1], options, NO_MAPS), sig);
  assert.notEqual(runSignature(g, [s2, s1], options, NO_MAPS), sig);
  assert.notEqual(runSignature(g, [{ ...s1, format: 'tagged' }, s2], options, NO_MAPS), sig);
  assert.notEqual(runSignature(g, [s1, s2], { ...options, beta: '2' }, NO_MAPS), sig);
  assert.equal(runSignature(g, [s1, s2], { ...options, sort: 'name' }, NO_MAPS), sig);
  assert.notEqual(runSignature(null, [s1, s2], options, NO_MAPS), sig);

  // An uploaded map counts by its id, and only while its option uses it.
  const maps = { gold: mapEntry(new Blob(['X\tY\n']), 'g.map'), induced: null };
  assert.equal(runSignature(g, [s1, s2], options, maps), sig);
  const withMap = { ...options, [MAP_OPTION.gold]: 'file' };
  const other = { ...maps, gold: mapEntry(maps.gold.blob, 'g.map') };
  assert.notEqual(
    runSignature(g, [s1, s2], withMap, maps),
    runSignature(g, [s1, s2], withMap, other),
  );
});

test('a run’s plan: its signature, the worker’s request with the maps read, and the report', async () => {
  const bytes = 'X\tNOUN\n';
  const maps = { gold: mapEntry(new Blob([bytes]), 'g.map'), induced: null };
  const opts = { ...options, [MAP_OPTION.gold]: 'file', beta: '2' };
  const report = () => {};
  const plan = runPlan(g, [s1, s2], opts, maps, report);
  assert.equal(plan.signature, runSignature(g, [s1, s2], opts, maps));
  assert.equal(plan.report, report);

  const req = await plan.request();
  assert.equal(req.gold.name, 'g.tsv');
  assert.equal(req.gold.blob, g.blob);
  assert.deepEqual(
    req.systems.map((f) => f.name),
    ['s1.tsv', 's2.tsv'],
  );
  assert.equal(req.options.beta, 2);
  const map = Object.values(req.options).find((v) => v?.name === 'g.map');
  assert.ok(map, 'the gold map goes with the request');
  assert.equal(new TextDecoder().decode(map.bytes), bytes);
  const { name, bytes: mapBytes } = map;
  assert.deepEqual(req.options, requestOptions(opts, { gold: { name, bytes: mapBytes } }));
});

test('the gold format: the one chosen, else the one detected', () => {
  assert.equal(goldFormat(NO_FILES), undefined);
  assert.equal(goldFormat({ ...NO_FILES, gold: g }), undefined);
  assert.equal(goldFormat({ ...NO_FILES, gold: g, detected: { [g.id]: 'counts' } }), 'counts');
  const chosen = { ...g, format: 'tagged' };
  assert.equal(goldFormat({ ...NO_FILES, gold: chosen, detected: { [g.id]: 'counts' } }), 'tagged');
});

test('Evaluate needs a gold file, a system or a gold of both sides, valid options and no run', () => {
  const can = (state, more = {}) =>
    pageState({ run: IDLE, files: state, options, maps: NO_MAPS, ...more }).canEvaluate;
  assert.equal(can(NO_FILES), false);
  assert.equal(can({ ...NO_FILES, systems: [s1] }), false);
  assert.equal(can({ ...NO_FILES, gold: g }), false);
  assert.equal(can(files), true);
  for (const format of ['counts', 'joint']) {
    assert.equal(can({ ...NO_FILES, gold: g, detected: { [g.id]: format } }), true, format);
    assert.equal(can({ ...NO_FILES, gold: { ...g, format } }), true, format);
  }
  assert.equal(can({ ...NO_FILES, gold: { ...g, format: 'tagged' } }), false);
  assert.equal(can(files, { options: { ...options, beta: '-1' } }), false);
  assert.equal(can(files, { run: runOf(files, { done: false }) }), false);
  assert.equal(can(files, { run: runOf(files) }), true);
});

test('what the page shows of its state', () => {
  const idle = pageState({ run: IDLE, files, options, maps: NO_MAPS });
  assert.deepEqual(idle, {
    invalid: {},
    optionsValid: true,
    running: false,
    bothSides: false,
    canEvaluate: true,
    shown: IDLE,
    result: null,
    stale: false,
  });

  const bad = pageState({ run: IDLE, files, options: { ...options, beta: 'x' }, maps: NO_MAPS });
  assert.deepEqual(Object.keys(bad.invalid), ['beta']);
  assert.equal(bad.optionsValid, false);

  const busy = pageState({ run: runOf(files, { done: false }), files, options, maps: NO_MAPS });
  assert.equal(busy.running, true);
  assert.equal(busy.result, null);

  const run = runOf(files);
  const done = pageState({ run, files, options, maps: NO_MAPS });
  assert.equal(done.result, run.result);
  assert.equal(done.stale, false);
  assert.equal(done.running, false);
  const shown = (more) => pageState({ run, files, options, maps: NO_MAPS, ...more });
  assert.equal(shown({ options: { ...options, sort: 'name', columns: 'all' } }).stale, false);
  assert.equal(shown({ options: { ...options, beta: '2' } }).stale, true);
  assert.equal(shown({ files: { ...files, systems: [s1] } }).stale, true);
  assert.equal(shown({ files: { ...files, gold: { ...g, name: 'h.tsv' } } }).stale, true);
});

test('once the gold or every system is removed, the last run’s numbers, errors and status go', () => {
  const run = runOf(files);
  const status = (state, f) => statusText(state.shown, { core: 'true', ...f, bothSides: state.bothSides, optionsValid: true });
  const after = (f) => pageState({ run, files: f, options, maps: NO_MAPS });

  // One system of two removed: the numbers stay, said to be stale.
  const one = after({ ...files, systems: [s1] });
  assert.ok(one.result && one.stale);
  assert.match(status(one, { ...files, systems: [s1] }), /^Evaluated 2 systems/);

  for (const [what, f, says] of [
    ['no file', { ...NO_FILES }, 'Add a gold file.'],
    ['the gold removed', { ...files, gold: null }, 'Add a gold file.'],
    ['every system removed', { ...files, systems: [] }, 'Add at least one system file.'],
  ]) {
    const state = after(f);
    assert.equal(state.result, null, what);
    assert.equal(shownState(state.shown), 'idle', what);
    assert.equal(status(state, f), says, what);
    assert.equal(placeholderText(state.shown), placeholderText(IDLE), what);
  }

  // A gold of both sides is evaluated alone: its numbers stay with no system.
  const counts = { ...files, systems: [], detected: { [g.id]: 'counts' } };
  assert.ok(after(counts).result);

  // A failed run's errors go with its files; the core's failure to load stays.
  const failed = runReducer(runOf(files, { done: false }), { type: 'failed', id: 1, error: { message: 'bad gold' } });
  const noGold = { ...files, gold: null };
  assert.equal(runErrors(pageState({ run: failed, files: noGold, options, maps: NO_MAPS }).shown).length, 0);
  assert.equal(runErrors(pageState({ run: failed, files, options, maps: NO_MAPS }).shown).length, 1);
  const broken = runReducer(IDLE, { type: 'unavailable', error: { message: 'no wasm' } });
  assert.equal(runErrors(pageState({ run: broken, files: NO_FILES, options, maps: NO_MAPS }).shown).length, 1);

  // A run going on shows as it is, whatever is removed meanwhile.
  const busy = runOf(files, { done: false });
  assert.equal(shownState(pageState({ run: busy, files: NO_FILES, options, maps: NO_MAPS }).shown), 'running');
});

test('the view picks the options that say how the results are shown', () => {
  const o = { ...options, columns: 'all', sort: 'name', sortDir: 'asc', beta: '2' };
  const view = viewOf(o);
  assert.deepEqual(Object.keys(view), VIEW_KEYS);
  for (const key of VIEW_KEYS) assert.equal(view[key], o[key], key);
  assert.ok(!('beta' in view));
});

test('a saved page carries the link’s options without their #', () => {
  assert.equal(savedOptions(options), '');
  const o = { ...options, beta: '2', restarts: '5' };
  assert.equal(savedOptions(o), toHash(o).slice(1));
  assert.equal(fromHash(`#${savedOptions(o)}`).beta, '2');
});
