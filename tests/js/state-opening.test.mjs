// What the page opens with (web/src/state/opening.js): its files read as saved, its map files
// set in the options, and its title and caption over the results.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromHash } from '../../web/src/options.js';
import { MAP_OPTION, NO_MAPS } from '../../web/src/state/maps.js';
import { openedEntry, openedState, openingHeading } from '../../web/src/state/opening.js';

const blob = (text = 'a\tB\n') => new Blob([text]);
const saved = (name, more = {}) => ({ role: 'system', name, blob: blob(), ...more });

test('an opened file is a file entry, read with the format, column and depth it was saved with', () => {
  const f = saved('g.tsv', { format: 'tagged', column: 2, depth: 3 });
  const e = openedEntry(f);
  assert.equal(e.name, 'g.tsv');
  assert.equal(e.fileName, 'g.tsv');
  assert.equal(e.blob, f.blob);
  assert.equal(e.size, 4);
  assert.deepEqual([e.format, e.column, e.depth], ['tagged', '2', '3']);
  const plain = openedEntry(saved('s.tsv', { format: '', column: null }));
  assert.deepEqual([plain.format, plain.column, plain.depth], ['auto', '', '']);
  assert.notEqual(plain.id, e.id);
});

test('an opening without map files keeps the options as they are, and no maps', () => {
  const options = fromHash('#restarts=5');
  const loaded = {
    gold: saved('g.tsv', { role: 'gold' }),
    systems: [saved('s1.tsv'), saved('s2.tsv')],
    maps: { gold: null, induced: null },
  };
  const next = openedState(loaded, options);
  assert.equal(next.gold.name, 'g.tsv');
  assert.deepEqual(
    next.systems.map((f) => f.name),
    ['s1.tsv', 's2.tsv'],
  );
  assert.equal(next.withMaps, false);
  assert.deepEqual(next.maps, NO_MAPS);
  assert.deepEqual(next.options, options);
  assert.notEqual(next.options, options);
});

test('an opening’s map file becomes a map, which its option then uses', () => {
  const options = fromHash('');
  const before = { ...options };
  const gm = { role: 'gold-map', name: 'g.map', blob: blob('X\tNOUN\n') };
  const loaded = { gold: saved('g.tsv'), systems: [], maps: { gold: gm, induced: null } };
  const next = openedState(loaded, options);
  assert.equal(next.withMaps, true);
  assert.equal(next.maps.gold.name, 'g.map');
  assert.equal(next.maps.gold.blob, gm.blob);
  assert.equal(typeof next.maps.gold.id, 'number');
  assert.equal(next.maps.induced, null);
  assert.equal(next.options[MAP_OPTION.gold], 'file');
  assert.equal(next.options[MAP_OPTION.induced], options[MAP_OPTION.induced]);
  assert.deepEqual(options, before, 'the options handed in are not changed');

  const im = { role: 'induced-map', name: 's.map', blob: blob('1\tNOUN\n') };
  const both = openedState({ ...loaded, maps: { gold: null, induced: im } }, options);
  assert.equal(both.maps.gold, null);
  assert.equal(both.maps.induced.name, 's.map');
  assert.equal(both.options[MAP_OPTION.induced], 'file');
  assert.equal(both.withMaps, true);
});

test('the opening’s title and caption show while its own files give the numbers', () => {
  const opening = { title: 'Brown', caption: 'The demo.' };
  assert.deepEqual(openingHeading(opening, { demo: true, stale: false }), {
    title: 'Brown',
    caption: 'The demo.',
  });
  const none = { title: null, caption: null };
  assert.deepEqual(openingHeading(opening, { demo: false, stale: false }), none);
  assert.deepEqual(openingHeading(opening, { demo: true, stale: true }), none);
  assert.deepEqual(openingHeading(null, { demo: true, stale: false }), {
    title: undefined,
    caption: null,
  });
  assert.deepEqual(openingHeading({ title: 'T', caption: '' }, { demo: true, stale: false }), {
    title: 'T',
    caption: null,
  });
});
