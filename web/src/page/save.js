// The page's handle on the save worker (save-worker.js): one worker a save, ended when the
// page is written or the save is cancelled. A classic worker from a blob: URL of code inside
// the app, as the core's (vite.config.js): it starts from a server and from disk alike, and
// needs no network.
import SaveWorker from './save-worker.js?worker&inline';

const abortError = () => {
  const error = new Error('saving cancelled');
  error.name = 'AbortError';
  return error;
};

/**
 * Writes a page, `before` + the payload's JSON + `after` (template.js pageParts, payload.js),
 * in a worker. `onProgress({done, total})` hears the input bytes read. Returns {saved,
 * cancel}: `saved` resolves {blob, stored} (the page, the inputs' compressed size) or rejects
 * (an AbortError after cancel()); cancel() terminates the worker, so the work stops with it.
 */
export function savePageInWorker({ before, after, payload }, onProgress = () => {}) {
  const worker = new SaveWorker({ name: 'clustereval-save' });
  let fail = () => {};
  const saved = new Promise((resolve, reject) => {
    fail = reject;
    worker.onmessage = ({ data: { type, data } }) => {
      if (type === 'progress') return onProgress(data);
      worker.terminate();
      if (type === 'done') resolve(data);
      else reject(new Error(data?.message ?? 'the save worker failed'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'the save worker could not start'));
    };
  });
  worker.postMessage({ type: 'save', data: { before, after, payload } });
  return {
    saved,
    cancel() {
      worker.terminate();
      fail(abortError());
    },
  };
}
