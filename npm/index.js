// clustereval for JavaScript: the C core compiled to WebAssembly (inlined in
// lib/clustereval.mjs, so nothing is fetched or located), driven by the same binding as the
// page (lib/binding.js, a copy of wasm/binding.js). Runs in Node 20+ and in bundlers. In
// Node the core runs on threads (lib/threads/, worker_threads sharing its memory), as the
// command line does: the type level's M-1 searches and extended BCubed side by side.
import createClusterEval from './lib/clustereval.mjs';
import { bindCore, CeError, kindOf } from './lib/binding.js';

export { CeError };

// Named through a variable, which a bundler leaves alone: a browser bundle never loads it.
const THREADS = './lib/threads/clustereval';

/**
 * Node: the threaded build, or null where it cannot load. Loaded by require through Node's
 * own module (no import a browser bundle would have to resolve). Its pool of workers is
 * made with it and never grows (at most 4 threads); unref'd, it keeps no process alive.
 */
async function threadedModule() {
  const nodeModule = globalThis.process?.getBuiltinModule?.('node:module');
  if (!nodeModule) return null;
  // Its wasm as bytes: Emscripten 3.1.6 would fetch() the file's path, which Node refuses.
  const options = {};
  try {
    const fs = globalThis.process.getBuiltinModule('node:fs');
    const require = nodeModule.createRequire(import.meta.url);
    options.wasmBinary = fs.readFileSync(require.resolve(THREADS + '.wasm'));
    const create = require(THREADS + '.cjs');
    const module = await create(options);
    for (const worker of module.PThread.unusedWorkers) worker.unref();
    return module;
  } catch {
    options.PThread?.terminateAllThreads(); // the pool, if it was made
    return null;
  }
}

let core = null;
/** The bound core, loaded once on first use; `threaded` says whether it runs on threads. */
export function load() {
  core ??= threadedModule().then(async (module) => ({
    ...bindCore(module ?? (await createClusterEval())),
    threaded: module !== null,
  }));
  return core;
}

/** @param {string} message @param {string} [file] */
const usage = (message, file = '') => new CeError({ code: 'CE_ERR_USAGE', message, file });
const encoder = new TextEncoder();
/** A plain object ({...}), as arguments and input objects are: not null, an array, a Map. */
const isPlain = (value) =>
  value !== null && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value));

// Node's fs and url without an import that a browser bundle would have to resolve; null
// elsewhere (a browser, a worker).
const builtin = (name) => globalThis.process?.getBuiltinModule?.(name) ?? null;

/** Why a path cannot be opened, in the words of an error. */
const NOT_OPENED = { ENOENT: 'no such file', ENOTDIR: 'no such file', EACCES: 'permission denied', EPERM: 'permission denied', EISDIR: 'a directory, not a file' };

/*
 * A file by its path (Node): a Blob over it, read in chunks. A path that cannot be opened is
 * a CeError naming it; where there is no file system, a path is an error saying what to pass.
 */
async function readPath(path, role, format) {
  const fs = builtin('node:fs');
  if (!fs?.openAsBlob)
    throw usage(
      globalThis.process?.versions?.node
        ? `${role}: reading the path '${path}' needs Node 20.16 or newer; pass {text: …}, bytes or a Blob instead`
        : `${role}: '${path}' is a path (a string is a path), and there are no files here; pass {text: …} for contents, or a Blob or File`,
    );
  try {
    const handle = await fs.promises.open(path, 'r');
    const isDirectory = (await handle.stat().finally(() => handle.close())).isDirectory();
    if (isDirectory) throw Object.assign(new Error('a directory'), { code: 'EISDIR' });
    return { name: path, format, blob: await fs.openAsBlob(path) };
  } catch (error) {
    const why = NOT_OPENED[error?.code] ?? String(error?.message ?? error);
    throw Object.assign(usage(`cannot open ${path}: ${why}`, path), { cause: error });
  }
}

const INPUT_KEYS = ['name', 'format', 'path', 'text', 'bytes', 'blob'];
const CONTENTS = { path: 'a string', text: 'a string', bytes: 'a Uint8Array or an ArrayBuffer', blob: 'a Blob' };
const isBytes = (value) => value instanceof Uint8Array || value instanceof ArrayBuffer;
const isBlob = (value) => typeof Blob !== 'undefined' && value instanceof Blob;

/*
 * One input as the binding takes it. A string is a path (Node), as in Python's package; the
 * contents are {text}, bytes or a Blob (a File); {path}, a file: URL; an object names the
 * input ({name}) and forces its format ({format}). `role` names it in errors and, given as
 * contents with no name, in the result: 'gold', 'system1'.
 */
async function input(spec, role, format) {
  if (typeof spec === 'string') return readPath(spec, role, format);
  if (isBytes(spec)) return { name: role, format, bytes: spec };
  if (isBlob(spec)) return { name: spec.name || role, format, blob: spec };
  if (spec instanceof URL) {
    if (spec.protocol !== 'file:') throw usage(`${role}: ${spec.href} is not a file: URL; fetch it and pass its contents`);
    const url = builtin('node:url');
    return readPath(url ? url.fileURLToPath(spec) : decodeURIComponent(spec.pathname), role, format);
  }
  if (!isPlain(spec))
    throw new TypeError(
      `${role} is ${kindOf(spec)}; an input is a path (a string, in Node), {path}, {text}, {bytes}, {blob}, a Uint8Array, a Blob or a file: URL`,
    );
  for (const key of Object.keys(spec))
    if (!INPUT_KEYS.includes(key)) throw usage(`${role}: unknown key '${key}' (an input object takes name, format and one of path, text, bytes, blob)`);
  const given = Object.keys(CONTENTS).filter((key) => spec[key] !== undefined);
  if (given.length !== 1)
    throw usage(`${role}: an input object takes one of path, text, bytes or blob${given.length ? `, not ${given.join(' and ')}` : ''}`);
  const [key] = given;
  const value = spec[key];
  if (key === 'bytes' ? !isBytes(value) : key === 'blob' ? !isBlob(value) : typeof value !== 'string')
    throw new TypeError(`${role}.${key} is ${kindOf(value)}; pass ${CONTENTS[key]}`);
  for (const text of ['name', 'format'])
    if (spec[text] !== undefined && typeof spec[text] !== 'string') throw new TypeError(`${role}.${text} is ${kindOf(spec[text])}; pass a string`);
  const own = { format: spec.format ?? format };
  if (own.format !== undefined) checkFormat(own.format, `${role}.format`, await load());
  if (key === 'path') return { ...(await readPath(value, role, own.format)), ...(spec.name ? { name: spec.name } : {}) };
  if (key === 'text') return { ...own, name: spec.name ?? role, bytes: encoder.encode(value) };
  if (key === 'bytes') return { ...own, name: spec.name ?? role, bytes: value };
  return { ...own, name: spec.name ?? (value.name || role), blob: value };
}

/** Throws unless `format` is one of the core's input formats. */
function checkFormat(format, what, core) {
  if (typeof format !== 'string') throw new TypeError(`${what} is ${kindOf(format)}; pass a format id (${core.formats.join(', ')})`);
  if (!core.formats.includes(format)) throw usage(`unknown input format '${format}' (${core.formats.join(', ')})`);
}

/** A label map: a preset's name, or an input of from<TAB>to lines (a string: a path). */
async function labelMap(spec, role) {
  if (spec === undefined) return undefined;
  const core = await load();
  if (typeof spec === 'string' && core.mapPresets.includes(spec)) return { preset: spec };
  const file = await input(spec, role);
  return { name: file.name, bytes: file.bytes ?? new Uint8Array(await file.blob.arrayBuffer()) };
}

/**
 * Scores `labelsPred` against `labelsTrue`: {token: {...}} with every token-level measure,
 * given `words` the type level {type: {...}}, and the row's `warnings` and `ci_withheld`.
 * A string, a Set or a Map where a label sequence belongs is a TypeError. See index.d.ts.
 */
export async function score(labelsTrue, labelsPred, options = {}) {
  return (await load()).score(labelsTrue, labelsPred, options);
}

/**
 * Scores every system against gold and returns what `clustereval --format json` prints.
 * A string input is a path (Node). Throws CeError when gold fails or every system does, a
 * TypeError for an argument of the wrong type. See index.d.ts.
 */
export async function evaluate(inputs, options = {}) {
  if (!isPlain(inputs)) throw new TypeError(`evaluate's first argument is ${kindOf(inputs)}; pass {gold, systems: [...]}`);
  for (const key of Object.keys(inputs))
    if (key !== 'gold' && key !== 'systems') throw usage(`unknown key '${key}' (evaluate takes {gold, systems})`);
  const { gold, systems = [] } = inputs;
  if (gold === undefined) throw new TypeError('gold is missing: evaluate takes {gold, systems: [...]}');
  if (!Array.isArray(systems)) throw new TypeError(`systems is ${kindOf(systems)}; pass an array of inputs, systems: [...]`);
  if (!isPlain(options)) throw new TypeError(`options is ${kindOf(options)}; pass an object of options, such as {restarts: 10}`);
  const core = await load();
  const {
    gold_format: goldFormat,
    induced_format: inducedFormat,
    gold_map: goldMap,
    induced_map: inducedMap,
    sub_test: subTests = [],
    phones,
    ...runOptions
  } = options;
  // The core's options, the labels and the baselines are checked where the run takes them
  // (the binding's setOptions); the inputs are this package's.
  if (goldFormat !== undefined) checkFormat(goldFormat, 'gold_format', core);
  if (inducedFormat !== undefined) checkFormat(inducedFormat, 'induced_format', core);
  // A counts or joint file is scored alone, and so may a gold of a format yet to be detected
  // (the core says when it is neither), as in Python.
  if (!systems.length && !['auto', 'counts', 'joint', undefined].includes(goldFormat))
    throw usage('needs a gold input and at least one system');
  const tests = [subTests].flat();
  if (tests.length > systems.length) throw usage(`more sub_test corpora than systems (${tests.length} for ${systems.length}): one a system at most`);
  const request = {
    gold: await input(gold, 'gold', goldFormat),
    systems: await Promise.all(systems.map((system, k) => input(system, `system${k + 1}`, inducedFormat))),
    options: {
      ...runOptions,
      gold_map: await labelMap(goldMap, 'gold_map'),
      induced_map: await labelMap(inducedMap, 'induced_map'),
    },
  };
  for (const [k, test] of tests.entries()) request.systems[k].subTest = await input(test, `sub_test${k + 1}`, inducedFormat);
  // The phone alignment of a tde run (SPEC §3.8): read as tde-words whatever its format says.
  if (phones !== undefined) request.phones = await input(phones, 'phones', undefined);
  const result = await core.evaluateStream(request);
  const failed = result.systems.slice(0, systems.length).map((row) => row.error);
  if (failed.length && failed.every(Boolean)) throw new CeError(failed[0]);
  return result;
}

/** The core's version, option ids and option table, measure ids and input formats. */
export async function catalog() {
  const { version, options, optionTable, measures, formats, threaded } = await load();
  return { version, options, optionTable, measures: measures.map((m) => m.id), formats, threaded };
}
