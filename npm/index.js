// clustereval for JavaScript: the C core compiled to WebAssembly (inlined in
// lib/clustereval.mjs, so nothing is fetched or located), driven by the same binding as the
// page (lib/binding.js, a copy of wasm/binding.js). Runs in Node 20+ and in bundlers. In
// Node the core runs on threads (lib/threads/, worker_threads sharing its memory), as the
// command line does: the type level's M-1 searches and extended BCubed side by side.
import createClusterEval from './lib/clustereval.mjs';
import { bindCore, CeError, labelList } from './lib/binding.js';

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

const usage = (message) => new CeError({ code: 'CE_ERR_USAGE', message });
const encoder = new TextEncoder();

// Node's fs without an import that a browser bundle would have to resolve.
const nodeFs = () => {
  const fs = globalThis.process?.getBuiltinModule?.('node:fs');
  if (!fs?.openAsBlob) throw usage('reading a path needs Node 20.16 or newer; pass the contents instead');
  return fs;
};

/*
 * One input as the binding takes it: a string (the contents), bytes, a Blob or File, a file:
 * URL or {path} (Node), or {name, text | bytes | blob | path, format}.
 */
async function input(spec, name, format) {
  if (typeof spec === 'string') return { name, format, bytes: encoder.encode(spec) };
  if (spec instanceof Uint8Array || spec instanceof ArrayBuffer) return { name, format, bytes: spec };
  if (spec instanceof URL) return input({ path: decodeURIComponent(spec.pathname) }, name, format);
  if (typeof Blob !== 'undefined' && spec instanceof Blob) return { name: spec.name ?? name, format, blob: spec };
  if (spec && typeof spec === 'object') {
    const own = { name: spec.name ?? spec.path ?? name, format: spec.format ?? format };
    if (spec.path !== undefined) return { ...own, blob: await nodeFs().openAsBlob(spec.path) };
    if (spec.text !== undefined) return { ...own, bytes: encoder.encode(spec.text) };
    if (spec.bytes !== undefined || spec.blob !== undefined) return { ...own, bytes: spec.bytes, blob: spec.blob };
  }
  throw usage(`${name}: an input is a string, bytes, a Blob, a file URL or {path | text | bytes}`);
}

async function labelMap(spec) {
  if (spec === undefined) return undefined;
  const core = await load();
  if (typeof spec === 'string' && core.mapPresets.includes(spec)) return { preset: spec };
  const file = await input(typeof spec === 'string' ? { path: spec } : spec, 'map');
  return { name: file.name, bytes: file.bytes ?? new Uint8Array(await file.blob.arrayBuffer()) };
}

/**
 * Scores `labelsPred` against `labelsTrue`: {token: {...}} with every token-level measure,
 * and given `words`, the type level {type: {...}}. See index.d.ts.
 */
export async function score(labelsTrue, labelsPred, options = {}) {
  return (await load()).score(labelsTrue, labelsPred, options);
}

/**
 * Scores every system against gold and returns what `clustereval --format json` prints.
 * Throws CeError when gold fails or every system does. See index.d.ts.
 */
export async function evaluate({ gold, systems = [] }, options = {}) {
  const core = await load();
  const {
    gold_format: goldFormat,
    induced_format: inducedFormat,
    exclude_labels: excludeLabels,
    unclustered_label: unclusteredLabel,
    baselines,
    gold_map: goldMap,
    induced_map: inducedMap,
    sub_test: subTests = [],
    ...coreOptions
  } = options;
  for (const key of Object.keys(coreOptions))
    if (!core.options.includes(key)) throw usage(`unknown option '${key}'`);
  for (const format of [goldFormat, inducedFormat])
    if (format !== undefined && !core.formats.includes(format))
      throw usage(`unknown input format '${format}' (${core.formats.join(', ')})`);
  if (!systems.length && goldFormat !== 'counts') throw usage('needs a gold input and at least one system');
  const request = {
    gold: await input(gold, 'gold', goldFormat),
    systems: await Promise.all(systems.map((system, k) => input(system, `system${k + 1}`, inducedFormat))),
    options: {
      ...coreOptions,
      exclude_labels: excludeLabels === undefined ? undefined : labelList(excludeLabels),
      unclustered_label: unclusteredLabel,
      baselines: typeof baselines === 'string' ? baselines.split(',') : baselines,
      gold_map: await labelMap(goldMap),
      induced_map: await labelMap(inducedMap),
    },
  };
  for (const [k, test] of [subTests].flat().entries()) {
    if (!request.systems[k]) throw usage('more sub_test corpora than systems');
    request.systems[k].subTest = await input(test, `sub_test${k + 1}`, inducedFormat);
  }
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
