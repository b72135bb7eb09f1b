// The files on the page: gold and systems (and the phone alignment of spoken term discovery),
// each one's detected format, error and preview, and whether they are still the demo's. Pure: no DOM, no worker; useFiles.js drives it.

import { errorText } from '../format.js';

let nextId = 1;

/** A fresh id for a loaded file or map, unique on the page. */
export const newId = () => nextId++;

/** A loaded file: its bytes stay in the Blob and are read afresh for each run. */
export function fileEntry(blob, name = blob.name) {
  return {
    id: newId(),
    name,
    fileName: name,
    size: blob.size,
    blob,
    format: 'auto',
    column: '',
    depth: '',
  };
}

export const NO_FILES = Object.freeze({
  gold: null,
  systems: [],
  phones: null, // the phone alignment of a tde run (SPEC §3.8), read as tde-words
  detected: {}, // file id → the format the core read it as
  errors: {}, // file id → the error beside the file
  previews: {}, // file id → {state: 'loading'|'done'|'error'|'unavailable', data, error}
  open: [], // ids of the files whose preview is open
  demo: false, // the files are the demo's, as loaded
  touched: false, // the user has chosen, renamed or removed a file
});

const without = (object, id) => {
  if (!(id in object)) return object;
  const copy = { ...object };
  delete copy[id];
  return copy;
};

const byUser = (state) => ({ ...state, touched: true, demo: false });

/** Every file, gold first, the phone alignment last. */
export const allFiles = (state) => [
  ...(state.gold ? [state.gold] : []),
  ...state.systems,
  ...(state.phones ? [state.phones] : []),
];

/** The format of a file: the one chosen, else the one the core detected (or undefined). */
const formatOf = (state, f) => (f?.format === 'auto' ? state.detected[f.id] : f?.format);

/**
 * Whether the files make a spoken-term-discovery run (SPEC §3.8), which needs the phone
 * alignment: a tde-words gold, or a tde-classes system.
 */
export const isTdeRun = (state) =>
  formatOf(state, state.gold) === 'tde-words' ||
  state.systems.some((f) => formatOf(state, f) === 'tde-classes');

/**
 * The next state. Actions:
 *   {type: 'gold', file} | {type: 'add', files} | {type: 'phones', file} | {type: 'remove', id}
 *                                   the user's choices
 *   {type: 'patch', id, patch}      a file's name, format, column or depth changed
 *   {type: 'demo', gold, systems}   the demo's files, unless the user has chosen files already
 *   {type: 'started'}               a run began: the errors of the last one go
 *   {type: 'finished', result, fileIds}   a run's result: each system's error and format
 *   {type: 'failed', error, files}  the whole request failed; `files` [{id, name}] of the run
 *   {type: 'previewOpen', id, open} | {type: 'preview', id, preview}
 */
export function filesReducer(state, action) {
  switch (action.type) {
    case 'gold':
      return {
        ...byUser(state),
        gold: action.file,
        open: state.open.filter((id) => id !== state.gold?.id),
      };
    case 'add':
      return { ...byUser(state), systems: [...state.systems, ...action.files] };
    case 'phones':
      return { ...byUser(state), phones: action.file };
    case 'remove': {
      const { id } = action;
      return {
        ...byUser(state),
        gold: state.gold?.id === id ? null : state.gold,
        systems: state.systems.filter((f) => f.id !== id),
        phones: state.phones?.id === id ? null : state.phones,
        open: state.open.filter((x) => x !== id),
        errors: without(state.errors, id),
      };
    }
    case 'patch': {
      const { id, patch } = action;
      const next = 'name' in patch ? byUser(state) : { ...state };
      const change = (f) => (f.id === id ? { ...f, ...patch } : f);
      next.gold = state.gold && change(state.gold);
      next.systems = state.systems.map(change);
      next.phones = state.phones && change(state.phones);
      // A format chosen by hand replaces the one detected.
      if ('format' in patch) next.detected = without(state.detected, id);
      return next;
    }
    case 'demo':
      if (state.touched) return state;
      return {
        ...state,
        gold: action.gold,
        systems: action.systems,
        phones: action.phones ?? null,
        demo: true,
      };
    case 'started':
      return Object.keys(state.errors).length ? { ...state, errors: {} } : state;
    case 'finished': {
      const { result, fileIds } = action;
      const errors = {};
      const formats = {};
      if (result.gold?.format) formats[fileIds.gold] = result.gold.format;
      // A joint gold file is a system too: its row comes before the system files' (SPEC §2).
      const offset = result.gold?.format === 'joint' ? 1 : 0;
      (result.systems ?? []).forEach((system, i) => {
        const id = i < offset ? fileIds.gold : fileIds.systems[i - offset];
        if (id === undefined) return; // a baseline
        if (system.error) errors[id] = errorText(system.error);
        if (system.format) formats[id] = system.format;
      });
      return { ...state, errors, detected: { ...state.detected, ...formats } };
    }
    case 'failed': {
      // The gold file, or a request the core refused: beside the file it names, if any.
      const owner = action.files.find((f) => f.name === action.error?.file);
      return { ...state, errors: owner ? { [owner.id]: errorText(action.error) } : {} };
    }
    case 'previewOpen': {
      const open = state.open.filter((id) => id !== action.id);
      return { ...state, open: action.open ? [...open, action.id] : open };
    }
    case 'preview': {
      const next = { ...state, previews: { ...state.previews, [action.id]: action.preview } };
      const format = action.preview.data?.format;
      if (format) next.detected = { ...state.detected, [action.id]: format };
      return next;
    }
    default:
      return state;
  }
}

/** The open previews still waiting for an answer (a cancelled worker never gives it). */
export const waitingPreviews = (state) =>
  allFiles(state).filter(
    (f) => state.open.includes(f.id) && state.previews[f.id]?.state === 'loading',
  );

/** What changes in a file that changes how its preview reads. */
export const changesReading = (patch) => 'format' in patch || 'column' in patch || 'depth' in patch;

/** A changing string for everything of the files that changes the numbers. */
export const fileSignature = (list) =>
  JSON.stringify(list.map((f) => [f.id, f.name, f.format, f.column, f.depth]));

/** The label column and depth a file sets (a field left empty sets nothing). */
function reading(f) {
  const out = {};
  if (f.column !== '' && Number(f.column) >= 1) out.column = Number(f.column);
  if (f.depth !== '' && Number(f.depth) >= 1) out.depth = Number(f.depth);
  return out;
}

/**
 * The worker's request for a run (protocol.js, EvaluateRequest). Each file goes as its File,
 * which the worker reads through its stream, so that a large file is never whole in memory.
 * The label column and depth go with each file; when every file sets the same one, it is also
 * the run's option (as the command line's --column would be). A value set on one file only
 * stays that file's: the run's option would reach the others too.
 */
export function evaluateRequest(gold, systems, options, phones = null) {
  const [g, ...s] = [gold, ...systems].map((f) => ({
    name: f.name,
    blob: f.blob,
    format: f.format,
    ...reading(f),
  }));
  const opts = { ...options };
  for (const key of ['column', 'depth']) {
    const values = new Set([g, ...s].map((f) => f[key]));
    if (values.size === 1 && !values.has(undefined)) opts[key] = [...values][0];
  }
  // The phone alignment of a tde run goes as its own input, read as tde-words (SPEC §3.8).
  const p = phones ? { phones: { name: phones.name, blob: phones.blob } } : {};
  return { gold: g, systems: s, ...p, options: opts };
}

/** The worker's preview request for a file's head (protocol.js, PreviewRequest). */
export const previewRequest = (f, bytes) => ({
  name: f.name,
  bytes,
  format: f.format,
  ...reading(f),
});

const PREVIEW_BYTES = 64 * 1024;

/** The first 64 KB of a file, cut after its last whole line. */
export async function headBytes(blob) {
  const bytes = new Uint8Array(await blob.slice(0, PREVIEW_BYTES).arrayBuffer());
  if (blob.size <= PREVIEW_BYTES) return bytes;
  const end = bytes.lastIndexOf(10);
  return end > 0 ? bytes.subarray(0, end + 1) : bytes;
}
