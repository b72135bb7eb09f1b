// What the page derives from its state (the run, the files, the options and the maps), and
// the plan of a run for useRun's evaluate(). Pure: no DOM, no worker; App composes it.

import { computeSignature, readMaps, requestOptions, toHash, validate } from '../options.js';
import { evaluateRequest, fileSignature } from './files.js';
import { isBusy } from './run.js';

/** A string that changes exactly when the numbers of a run of these files would (the phone
 * alignment of a tde run among them). */
export const runSignature = (gold, systems, options, maps, phones = null) => {
  const files = [...(gold ? [gold] : []), ...systems, ...(phones ? [phones] : [])];
  return `${fileSignature(files)}|${computeSignature(options, maps)}`;
};

/**
 * The plan of a run for useRun's evaluate(): {phones, signature, request, report}. `phones`:
 * the phone alignment of a tde run, or null; `request()` reads the uploaded maps, then makes
 * the worker's request; `report` hears the run's events (useFiles's `report`).
 */
export const runPlan = (gold, systems, options, maps, report, phones = null) => ({
  phones,
  signature: runSignature(gold, systems, options, maps, phones),
  request: async () =>
    evaluateRequest(gold, systems, requestOptions(options, await readMaps(maps)), phones),
  report,
});

/** The gold file's format: the one chosen, else the one the core detected (or undefined). */
export const goldFormat = ({ gold, detected }) =>
  gold?.format === 'auto' ? detected[gold.id] : gold?.format;

/**
 * The run as the page shows it: the run itself while the files could be evaluated, else idle
 * (no gold file, or no system file when the gold does not hold both sides). The numbers, the
 * errors and "Evaluated 2 systems" of a run whose gold or every system has been removed would
 * speak of files no longer on the page. A busy run, and the core's failure to load, show as
 * they are.
 */
export function shownRun(run, { gold, systems }, bothSides) {
  if (isBusy(run) || run.unavailable || run.state === 'idle') return run;
  const evaluable = Boolean(gold) && (systems.length > 0 || bothSides);
  return evaluable ? run : { state: 'idle', id: run.id };
}

/**
 * What the page shows of its state: {invalid, optionsValid, running, bothSides, canEvaluate,
 * shown, result, stale}. `invalid` is the options' fields that cannot be sent ({key:
 * message}); `bothSides` whether the gold file holds both sides (a counts table or joint
 * counts, which may come alone, SPEC §2); `shown` the run as the page shows it (shownRun);
 * `result` its numbers, or null; `stale` whether the files or the options changed since it.
 */
export function pageState({ run, files, options, maps }) {
  const { gold, systems, phones = null } = files;
  const invalid = validate(options);
  const optionsValid = Object.keys(invalid).length === 0;
  const running = isBusy(run);
  const format = goldFormat(files);
  const bothSides = format === 'counts' || format === 'joint';
  const shown = shownRun(run, files, bothSides);
  const result = shown.state === 'done' ? shown.result : null;
  return {
    invalid,
    optionsValid,
    running,
    bothSides,
    canEvaluate: Boolean(gold) && (systems.length > 0 || bothSides) && optionsValid && !running,
    shown,
    result,
    stale:
      Boolean(result) && run.signature !== runSignature(gold, systems, options, maps, phones),
  };
}

/** The options that say how the results are shown (ResultsTable's `view`). */
export const VIEW_KEYS = Object.freeze(['columns', 'families', 'mappings', 'sort', 'sortDir']);

/** The results' view from the options: {columns, families, mappings, sort, sortDir}. */
export const viewOf = (options) => Object.fromEntries(VIEW_KEYS.map((k) => [k, options[k]]));

/** The options as a saved page carries them: the link's fragment without its '#'. */
export const savedOptions = (options) => toHash(options).replace(/^#/, '');
