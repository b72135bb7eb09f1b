import { useEffect, useRef, useState } from 'preact/hooks';
import { IDLE, isBusy, runReducer } from './run.js';
import { useStore } from './store.js';

/**
 * The page's runs of the core (run.js) and the core's loading. Returns {run, core, evaluate,
 * cancel}; `core` is {ready: 'loading'|'true'|'error', version, threaded}.
 */
export function useRun(client) {
  const [run, act, latest] = useStore(runReducer, IDLE);
  const [core, setCore] = useState({ ready: 'loading', version: '', threaded: false });
  const lastId = useRef(0);

  // The core loads in its worker; tests and the footer wait for it.
  useEffect(() => {
    const root = document.documentElement;
    client.ready.then(
      (info) => {
        setCore({ ready: 'true', version: info?.version ?? '', threaded: info?.threaded === true });
        root.dataset.ready = 'true';
      },
      (error) => {
        setCore({ ready: 'error', version: '', threaded: false });
        root.dataset.ready = 'error';
        act({ type: 'unavailable', error });
      },
    );
  }, [client]);

  /**
   * Scores `systems` against `gold` (file entries). `request()` makes the worker's request (it
   * may read map files first); `signature` says what the numbers depend on. `report` hears
   * what the files need to know, in the same moment as the run changes: {type: 'started'},
   * {type: 'finished', result, fileIds} and {type: 'failed', error, files}. A run that another
   * run or a cancel has replaced reports nothing more.
   */
  const evaluate = async (gold, systems, { phones = null, signature, request, report }) => {
    const id = ++lastId.current;
    // The phone alignment of a tde run is read last, after the systems (SPEC §3.8).
    const files = phones ? [gold, ...systems, phones] : [gold, ...systems];
    const fileIds = { gold: gold.id, systems: systems.map((f) => f.id), phones: phones?.id };
    const sizes = files.map((f) => f.size);
    act({ type: 'start', id, fileIds, sizes, signature, at: performance.now() });
    report({ type: 'started' });
    const current = () => latest.current.id === id && isBusy(latest.current);
    try {
      const req = await request();
      if (!current()) return;
      const result = await client.evaluate(req, {
        onProgress: (progress) => act({ type: 'progress', id, progress }),
      });
      if (!current()) return;
      report({ type: 'finished', result, fileIds });
      act({ type: 'done', id, result, at: performance.now() });
    } catch (error) {
      if (!current()) return;
      if (error?.name === 'AbortError') {
        act({ type: 'cancel' });
        return;
      }
      report({ type: 'failed', error, files });
      act({ type: 'failed', id, error });
    }
  };

  /** Stops the run: the worker is terminated, and the next request starts another. */
  const cancel = () => {
    client.cancel();
    act({ type: 'cancel' });
  };

  return { run, core, evaluate, cancel };
}
