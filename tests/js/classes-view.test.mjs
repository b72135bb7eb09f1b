// The class view of a tde run as data (web/src/classes.js): rows read from tde.by_class as
// the core wrote them, ordered by NED, size or name, the classes without a NED last.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classRows, classSystems, fragmentTimes, sortClassRows } from '../../web/src/classes.js';

const system = {
  name: 's.class',
  tde: {
    by_class: [
      { class: '10', ned: 0.5, fragments: [['a', 0.1, 0.4, 'k ae t'], ['b', 0.5, 0.8, 'k ae']] },
      { class: '2', ned: null, fragments: [['a', 1, 1.25, '']] },
      { class: '3', ned: 0, fragments: [['a', 0.1, 0.4, 'k'], ['a', 0.5, 0.8, 'k'], ['b', 0, 1, 'k']] },
    ],
  },
};

test('rows keep the core NED and the fragments, and sort with the classes without a NED last', () => {
  const rows = classRows(system);
  assert.deepEqual(
    rows.map((r) => [r.name, r.ned, r.size]),
    [['10', 0.5, 2], ['2', null, 1], ['3', 0, 3]],
  );
  assert.deepEqual(rows[0].fragments[1], { file: 'b', onset: 0.5, offset: 0.8, transcription: 'k ae' });
  assert.deepEqual(sortClassRows(rows, 'ned', 'desc').map((r) => r.name), ['10', '3', '2']);
  assert.deepEqual(sortClassRows(rows, 'ned', 'asc').map((r) => r.name), ['3', '10', '2']);
  assert.deepEqual(sortClassRows(rows, 'size', 'desc').map((r) => r.name), ['3', '10', '2']);
  assert.deepEqual(sortClassRows(rows, 'name', 'asc').map((r) => r.name), ['2', '3', '10']);
  assert.equal(fragmentTimes(rows[1].fragments[0]), '1.000–1.250 s');
});

test('only the systems with classes are listed', () => {
  const result = { systems: [system, { name: 'x', error: { message: 'bad' } }, { name: 'y', tde: {} }] };
  assert.deepEqual(classSystems(result).map(({ index }) => index), [0]);
});
