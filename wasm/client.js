// The page's handle on the core worker: typed requests, progress routing, real cancel.

/** An error the core reported, as plain fields that crossed the worker boundary. */
export class CoreError extends Error {
  constructor({ code, message, file = '', line = 0, column = 0 }) {
    super(message);
    this.name = 'CoreError';
    Object.assign(this, { code, file, line, column });
  }
}

const abortError = () => {
  const error = new Error('evaluation cancelled');
  error.name = 'AbortError';
  return error;
};

/**
 * Returns {ready, evaluate(request, {onProgress}), preview(input), cancel()}. onProgress gets
 * {done, total, phase}: phase 'read' counts bytes, 'bootstrap' the resamples (and the
 * jackknife's replicates) done, 'shuffle' approximate randomization's shuffles. The
 * worker starts on first use; cancel() terminates it, rejects what was pending with an AbortError, and the
 * next call starts a fresh worker.
 */
export function createCoreClient() {
  let worker = null;
  let ready = null;
  let nextId = 1;
  const pending = new Map();

  const rejectAll = (error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const start = () => {
    worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    ready = new Promise((resolve, reject) => {
      worker.onmessage = ({ data: message }) => {
        const { id, type, data } = message;
        if (type === 'ready') return resolve(data);
        if (id === undefined && type === 'error') {
          const error = new CoreError(data);
          reject(error);
          return rejectAll(error);
        }
        const call = pending.get(id);
        if (!call) return;
        if (type === 'progress') return call.onProgress?.(data);
        pending.delete(id);
        if (type === 'result') call.resolve(data);
        else call.reject(new CoreError(data));
      };
      worker.onerror = (event) => {
        const error = new CoreError({ code: 'CE_ERR_INTERNAL', message: event.message || 'the core worker failed' });
        reject(error);
        rejectAll(error);
      };
    });
    ready.catch(() => {}); // reported to whoever awaits it; never unhandled
  };

  const send = (type, data, onProgress) => {
    if (!worker) start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress });
      worker.postMessage({ id, type, data });
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
    /** How the head of a file reads: {format, detected, records, error?}. */
    preview(input) {
      return send('preview', input);
    },
    cancel() {
      if (!worker) return;
      worker.terminate();
      worker = null;
      rejectAll(abortError());
    },
  };
}
