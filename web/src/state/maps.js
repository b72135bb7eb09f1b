// The label maps the user uploads beside the options: a gold map and an induced map, each
// null or {id, name, blob}. The options' gold_map and induced_map say whether each is used
// ('file'). Pure: App keeps them; useOpening.js sets those a page opens with.

import { newId } from './files.js';

export const MAP_KINDS = Object.freeze(['gold', 'induced']);

export const NO_MAPS = Object.freeze({ gold: null, induced: null });

/** The option that says which map each kind uses; 'file' is the uploaded one. */
export const MAP_OPTION = Object.freeze({ gold: 'gold_map', induced: 'induced_map' });

/** An uploaded map, or null for no file: its bytes stay in the Blob and are read for each run. */
export const mapEntry = (blob, name = blob?.name) => (blob ? { id: newId(), name, blob } : null);

/** The maps with `kind`'s file replaced by `blob` (null removes it). */
export const withMapFile = (maps, kind, blob) => ({ ...maps, [kind]: mapEntry(blob) });

/** The maps the options use, {gold, induced}: those set to 'file' (what a saved page carries). */
export const mapsInUse = (options, maps) =>
  Object.fromEntries(
    MAP_KINDS.map((kind) => [kind, options[MAP_OPTION[kind]] === 'file' ? maps[kind] : null]),
  );
