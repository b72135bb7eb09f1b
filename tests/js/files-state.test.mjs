// The page's file list (web/src/state/files.js): the user's choices, the demo, what a run
// says about each file, previews, and the worker's requests made from the files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  NO_FILES,
  allFiles,
  evaluateRequest,
  fileEntry,
  fileSignature,
  filesReducer,
  headBytes,
  previewRequest,
  waitingPreviews,
} from '../../web/src/state/files.js';

const file = (name, text = 'a\tB\n') => new File([text], name);
const play = (actions, from = NO_FILES) => actions.reduce(filesReducer, from);

test('a file entry keeps its blob, size and name, with a fresh id and auto format', () => {
  const a = fileEntry(file('gold.tsv', 'x\ty\n'));
  const b = fileEntry(file('sys.tsv'), 'renamed.tsv');
  assert.equal(a.name, 'gold.tsv');
  assert.equal(a.size, 4);
  assert.equal(a.format, 'auto');
  assert.deepEqual([a.column, a.depth], ['', '']);
  assert.equal(b.name, 'renamed.tsv');
  assert.equal(b.fileName, 'renamed.tsv');
  assert.notEqual(a.id, b.id);
});

test('choosing, adding and removing files; a new gold closes the old one’s preview', () => {
  const g = fileEntry(file('g.tsv'));
  const s1 = fileEntry(file('s1.tsv'));
  const s2 = fileEntry(file('s2.tsv'));
  let state = play([
    { type: 'gold', file: g },
    { type: 'add', files: [s1, s2] },
    { type: 'previewOpen', id: g.id, open: true },
    { type: 'previewOpen', id: s1.id, open: true },
  ]);
  assert.deepEqual(allFiles(state), [g, s1, s2]);
  assert.deepEqual(state.open, [g.id, s1.id]);
  assert.equal(state.touched, true);

  const g2 = fileEntry(file('g2.tsv'));
  state = filesReducer(state, { type: 'gold', file: g2 });
  assert.equal(state.gold, g2);
  assert.deepEqual(state.open, [s1.id]);

  state = { ...state, errors: { [s1.id]: 'bad', [s2.id]: 'worse' } };
  state = filesReducer(state, { type: 'remove', id: s1.id });
  assert.deepEqual(allFiles(state), [g2, s2]);
  assert.deepEqual(state.open, []);
  assert.deepEqual(state.errors, { [s2.id]: 'worse' });
  state = filesReducer(state, { type: 'remove', id: g2.id });
  assert.equal(state.gold, null);
  assert.deepEqual(allFiles(state), [s2]);
});

test('the demo loads only while the user has chosen nothing, and any choice ends it', () => {
  const g = fileEntry(file('brown-gold.tsv'));
  const s = fileEntry(file('brown-c50.tsv'));
  const demo = play([{ type: 'demo', gold: g, systems: [s] }]);
  assert.equal(demo.demo, true);
  assert.deepEqual(allFiles(demo), [g, s]);
  // Changing a format keeps the demo's caption; renaming or removing a file ends it.
  assert.equal(filesReducer(demo, { type: 'patch', id: s.id, patch: { format: 'tagged' } }).demo, true);
  assert.equal(filesReducer(demo, { type: 'patch', id: s.id, patch: { name: 'x' } }).demo, false);
  assert.equal(filesReducer(demo, { type: 'remove', id: s.id }).demo, false);

  const mine = fileEntry(file('mine.tsv'));
  const chosen = play([{ type: 'add', files: [mine] }]);
  const late = filesReducer(chosen, { type: 'demo', gold: g, systems: [s] });
  assert.equal(late, chosen, 'the demo arriving late leaves the user’s files alone');
});

test('a patch changes one file; a format chosen by hand forgets the detected one', () => {
  const g = fileEntry(file('g.tsv'));
  const s = fileEntry(file('s.tsv'));
  let state = play([
    { type: 'demo', gold: g, systems: [s] },
    { type: 'preview', id: s.id, preview: { state: 'done', data: { format: 'tagged' } } },
  ]);
  assert.deepEqual(state.detected, { [s.id]: 'tagged' });
  state = filesReducer(state, { type: 'patch', id: s.id, patch: { column: '3' } });
  assert.equal(state.systems[0].column, '3');
  assert.equal(state.gold, g);
  assert.deepEqual(state.detected, { [s.id]: 'tagged' });
  state = filesReducer(state, { type: 'patch', id: s.id, patch: { format: 'conllu' } });
  assert.equal(state.systems[0].format, 'conllu');
  assert.deepEqual(state.detected, {});
});

test("a run's result puts each system's error and format beside its file", () => {
  const g = fileEntry(file('g.tsv'));
  const s1 = fileEntry(file('s1.tsv'));
  const s2 = fileEntry(file('s2.tsv'));
  const fileIds = { gold: g.id, systems: [s1.id, s2.id] };
  let state = play([
    { type: 'demo', gold: g, systems: [s1, s2] },
    { type: 'failed', error: { message: 'old', file: 'g.tsv' }, files: [g, s1, s2] },
  ]);
  assert.deepEqual(state.errors, { [g.id]: 'g.tsv: old' });
  state = filesReducer(state, { type: 'started' });
  assert.deepEqual(state.errors, {});
  const result = {
    gold: { format: 'tagged' },
    systems: [
      { name: 's1.tsv', format: 'csv' },
      { name: 's2.tsv', format: 'tagged', error: { message: 'no pair', file: 's2.tsv', line: 7 } },
      { name: 'baseline:one' },
    ],
  };
  state = filesReducer(state, { type: 'finished', result, fileIds });
  assert.deepEqual(state.errors, { [s2.id]: 's2.tsv:7: no pair' });
  assert.deepEqual(state.detected, { [g.id]: 'tagged', [s1.id]: 'csv', [s2.id]: 'tagged' });

  // A failed request's error goes beside the file it names, and nowhere when it names none.
  const failed = filesReducer(state, {
    type: 'failed',
    error: { message: 's1.tsv:2: bad', file: 's1.tsv', line: 2 },
    files: [g, s1, s2],
  });
  assert.deepEqual(failed.errors, { [s1.id]: 's1.tsv:2: bad' });

  // A joint gold file is the first row: the system files' rows follow it.
  const joint = {
    gold: { format: 'joint' },
    systems: [
      { name: 'g.tsv', format: 'joint', error: { message: 'overflow', file: 'g.tsv', line: 3 } },
      { name: 's1.tsv', format: 'joint' },
      { name: 's2.tsv', format: 'joint', error: { message: 'other gold', file: 's2.tsv', line: 1 } },
    ],
  };
  const afterJoint = filesReducer(state, { type: 'finished', result: joint, fileIds });
  assert.deepEqual(afterJoint.errors, { [g.id]: 'g.tsv:3: overflow', [s2.id]: 's2.tsv:1: other gold' });
  assert.deepEqual(afterJoint.detected, { [g.id]: 'joint', [s1.id]: 'joint', [s2.id]: 'joint' });

  // The gold file's format, detected from its head (its preview) before any run.
  const previewed = { type: 'preview', id: g.id, preview: { state: 'done', data: { format: 'joint' } } };
  assert.equal(filesReducer(state, previewed).detected[g.id], 'joint');
  const refused = { type: 'failed', error: { message: 'option beta' }, files: [g, s1, s2] };
  assert.deepEqual(filesReducer(state, refused).errors, {});
});

test('the previews left waiting are the open ones still loading', () => {
  const g = fileEntry(file('g.tsv'));
  const s1 = fileEntry(file('s1.tsv'));
  const s2 = fileEntry(file('s2.tsv'));
  const state = play([
    { type: 'demo', gold: g, systems: [s1, s2] },
    { type: 'previewOpen', id: g.id, open: true },
    { type: 'previewOpen', id: s1.id, open: true },
    { type: 'preview', id: g.id, preview: { state: 'loading' } },
    { type: 'preview', id: s1.id, preview: { state: 'done', data: {} } },
    { type: 'preview', id: s2.id, preview: { state: 'loading' } },
  ]);
  assert.deepEqual(waitingPreviews(state), [g]);
  assert.deepEqual(waitingPreviews(filesReducer(state, { type: 'previewOpen', id: g.id, open: false })), []);
});

test('the evaluate request: each file as its File, a column every file sets is the run’s', () => {
  const g = { ...fileEntry(file('g.tsv')), column: '3' };
  const s1 = { ...fileEntry(file('s1.tsv')), column: '3', format: 'tagged' };
  const s2 = { ...fileEntry(file('s2.tsv')), column: '3', depth: '4' };
  const req = evaluateRequest(g, [s1, s2], { beta: 2 });
  assert.deepEqual(
    req.systems.map(({ blob, ...rest }) => rest),
    [
      { name: 's1.tsv', format: 'tagged', column: 3 },
      { name: 's2.tsv', format: 'auto', column: 3, depth: 4 },
    ],
  );
  assert.equal(req.gold.blob, g.blob);
  assert.deepEqual(req.options, { beta: 2, column: 3 }, 'depth is set on one file only');
  // A column on one file stays that file's; an empty or zero field sets nothing.
  const one = evaluateRequest({ ...g, column: '' }, [{ ...s1, column: '0' }, s2], {});
  assert.deepEqual(one.options, {});
  assert.equal('column' in one.gold, false);
  assert.equal('column' in one.systems[0], false);
});

test('the preview request reads the head of a file, cut after its last whole line', async () => {
  const small = fileEntry(file('s.tsv', 'a\tB\nc\tD'));
  assert.deepEqual(previewRequest({ ...small, depth: '2' }, new Uint8Array(1)), {
    name: 's.tsv',
    bytes: new Uint8Array(1),
    format: 'auto',
    depth: 2,
  });
  assert.equal(new TextDecoder().decode(await headBytes(small.blob)), 'a\tB\nc\tD');
  const line = 'word\tTAG\n'; // 9 bytes; 64 KB ends 7,281 lines and 7 bytes in
  const big = new File([line.repeat(10_000)], 'big.tsv');
  const head = await headBytes(big);
  assert.equal(head.length, 7281 * 9);
  assert.equal(head[head.length - 1], 10);
});

test('the signature of the files changes with what changes the numbers', () => {
  const a = fileEntry(file('a.tsv'));
  const sig = fileSignature([a]);
  assert.equal(fileSignature([{ ...a }]), sig);
  for (const patch of [{ name: 'b' }, { format: 'csv' }, { column: '2' }, { depth: '3' }])
    assert.notEqual(fileSignature([{ ...a, ...patch }]), sig, JSON.stringify(patch));
});
