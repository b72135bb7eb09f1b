// The uploaded label maps (web/src/state/maps.js): an entry per file, replacing one, and the
// maps that the options use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromHash } from '../../web/src/options.js';
import {
  MAP_KINDS,
  MAP_OPTION,
  NO_MAPS,
  mapEntry,
  mapsInUse,
  withMapFile,
} from '../../web/src/state/maps.js';

const file = (name, text = 'X\tNOUN\n') => new File([text], name);

test('a map entry keeps its blob and name with a fresh id; no file is no map', () => {
  const blob = file('g.map');
  const a = mapEntry(blob);
  const b = mapEntry(new Blob(['Y\tVERB\n']), 'named.map');
  assert.equal(a.blob, blob);
  assert.equal(a.name, 'g.map');
  assert.equal(b.name, 'named.map');
  assert.notEqual(a.id, b.id);
  assert.equal(mapEntry(null), null);
  assert.equal(mapEntry(undefined), null);
});

test('a map file replaces its kind only, and null removes it', () => {
  let maps = withMapFile(NO_MAPS, 'gold', file('g.map'));
  assert.equal(maps.gold.name, 'g.map');
  assert.equal(maps.induced, null);
  assert.deepEqual(NO_MAPS, { gold: null, induced: null });
  const gold = maps.gold;
  maps = withMapFile(maps, 'induced', file('s.map'));
  assert.equal(maps.gold, gold);
  assert.equal(maps.induced.name, 's.map');
  maps = withMapFile(maps, 'gold', null);
  assert.equal(maps.gold, null);
  assert.equal(maps.induced.name, 's.map');
});

test('each kind has an option, and the maps in use are those whose option is "file"', () => {
  assert.deepEqual(MAP_KINDS, ['gold', 'induced']);
  const options = fromHash('');
  for (const kind of MAP_KINDS) assert.ok(MAP_OPTION[kind] in options, kind);

  const maps = { gold: mapEntry(file('g.map')), induced: mapEntry(file('s.map')) };
  assert.deepEqual(mapsInUse(options, maps), NO_MAPS);
  const goldFile = { ...options, [MAP_OPTION.gold]: 'file', [MAP_OPTION.induced]: 'ptb-universal' };
  assert.deepEqual(mapsInUse(goldFile, maps), { gold: maps.gold, induced: null });
  const both = { ...goldFile, [MAP_OPTION.induced]: 'file' };
  assert.deepEqual(mapsInUse(both, maps), maps);
  assert.deepEqual(mapsInUse(both, NO_MAPS), NO_MAPS);
});
