// The page's handle on the core worker: typed requests (protocol.js), progress routing, real
// cancel.
import CoreWorker from './worker.js?worker&inline';

/** @typedef {import('./protocol.js').CoreErrorData} CoreErrorData */
/** @typedef {import('./protocol.js').Progress} Progress */
/** @typedef {import('./protocol.js').Requests} Requests */
/** @typedef {import('./protocol.js').Responses} Responses */
/** @typedef {import('./protocol.js').RequestMessage} RequestMessage */
/** @typedef {import('./protocol.js').WorkerMessage} WorkerMessage */

/** An error the core reported, as plain fields that crossed the worker boundary. */
export class CoreError extends Error {
  /** @param {CoreErrorData} data */
  constructor({ code, message, file = '', line = 0, column = 0 }) {
    super(message);
    this.name = 'CoreError';
    this.code = code;
    this.file = file;
    this.line = line;
    this.column = column;
  }
}

const abortError = () => {
  const error = new Error('evaluation cancelled');
  error.name = 'AbortError';
  return error;
};

/**
 * @typedef {Object} Pending
 * @property {(value: any) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {(progress: Progress) => void} [onProgress]
 */

/**
 * The client the page holds. The worker starts on first use; cancel() terminates it, rejects
 * what was pending with an AbortError, and the next call starts a fresh worker.
 * @typedef {Object} CoreClient
 * @property {Promise<{version: string, threaded?: boolean}>} ready resolves once the core has loaded
 * @property {(request: Requests['evaluate'], handlers?: {onProgress?: (progress: Progress) => void}) => Promise<Responses['evaluate']>} evaluate
 *   onProgress gets {done, total, phase}: phase 'read' counts bytes, 'bootstrap' the resamples
 *   and the jackknife's replicates done, 'shuffle' approximate randomization's shuffles
 * @property {(input: Requests['preview']) => Promise<Responses['preview']>} preview how the
 *   head of a file reads
 * @property {(request: Requests['table']) => Promise<Responses['table']>} table a table of the
 *   last evaluation, written by the core
 * @property {(request: Requests['items']) => Promise<Responses['items']>} items one system's
 *   per-item rows of the last evaluation, where the result left them out (detail 2)
 * @property {(request: Requests['check']) => Promise<Responses['check']>} check reported
 *   numbers against the last evaluation, compared by the core
 * @property {() => void} cancel
 */

/** @returns {CoreClient} */
export function createCoreClient() {
  /** @type {Worker | null} */
  let worker = null;
  /** @type {Promise<{version: string, threaded?: boolean}>} */
  let ready = Promise.resolve({ version: '', threaded: false });
  let nextId = 1;
  /** @type {Map<number, Pending>} */
  const pending = new Map();

  /** @param {Error} error */
  const rejectAll = (error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  /** @returns {Worker} */
  const start = () => {
    // A classic worker from a blob: URL of code the page holds (vite.config.js): it starts
    // from a server and from disk alike, and fetches nothing.
    const started = new CoreWorker();
    worker = started;
    ready = new Promise((resolve, reject) => {
      started.onmessage = ({ data }) => {
        const message = /** @type {WorkerMessage} */ (data);
        if (message.type === 'ready') return resolve(message.data);
        if (message.type === 'error' && message.id === undefined) {
          // An error of no request: the core did not load.
          const error = new CoreError(message.data);
          reject(error);
          return rejectAll(error);
        }
        const id = /** @type {number} */ (message.id); // every other message answers one
        const call = pending.get(id);
        if (!call) return;
        if (message.type === 'progress') return call.onProgress?.(message.data);
        pending.delete(id);
        if (message.type === 'result') call.resolve(message.data);
        else call.reject(new CoreError(message.data));
      };
      started.onerror = (event) => {
        const error = new CoreError({ code: 'CE_ERR_INTERNAL', message: event.message || 'the core worker failed' });
        reject(error);
        rejectAll(error);
      };
    });
    ready.catch(() => {}); // reported to whoever awaits it; never unhandled
    return started;
  };

  /**
   * @template {keyof Requests} K
   * @param {K} type
   * @param {Requests[K]} data
   * @param {(progress: Progress) => void} [onProgress]
   * @returns {Promise<Responses[K]>}
   */
  const send = (type, data, onProgress) => {
    const target = worker ?? start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress });
      target.postMessage(/** @type {RequestMessage} */ ({ id, type, data }));
    });
  };

  return {
    get ready() {
      if (!worker) start();
      return ready;
    },
    evaluate(request, { onProgress } = {}) {
      return send('evaluate', request, onProgress);
    },
    preview(input) {
      return send('preview', input);
    },
    table(request) {
      return send('table', request);
    },
    items(request) {
      return send('items', request);
    },
    check(request) {
      return send('check', request);
    },
    cancel() {
      if (!worker) return;
      worker.terminate();
      worker = null;
      rejectAll(abortError());
    },
  };
}
