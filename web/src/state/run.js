// The run of the core as a state machine, and what the page says about it. Pure: no DOM, no
// worker; useRun.js drives it.
//
//   idle ─start→ reading ─(every byte read)→ scoring ─(first resample)→ resampling
//        ─(first shuffle)→ shuffling
//   reading | scoring | resampling | shuffling ─→ done | error | cancelled;  any ─start→ reading
//
// Each run has an id; what arrives for another run, or after a cancel, changes nothing.

import { errorText } from '../format.js';

/** The states in which the core is working on a run. */
export const BUSY = ['reading', 'scoring', 'resampling', 'shuffling'];

export const IDLE = Object.freeze({ state: 'idle', id: 0 });

export const isBusy = (run) => BUSY.includes(run.state);

/** Where a run is, from its last progress message: phase 'read' until every byte is in. */
function phaseState(progress) {
  if (progress.phase === 'bootstrap') return 'resampling';
  if (progress.phase === 'shuffle') return 'shuffling';
  return progress.done >= progress.total ? 'scoring' : 'reading';
}

/**
 * The next state. Actions:
 *   {type: 'start', id, fileIds: {gold, systems}, sizes, signature, at} a run begins (id grows)
 *   {type: 'progress', id, progress}   the worker's {done, total, phase}
 *   {type: 'done', id, result, at}     the result; `at` and the start's `at` give the seconds
 *   {type: 'failed', id, error}        the whole request failed
 *   {type: 'cancel'}                   the user stopped it
 *   {type: 'unavailable', error}       the core did not load
 */
export function runReducer(run, action) {
  const mine = isBusy(run) && action.id === run.id;
  switch (action.type) {
    case 'start': {
      if (!(action.id > run.id)) return run;
      const total = action.sizes.reduce((n, s) => n + s, 0);
      const progress = { done: 0, total, phase: 'read' };
      return {
        state: phaseState(progress),
        id: action.id,
        fileIds: action.fileIds,
        sizes: action.sizes,
        signature: action.signature,
        startedAt: action.at,
        progress,
      };
    }
    case 'progress': {
      if (!mine) return run;
      // Phases only go forward: a late 'read' message does not undo 'resampling'.
      const state = phaseState(action.progress);
      if (BUSY.indexOf(state) < BUSY.indexOf(run.state))
        return { ...run, progress: action.progress };
      return { ...run, state, progress: action.progress };
    }
    case 'done':
      if (!mine) return run;
      return {
        state: 'done',
        id: run.id,
        result: action.result,
        fileIds: run.fileIds,
        signature: run.signature,
        seconds: (action.at - run.startedAt) / 1000,
      };
    case 'failed':
      return mine ? { state: 'error', id: run.id, error: action.error } : run;
    case 'cancel':
      return isBusy(run) ? { state: 'cancelled', id: run.id } : run;
    case 'unavailable':
      return { state: 'error', id: run.id, error: action.error, unavailable: true };
    default:
      return run;
  }
}

/**
 * What the results section's data-state says: 'running' while the core works, else the
 * state itself ('idle', 'done', 'error', 'cancelled').
 */
export const shownState = (run) => (isBusy(run) ? 'running' : run.state);

/**
 * How far each file of a busy run has been read, {fileId: 0…1}, or null when idle. The core
 * is fed a chunk of each open file in turn, so after `done` bytes every file has been read
 * up to the same level x (or to its end), with Σ min(size, x) = done.
 */
export function fileShares(run) {
  if (!isBusy(run)) return null;
  const { sizes, progress } = run;
  let shares;
  if (run.state !== 'reading') {
    shares = sizes.map(() => 1);
  } else {
    const order = sizes.map((s, i) => [s, i]).sort((a, b) => a[0] - b[0]);
    let left = progress.done;
    let open = sizes.length;
    let level = 0;
    for (const [s] of order) {
      if ((s - level) * open <= left) {
        left -= (s - level) * open;
        level = s;
        open -= 1;
      } else {
        level += left / open;
        break;
      }
    }
    shares = sizes.map((s) => (s ? Math.min(1, level / s) : 1));
  }
  const ids = [run.fileIds.gold, ...run.fileIds.systems];
  if (run.fileIds.phones !== undefined) ids.push(run.fileIds.phones);
  return Object.fromEntries(ids.map((id, i) => [id, shares[i]]));
}

/** The errors for the panel above the results: the request's, then each failed system's. */
export function runErrors(run) {
  const errors = [];
  if (run.state === 'error') {
    errors.push({ key: 'request', text: errorText(run.error) || 'The evaluation failed.' });
  }
  if (run.state === 'done') {
    run.result.systems.forEach((s, i) => {
      if (s.error) errors.push({ key: `s${i}`, text: errorText(s.error) });
    });
  }
  return errors;
}

/** What the results section says while it has no numbers; `held`: a link's costly options
 * wait for the reader's answer (state/link.js). */
export function placeholderText(run, { held = false } = {}) {
  if (isBusy(run)) return 'Evaluating…';
  if (run.state === 'error') return 'No numbers: the evaluation stopped at the error above.';
  if (run.state === 'cancelled') return 'No numbers: the evaluation was cancelled.';
  if (held) return 'No numbers yet: the link asks for costly options; answer above to evaluate.';
  return 'Choose a gold file and one or more system files, then Evaluate.';
}

/**
 * The status line beside Evaluate when no run is going on. `core` is 'loading', 'true' or
 * 'error'; `gold`, `systems` the files loaded.
 */
export function statusText(run, { core, gold, systems, bothSides = false, optionsValid }) {
  if (core === 'loading') return 'Loading the core…';
  if (run.state === 'cancelled') return 'Cancelled. The files are still loaded.';
  if (run.state === 'done') {
    const n = run.result.systems.length;
    const failed = run.result.systems.filter((s) => s.error).length;
    const took = `Evaluated ${n} ${n === 1 ? 'system' : 'systems'} in ${run.seconds.toFixed(2)} s`;
    return failed ? `${took}; ${failed} stopped at an error.` : `${took}.`;
  }
  if (run.state === 'error') return 'The evaluation stopped at an error.';
  if (!gold) return 'Add a gold file.';
  if (!systems.length && !bothSides) return 'Add at least one system file.';
  if (!optionsValid) return 'Some options cannot be used: see the fields marked.';
  return 'Ready.';
}
