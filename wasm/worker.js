// The dedicated worker: loads the wasm core once, then answers `evaluate` requests.
// Protocol (every message {id, type, data}):
//   page → worker  {id, type: 'evaluate', data: {gold, systems, options}}; each input has
//                  {name, format?} and `blob` (a File: read here in chunks through its stream,
//                  never whole) or `bytes`
//                  {id, type: 'preview', data: {name, bytes, format?, column?, depth?}}
//   worker → page  {type: 'ready', data: {version}} once the core has loaded
//                  {id, type: 'progress', data: {done, total, phase}} at most ~20 a second;
//                  phase 'read' counts bytes, 'bootstrap' resamples (and the jackknife's
//                  replicates) done, 'shuffle' approximate randomization's shuffles
//                  {id, type: 'result', data: <SPEC §4 JSON, or the preview>}
//                  {id, type: 'error', data: {code, message, file, line, column}}
// Cancelling is the page's job: it terminates this worker and starts another.
import createModule from './build/clustereval.mjs';
import wasmUrl from './build/clustereval.wasm?url';
import { bindCore } from './binding.js';

const PROGRESS_INTERVAL_MS = 50;

const plainError = (error) =>
  error && error.name === 'CeError'
    ? error.toJSON()
    : { code: 'CE_ERR_INTERNAL', message: String(error?.message ?? error), file: '', line: 0, column: 0 };

const core = createModule({ locateFile: () => wasmUrl }).then(bindCore);

core.then(
  ({ version }) => self.postMessage({ type: 'ready', data: { version } }),
  (error) => self.postMessage({ type: 'error', data: plainError(error) }),
);

self.onmessage = async ({ data: message }) => {
  const { id, type, data } = message;
  if (type === 'preview') {
    try {
      const { preview } = await core;
      self.postMessage({ id, type: 'result', data: preview(data) });
    } catch (error) {
      self.postMessage({ id, type: 'error', data: plainError(error) });
    }
    return;
  }
  if (type !== 'evaluate') {
    self.postMessage({ id, type: 'error', data: { code: 'CE_ERR_USAGE', message: `unknown request '${type}'` } });
    return;
  }
  try {
    const { evaluateStream } = await core;
    let last = 0;
    let lastPhase = '';
    const result = await evaluateStream(data, (done, total, phase = 'read') => {
      const now = performance.now();
      // A new phase always gets through: the page changes its wording at once.
      if (now - last < PROGRESS_INTERVAL_MS && done < total && phase === lastPhase) return;
      last = now;
      lastPhase = phase;
      self.postMessage({ id, type: 'progress', data: { done, total, phase } });
    });
    self.postMessage({ id, type: 'result', data: result });
  } catch (error) {
    self.postMessage({ id, type: 'error', data: plainError(error) });
  }
};
