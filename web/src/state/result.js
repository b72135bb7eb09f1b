// What the results section derives from a run's result (the core's JSON) beyond the table
// (table.js). Pure.

/** The systems' warnings, each text once with the systems that gave it: [[text, [name]]]. */
export function warningsByText(systems) {
  const byText = new Map();
  for (const s of systems ?? []) {
    for (const w of s.warnings ?? []) byText.set(w, [...(byText.get(w) ?? []), s.name]);
  }
  return [...byText];
}

/**
 * Why the core could not resample, from the bootstrap's warning: the core's warning reads
 * "bootstrap: n/a (why)", and the reason is what is new beside the table. The whole warning
 * when it has no parenthesis; undefined without a warning.
 */
export const bootstrapWhy = (bootstrap) =>
  /\(([^)]+)\)/.exec(bootstrap.warning ?? '')?.[1] ?? bootstrap.warning;
