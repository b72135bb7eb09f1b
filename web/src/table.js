// The results table as data: which columns, which rows in which order, the best value of each
// column, why a value is missing; and what the exports ask of the core (CSV, Markdown, LaTeX)
// or re-shape of the result (JSON). Every number is read from the result JSON; nothing here
// computes a measure.

import {
  FAMILIES,
  FAMILY_SHORT,
  LEVELS,
  MEASURE_BY_ID,
  REICHART_TABLE1,
  SENSE_TASKS,
  COREF_METRICS,
  measureAt,
  measuresAt,
  unit,
} from './measures.js';

export const BASELINE_PREFIX = 'baseline:';
export const isBaseline = (system) => String(system?.name ?? '').startsWith(BASELINE_PREFIX);

/**
 * The columns to show: [{key: 'token.m1', level, measure}].
 * view: {columns: 'main'|'all'|'reichart', families: [...], mappings: [...]}.
 * Outside the Reichart preset, a column shows only when the result holds that id at that level.
 */
export function tableColumns(result, view) {
  const systems = (result?.systems ?? []).filter((s) => !s.error);
  if (view.columns === 'reichart') {
    return REICHART_TABLE1.map(([level, id]) => ({
      key: `${level}.${id}`,
      level,
      measure: MEASURE_BY_ID[id],
    }));
  }
  const present = (level, id) =>
    systems.some((s) => s[level] && typeof s[level] === 'object' && id in s[level]);
  const columns = [];
  for (const level of Object.keys(LEVELS)) {
    for (const measure of measuresAt(level)) {
      if (!view.families.includes(measure.family)) continue;
      if (measure.mapping && !view.mappings.includes(measure.mapping)) continue;
      if (view.columns === 'main' && !measure.main.includes(level)) continue;
      if (!present(level, measure.id)) continue;
      // The main view leaves out what no system has a number for (the warnings say why).
      if (
        view.columns === 'main' &&
        !systems.some((s) => cellValue(s, { level, measure }) !== null)
      )
        continue;
      columns.push({ key: `${level}.${measure.id}`, level, measure });
    }
  }
  return columns;
}

/** The number a system has for a column, or null. */
export function cellValue(system, column) {
  const v = system?.[column.level]?.[column.measure.id];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * A system's 95% bootstrap interval for a column, [lo, hi], or null when the result has none
 * (no resampling asked for, or the measure has no interval for this system).
 */
export function cellInterval(system, column) {
  const ci = system?.ci?.[column.key];
  return Array.isArray(ci) && ci.length === 2 && ci.every((v) => Number.isFinite(v)) ? ci : null;
}

/** Why a system's measure has no interval although it was resampled, or null. */
export function intervalWithheld(system, column) {
  const why = system?.ci_withheld?.[column.key];
  return typeof why === 'string' ? why : null;
}

/**
 * Where a system's value is biased beyond its resamples' spread (SPEC §3.5), the core's note,
 * "biased high by ~0.03; bias-corrected 0.4670: …", split into its mark (the part before the
 * colon, which the cell shows) and the whole; null otherwise. The bias is the result's
 * `ci_bias` (the mean of the resamples minus the value), also null without one.
 */
export function intervalBias(system, column) {
  const bias = system?.ci_bias?.[column.key];
  const note = system?.ci_notes?.[column.key];
  if (typeof note !== 'string' || !/^biased (high|low) by /.test(note)) return null;
  const at = note.indexOf(':');
  return {
    bias: Number.isFinite(bias) ? bias : null,
    mark: at < 0 ? note : note.slice(0, at),
    note,
  };
}

/** "BCa", "percentile", "basic": how the result's intervals were made. */
export function intervalMethod(bootstrap) {
  const names = { bca: 'BCa', percentile: 'percentile', basic: 'basic' };
  return names[bootstrap?.method] ?? 'percentile';
}

/** The column of a section-qualified measure id ('token.m1'), or null for an unknown id. */
export function columnOfKey(key) {
  const [level, id] = String(key).split('.');
  const measure = LEVELS[level] ? measureAt(level, id) : undefined;
  return measure ? { key, level, measure } : null;
}

/**
 * What the intervals rest on, in words for the legend and the exports ('' without them):
 * "the 95% BCa interval over 200 bootstrap resamples of the 2,000 sentences (the type
 * level: of its 9,545 items), seed 1."
 */
export function bootstrapNote(bootstrap) {
  if (!(bootstrap?.resamples > 0)) return '';
  const count = (n) => (Number.isFinite(n) ? n.toLocaleString('en-US') : '');
  const plural = (unit, n) => `${unit}${n === 1 ? '' : 's'}`;
  const level = Number.isFinite(bootstrap.level) ? Math.round(bootstrap.level * 100) : 95;
  let what = `the ${count(bootstrap.units)} ${plural(bootstrap.unit, bootstrap.units)}`;
  if (bootstrap.type_unit && bootstrap.type_unit !== bootstrap.unit && bootstrap.items >= 0)
    what += ` (the type level: of its ${count(bootstrap.items)} ${plural(bootstrap.type_unit, bootstrap.items)})`;
  const seed = bootstrap.seed !== undefined ? `, seed ${bootstrap.seed}` : '';
  return `the ${level}% ${intervalMethod(bootstrap)} interval over ${count(bootstrap.resamples)} bootstrap resamples of ${what}${seed}.`;
}

/**
 * Why a value is missing, as short as the table cell can hold: "n/a (polysemous)", and the
 * full warning for its tooltip. Reads the system's warnings; says "not computed" when the
 * result lacks the measure altogether.
 */
export function missingReason(system, column) {
  const levelObject = system?.[column.level];
  if (!levelObject || !(column.measure.id in levelObject)) {
    return { short: 'n/a', long: 'not in this result' };
  }
  const warnings = system.warnings ?? [];
  const id = column.measure.id;
  const levelWord = { token: 'token', type: 'type', senses: 'sense', tde: 'tde', coref: 'coref' }[column.level];
  const about =
    warnings.find((w) => new RegExp(`\\b${id}\\b`).test(w)) ??
    warnings.find((w) => w.toLowerCase().includes(`${levelWord}-level`) && /n\/a/.test(w)) ??
    warnings.find((w) => w.toLowerCase().includes(levelWord) && /n\/a/.test(w)) ??
    warnings.find((w) => /n\/a/.test(w));
  if (!about) return { short: 'n/a', long: 'not defined for this input' };
  const why = /n\/a\s*\(([^)]+)\)/.exec(about);
  return { short: why ? `n/a (${why[1]})` : 'n/a', long: about };
}

/** For each column with a direction, the best value among the non-baseline systems (2 or more). */
export function bestValues(systems, columns) {
  const best = {};
  const rows = systems.filter((s) => !s.error && !isBaseline(s));
  for (const c of columns) {
    if (c.measure.higherIsBetter === null) continue;
    const values = rows.map((s) => cellValue(s, c)).filter((v) => v !== null);
    if (values.length < 2) continue;
    best[c.key] = c.measure.higherIsBetter ? Math.max(...values) : Math.min(...values);
  }
  return best;
}

/**
 * The rows in display order: systems, then baselines, each group sorted by `sort` ('' keeps
 * the file order, 'name' sorts by name, else a column key) in `dir` ('asc' | 'desc').
 * Systems without a number for the column go last, whatever the direction.
 * Returns [{system, index}] with index into result.systems.
 */
export function sortedRows(systems, sort, dir, columns) {
  const rows = systems.map((system, index) => ({ system, index }));
  const column = columns.find((c) => c.key === sort);
  const sign = dir === 'asc' ? 1 : -1;
  const compare = (a, b) => {
    if (sort === 'name') return sign * a.system.name.localeCompare(b.system.name);
    if (!column) return a.index - b.index;
    const va = cellValue(a.system, column);
    const vb = cellValue(b.system, column);
    if (va === null && vb === null) return a.index - b.index;
    if (va === null) return 1;
    if (vb === null) return -1;
    return sign * (va - vb) || a.index - b.index;
  };
  const own = rows.filter((r) => !isBaseline(r.system)).sort(compare);
  const base = rows.filter((r) => isBaseline(r.system)).sort(compare);
  return [...own, ...base];
}

/** A column's title on screen: "Token M-1", "Sense F-B³ F" (as the core's exports title it). */
export function columnTitle(c, log) {
  const u = unit(c.measure, log);
  const level = { token: 'Token', type: 'Type', senses: 'Sense', tde: 'TDE', coref: 'Coref' }[c.level];
  return `${level} ${c.measure.label}${u ? ` (${u})` : ''}`;
}

/**
 * The groups of consecutive columns of one level, then of one family: [{key, label, title,
 * span, first}]. A sense run's columns group by the shared task whose measures they are
 * (SemEval-2013, SemEval-2010), which is how papers print them, rather than by family.
 */
export function columnGroups(columns, by) {
  const groups = [];
  for (const c of columns) {
    // A coreference run's columns group by metric (MUC, B³, CEAF-e, …), as papers print them.
    const metric = by !== 'level' && c.level === 'coref' ? c.measure.metric : null;
    const task = by !== 'level' && c.level === 'senses' ? c.measure.task : metric;
    const part = by === 'level' ? null : (task ?? c.measure.family);
    const key = part ? `${c.level}.${part}` : c.level;
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.span += 1;
    else {
      let label = LEVELS[c.level];
      let title = label;
      if (metric) {
        label = COREF_METRICS[metric];
        title = `${COREF_METRICS[metric]} (${LEVELS.coref.toLowerCase()})`;
      } else if (task) {
        label = SENSE_TASKS[task];
        title = `The measures of ${SENSE_TASKS[task]}'s word-sense induction task`;
      } else if (part) {
        label = FAMILY_SHORT[part];
        title = FAMILIES[part];
      }
      groups.push({ key, label, title, span: 1, first: c.key });
    }
  }
  return groups;
}

// ---------------------------------------------------------------- exports

/**
 * The exports of the table as shown (columns, rows, order). CSV, Markdown and LaTeX are
 * written by the core, as the command line's --format writes them: the page asks the worker
 * for them (`tableRequest`). JSON is the result re-shaped here to the shown columns.
 */
export const EXPORTS = {
  csv: { label: 'CSV', ext: 'csv', mime: 'text/csv', core: true },
  markdown: { label: 'Markdown', ext: 'md', mime: 'text/markdown', core: true },
  latex: { label: 'LaTeX', ext: 'tex', mime: 'application/x-tex', core: true },
  json: { label: 'JSON', ext: 'json', mime: 'application/json', core: false },
};

/**
 * The worker's table request (wasm/protocol.js) for the shown table: the columns' keys, and
 * the rows that did not fail, in the shown order, as indices into result.systems.
 */
export function tableRequest(format, columns, rows) {
  return {
    format,
    columns: columns.map((c) => c.key),
    rows: rows.filter(({ system }) => !system.error).map(({ index }) => index),
  };
}

/**
 * JSON in the shape of the command line's result (SPEC §4), holding the shown columns and
 * rows only: {schema, version, gold, options, columns, systems: [{name, token: {...},
 * type: {...}, restarts, ci}], bootstrap}; `ci` and `bootstrap` only when the result has
 * intervals.
 */
export function toJSON(result, columns, rows) {
  const systems = rows
    .filter(({ system }) => !system.error)
    .map(({ system }) => {
      const out = { name: system.name };
      for (const c of columns) (out[c.level] ??= {})[c.measure.id] = cellValue(system, c);
      const kept = {};
      for (const c of columns) {
        if (system.restarts?.[c.measure.id]) kept[c.measure.id] = system.restarts[c.measure.id];
      }
      if (Object.keys(kept).length) out.restarts = kept;
      const ci = {};
      for (const c of columns) {
        const interval = cellInterval(system, c);
        if (interval) ci[c.key] = interval;
      }
      if (Object.keys(ci).length) out.ci = ci;
      return out;
    });
  const doc = {
    schema: result.schema ?? 1,
    version: result.version,
    gold: result.gold?.name,
    options: result.options,
    columns: columns.map((c) => c.key),
    systems,
  };
  if (bootstrapNote(result.bootstrap)) doc.bootstrap = result.bootstrap;
  return `${JSON.stringify(doc, null, 2)}\n`;
}
