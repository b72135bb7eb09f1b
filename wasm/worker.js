// The dedicated worker: loads the wasm core once, then answers the page's requests. The
// messages are described, and type-checked, in protocol.js.
import createModule from '#clustereval-wasm';
import wasmUrl from './build/clustereval.wasm?url';
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

const core = createModule({ locateFile: () => wasmUrl }).then(bindCore);

core.then(
  ({ version }) => post({ type: 'ready', data: { version } }),
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
