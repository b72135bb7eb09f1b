// The page's run state machine (web/src/state/run.js): its states, what it ignores, and what
// the page says about a run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  IDLE,
  fileShares,
  isBusy,
  placeholderText,
  runErrors,
  runReducer,
  shownState,
  statusText,
} from '../../web/src/state/run.js';

const fileIds = { gold: 1, systems: [2, 3] };
const start = (id, sizes = [100, 40, 10], at = 1000) => ({
  type: 'start',
  id,
  fileIds,
  sizes,
  signature: `sig${id}`,
  at,
});
const progress = (id, done, total, phase = 'read') => ({
  type: 'progress',
  id,
  progress: { done, total, phase },
});
const result = (systems) => ({ schema: 1, version: 'x', gold: {}, options: {}, systems });
const play = (actions, from = IDLE) => actions.reduce(runReducer, from);

test('a run goes idle → reading → scoring → resampling → shuffling → done', () => {
  const states = [];
  let run = IDLE;
  for (const action of [
    start(1),
    progress(1, 50, 150),
    progress(1, 150, 150),
    progress(1, 3, 200, 'bootstrap'),
    progress(1, 200, 200, 'bootstrap'),
    progress(1, 16, 1000, 'shuffle'),
    progress(1, 1000, 1000, 'shuffle'),
    { type: 'done', id: 1, result: result([{ name: 's.tsv' }]), at: 3500 },
  ]) {
    run = runReducer(run, action);
    states.push(run.state);
  }
  assert.deepEqual(states, [
    'reading',
    'reading',
    'scoring',
    'resampling',
    'resampling',
    'shuffling',
    'shuffling',
    'done',
  ]);
  assert.equal(run.seconds, 2.5);
  assert.equal(run.signature, 'sig1');
  assert.deepEqual(run.fileIds, fileIds);
  assert.equal(isBusy(run), false);
});

test('the start counts the bytes to read; a run of empty files is scoring at once', () => {
  const run = play([start(1)]);
  assert.deepEqual(run.progress, { done: 0, total: 150, phase: 'read' });
  assert.equal(play([start(1, [0, 0, 0])]).state, 'scoring');
});

test('phases only go forward; a late read message keeps the resampling state', () => {
  const run = play([start(1), progress(1, 10, 20, 'bootstrap'), progress(1, 150, 150)]);
  assert.equal(run.state, 'resampling');
  assert.deepEqual(run.progress, { done: 150, total: 150, phase: 'read' });
});

test("another run's messages, and anything after a cancel, change nothing", () => {
  const second = play([start(1), start(2)]);
  assert.equal(second.id, 2);
  assert.equal(runReducer(second, progress(1, 150, 150)), second);
  assert.equal(runReducer(second, { type: 'done', id: 1, result: result([]), at: 0 }), second);
  assert.equal(runReducer(second, { type: 'failed', id: 1, error: new Error('x') }), second);
  assert.equal(runReducer(second, start(1)), second, 'an older run cannot start again');

  const cancelled = runReducer(second, { type: 'cancel' });
  assert.deepEqual(cancelled, { state: 'cancelled', id: 2 });
  assert.equal(runReducer(cancelled, progress(2, 10, 150)), cancelled);
  assert.equal(runReducer(cancelled, { type: 'done', id: 2, result: result([]), at: 0 }), cancelled);
  assert.equal(runReducer(cancelled, { type: 'cancel' }), cancelled);
  assert.equal(runReducer(IDLE, { type: 'cancel' }), IDLE, 'nothing to cancel');
  assert.equal(runReducer(cancelled, start(3)).state, 'reading');
});

test('a failed request, and a core that did not load, end in error', () => {
  const error = { code: 'CE_ERR_SYNTAX', message: 'gold.tsv:3: bad line', file: 'gold.tsv' };
  const failed = play([start(1), { type: 'failed', id: 1, error }]);
  assert.deepEqual(failed, { state: 'error', id: 1, error });
  assert.deepEqual(runErrors(failed), [{ key: 'request', text: 'gold.tsv:3: bad line' }]);
  const unavailable = runReducer(IDLE, { type: 'unavailable', error: new Error('no wasm') });
  assert.equal(unavailable.state, 'error');
  assert.deepEqual(runErrors(unavailable), [{ key: 'request', text: 'no wasm' }]);
});

test('the results say running while busy, and the state itself otherwise', () => {
  const shown = [
    IDLE,
    ...[[start(1)], [start(1), progress(1, 150, 150)], [start(1), progress(1, 1, 9, 'bootstrap')]].map(
      (a) => play(a),
    ),
    play([start(1), { type: 'cancel' }]),
  ].map(shownState);
  assert.deepEqual(shown, ['idle', 'running', 'running', 'running', 'cancelled']);
});

test('each file is read up to the same level, or to its end', () => {
  // Files of 100, 40 and 10 bytes, 60 bytes fed: 30 take all three to level 10 (the small
  // one is read), the other 30 take the two open ones to level 25 (worked by hand).
  const run = play([start(1), progress(1, 60, 150)]);
  assert.deepEqual(fileShares(run), { 1: 0.25, 2: 25 / 40, 3: 1 });
  assert.deepEqual(fileShares(play([start(1), progress(1, 0, 150)])), { 1: 0, 2: 0, 3: 0 });
  // Scoring and resampling come after every file has been read.
  const resampling = play([start(1), progress(1, 2, 9, 'bootstrap')]);
  assert.deepEqual(fileShares(resampling), { 1: 1, 2: 1, 3: 1 });
  const shuffling = play([start(1), progress(1, 2, 9, 'shuffle')]);
  assert.deepEqual(fileShares(shuffling), { 1: 1, 2: 1, 3: 1 });
  // An empty file is read at once.
  assert.deepEqual(fileShares(play([start(1, [10, 0, 10]), progress(1, 4, 20)])), {
    1: 0.2,
    2: 1,
    3: 0.2,
  });
  assert.equal(fileShares(IDLE), null);
});

test('what the page says: the status line, the placeholder and the errors of a result', () => {
  const files = { core: 'true', gold: { format: 'auto' }, systems: [{}], optionsValid: true };
  assert.equal(statusText(IDLE, { ...files, core: 'loading' }), 'Loading the core…');
  assert.equal(statusText(IDLE, files), 'Ready.');
  assert.equal(statusText(IDLE, { ...files, gold: null }), 'Add a gold file.');
  assert.equal(statusText(IDLE, { ...files, systems: [] }), 'Add at least one system file.');
  // A counts table or joint counts hold both sides: the page says so once it knows the format.
  assert.equal(statusText(IDLE, { ...files, systems: [], bothSides: true }), 'Ready.');
  assert.equal(
    statusText(IDLE, { ...files, optionsValid: false }),
    'Some options cannot be used: see the fields marked.',
  );
  const error = { code: 'CE_ERR_MISMATCH', message: 'differs', file: 'b.tsv', line: 4 };
  const done = play([
    start(1, [1, 1, 1], 0),
    {
      type: 'done',
      id: 1,
      result: result([{ name: 'a.tsv' }, { name: 'b.tsv', error }]),
      at: 1234,
    },
  ]);
  assert.equal(statusText(done, files), 'Evaluated 2 systems in 1.23 s; 1 stopped at an error.');
  assert.deepEqual(runErrors(done), [{ key: 's1', text: 'b.tsv:4: differs' }]);
  assert.equal(statusText(play([start(1), { type: 'cancel' }]), files), 'Cancelled. The files are still loaded.');
  assert.equal(placeholderText(play([start(1)])), 'Evaluating…');
  assert.match(placeholderText(play([start(1), { type: 'cancel' }])), /cancelled/);
  // A link's costly options wait for the reader: the files are loaded, the answer is awaited.
  assert.match(placeholderText(play([]), { held: true }), /answer above/);
  assert.match(placeholderText(play([])), /^Choose a gold file/);
  assert.match(placeholderText(IDLE), /^Choose a gold file/);
});
