// What the page opens with (web/src/page/payload.js: a saved page's data or a site's demo.js)
// as the page's state: its files as file entries, its map files as maps that the options use.
// Pure: useOpening.js loads it.

import { fileEntry } from './files.js';
import { MAP_KINDS, MAP_OPTION, NO_MAPS, mapEntry } from './maps.js';

/** A file the page opened with ({name, format, column, depth, blob}), read as it was saved. */
export function openedEntry(f) {
  return {
    ...fileEntry(f.blob, f.name),
    format: f.format || 'auto',
    column: f.column ? String(f.column) : '',
    depth: f.depth ? String(f.depth) : '',
  };
}

/**
 * The state that the opening's loaded files ({gold, systems, phones, maps: {gold, induced}},
 * from its load()) set over `options`: {gold, systems, phones, maps, options, withMaps}. Each map file it
 * carries replaces the maps (none kept: the opening's are the ones) and sets its option to
 * 'file'; `withMaps` says whether it carries any. `options` is not changed.
 */
export function openedState(loaded, options) {
  const gold = openedEntry(loaded.gold);
  const systems = loaded.systems.map(openedEntry);
  const phones = loaded.phones ? openedEntry({ ...loaded.phones, format: 'tde-words' }) : null;
  const maps = { ...NO_MAPS };
  const opts = { ...options };
  for (const kind of MAP_KINDS) {
    const f = loaded.maps[kind];
    if (!f) continue;
    maps[kind] = mapEntry(f.blob, f.name);
    opts[MAP_OPTION[kind]] = 'file';
  }
  return {
    gold,
    systems,
    phones,
    maps,
    options: opts,
    withMaps: Boolean(maps.gold || maps.induced),
  };
}

/**
 * The opening's title and caption over its results, {title, caption}: only while the files are
 * still its own (`demo`) and the numbers are theirs (not `stale`); else null.
 */
export function openingHeading(opening, { demo, stale }) {
  const shown = demo && !stale;
  return {
    title: shown ? opening?.title : null,
    caption: shown && opening?.caption ? opening.caption : null,
  };
}
