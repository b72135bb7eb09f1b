// What the results section derives from a result (web/src/state/result.js): the warnings
// grouped by text, and why the core could not resample.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bootstrapWhy, warningsByText } from '../../web/src/state/result.js';

test('each warning once, with the systems that gave it in their order', () => {
  const systems = [
    { name: 'a', warnings: ['w1', 'w2'] },
    { name: 'b' },
    { name: 'c', warnings: ['w2'] },
    { name: 'd', warnings: ['w3', 'w1'] },
  ];
  assert.deepEqual(warningsByText(systems), [
    ['w1', ['a', 'd']],
    ['w2', ['a', 'c']],
    ['w3', ['d']],
  ]);
  assert.deepEqual(warningsByText([{ name: 'a', warnings: [] }]), []);
  assert.deepEqual(warningsByText(undefined), []);
});

test('why there are no intervals: the parenthesis of the core’s warning, else all of it', () => {
  assert.equal(
    bootstrapWhy({ warning: 'bootstrap: n/a (the gold has no sentences)' }),
    'the gold has no sentences',
  );
  assert.equal(bootstrapWhy({ warning: 'no resamples' }), 'no resamples');
  assert.equal(bootstrapWhy({ resamples: 0 }), undefined);
});
