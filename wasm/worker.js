// The dedicated worker: loads the wasm core once, then answers the page's requests. The
// messages are described, and type-checked, in protocol.js. The build makes it a classic
// worker whose code sits inside the page's script, the wasm core inside it as a data: URL:
// the page then needs no request to start it, from a server or from disk, and its
// Content-Security-Policy can forbid every connection.
//
// Where the page is cross-origin isolated (served with COOP and COEP headers, as `make
// demo` serves it), shared memory is allowed and the core's threaded build runs instead:
// the type level's searches side by side on the processor's cores, with the same numbers.
// Its module and its pthread workers' script go in as text, run from blob: URLs.
import createModule from '#clustereval-wasm';
import wasmDataUrl from './build/clustereval.wasm?url&inline';
import threadsScript from './build/clustereval-threads.mjs?raw';
import threadsWorkerScript from './build/clustereval-threads.worker.js?raw';
import threadsWasmDataUrl from './build/clustereval-threads.wasm?url&inline';
import { CeError, bindCore } from './binding.js';

/** @typedef {import('./protocol.js').CoreErrorData} CoreErrorData */
/** @typedef {import('./protocol.js').RequestMessage} RequestMessage */
/** @typedef {import('./protocol.js').WorkerMessage} WorkerMessage */

const PROGRESS_INTERVAL_MS = 50;

/** @param {WorkerMessage} message */
const post = (message) => self.postMessage(message);

/**
 * @param {unknown} error
 * @returns {CoreErrorData}
 */
const plainError = (error) =>
  error instanceof CeError
    ? error.toJSON()
    : { code: 'CE_ERR_INTERNAL', message: String(error instanceof Error ? error.message : error), file: '', line: 0, column: 0 };

/** The bytes of a base64 data: URL, decoded here rather than fetched (connect-src 'none'). */
function dataUrlBytes(/** @type {string} */ url) {
  const binary = atob(url.slice(url.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const scriptUrl = (/** @type {string} */ text) => URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));

/**
 * The core on threads: the module from a blob: URL, which its pthread workers import too
 * (mainScriptUrlOrBlob), and their script from another.
 * @returns {Promise<import('#clustereval-wasm').CoreModule>}
 */
async function threadedModule() {
  const mainScript = scriptUrl(threadsScript);
  const workerScript = scriptUrl(threadsWorkerScript);
  /** @type {{default: typeof createModule}} */
  const { default: create } = await import(/* @vite-ignore */ mainScript);
  return create({
    wasmBinary: dataUrlBytes(threadsWasmDataUrl),
    mainScriptUrlOrBlob: mainScript,
    locateFile: (path) => (path.endsWith('.worker.js') ? workerScript : path),
  });
}

/**
 * The core, on threads where the page is isolated; on one thread otherwise, and where the
 * browser isolates the page but cannot import a module into a classic worker. Given its
 * bytes, Emscripten's loader compiles them and fetches nothing.
 */
async function loadCore() {
  if (self.crossOriginIsolated) {
    const module = await threadedModule().catch(() => null);
    if (module) return { core: bindCore(module), threaded: true };
  }
  return { core: bindCore(await createModule({ wasmBinary: dataUrlBytes(wasmDataUrl) })), threaded: false };
}

const loaded = loadCore();
const core = loaded.then(({ core }) => core);

loaded.then(
  ({ core: { version }, threaded }) => post({ type: 'ready', data: { version, threaded } }),
  (error) => post({ type: 'error', data: plainError(error) }),
);

/** @param {RequestMessage} message */
async function answer(message) {
  const { id } = message;
  const bound = await core;
  switch (message.type) {
    case 'preview':
      return bound.preview(message.data);
    case 'table':
      return bound.table(message.data);
    case 'items':
      return bound.items(message.data);
    case 'check':
      return bound.check(message.data);
    case 'evaluate': {
      let last = 0;
      let lastPhase = '';
      return bound.evaluateStream(message.data, (done, total, phase = 'read') => {
        const now = performance.now();
        // A new phase always gets through: the page changes its wording at once.
        if (now - last < PROGRESS_INTERVAL_MS && done < total && phase === lastPhase) return;
        last = now;
        lastPhase = phase;
        post({ id, type: 'progress', data: { done, total, phase } });
      });
    }
    default: {
      /** @type {{type: unknown}} */
      const unknown = message;
      throw new CeError({ code: 'CE_ERR_USAGE', message: `unknown request '${unknown.type}'` });
    }
  }
}

self.onmessage = async ({ data }) => {
  const message = /** @type {RequestMessage} */ (data);
  try {
    post({ id: message.id, type: 'result', data: await answer(message) });
  } catch (error) {
    post({ id: message.id, type: 'error', data: plainError(error) });
  }
};
