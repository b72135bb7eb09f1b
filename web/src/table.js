// The results table as data: which columns, which rows in which order, the best value of each
// column, why a value is missing; and the same table as CSV, Markdown, LaTeX and JSON.
// Every number is read from the result JSON; nothing here computes a measure.

import {
  FAMILY_SHORT,
  LEVELS,
  MEASURES,
  MEASURE_BY_ID,
  REICHART_TABLE1,
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
    for (const measure of MEASURES) {
      if (!measure.levels.includes(level)) continue;
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

/** "BCa", "percentile", "basic": how the result's intervals were made. */
export function intervalMethod(bootstrap) {
  const names = { bca: 'BCa', percentile: 'percentile', basic: 'basic' };
  return names[bootstrap?.method] ?? 'percentile';
}

/** The column of a section-qualified measure id ('token.m1'), or null for an unknown id. */
export function columnOfKey(key) {
  const [level, id] = String(key).split('.');
  const measure = MEASURE_BY_ID[id];
  return measure && LEVELS[level] ? { key, level, measure } : null;
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
  const levelWord = column.level === 'token' ? 'token' : 'type';
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

/** A column's header text for exports: "Token M-1". */
export function columnTitle(c, log) {
  const u = unit(c.measure, log);
  return `${c.level === 'token' ? 'Token' : 'Type'} ${c.measure.label}${u ? ` (${u})` : ''}`;
}

/** The groups of consecutive columns of one level, then of one family: [{key, label, span}]. */
export function columnGroups(columns, by) {
  const groups = [];
  for (const c of columns) {
    const key = by === 'level' ? c.level : `${c.level}.${c.measure.family}`;
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.span += 1;
    else {
      const label = by === 'level' ? LEVELS[c.level] : FAMILY_SHORT[c.measure.family];
      groups.push({ key, label, span: 1, first: c.key });
    }
  }
  return groups;
}

// ---------------------------------------------------------------- exports

const DECIMALS = 4;

/**
 * The table model every export reads: {columns, rows: [{name, baseline, values: [v|null],
 * intervals: [[lo, hi]|null]}], note}; `note` says what the intervals rest on ('' without).
 */
export function exportModel(result, columns, rows) {
  const kept = rows.filter(({ system }) => !system.error);
  const model = {
    gold: result.gold?.name ?? '',
    log: result.options?.log ?? 'e',
    columns,
    rows: kept.map(({ system }) => ({
      name: system.name,
      baseline: isBaseline(system),
      values: columns.map((c) => cellValue(system, c)),
      intervals: columns.map((c) => cellInterval(system, c)),
      restarts: system.restarts,
    })),
  };
  // As in the command line's CSV: once there are resamples, every column has its bounds.
  model.note = bootstrapNote(result.bootstrap);
  model.withInterval = columns.map(() => model.note !== '');
  model.bootstrap = model.note ? result.bootstrap : null;
  return model;
}

/** "0.6467 [0.6415, 0.6508]": the value and its interval at the same decimals. */
const withInterval = (text, interval) =>
  interval ? `${text} [${interval[0].toFixed(DECIMALS)}, ${interval[1].toFixed(DECIMALS)}]` : text;

const csvField = (text) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * CSV as the command line writes it (`--format csv`): a header of `system` and level.id keys,
 * full precision (the shortest decimal that reads back as the same double), `n/a` for a value
 * that is not defined, LF line ends. After bootstrap resamples each column is followed by its
 * interval's bounds, `token.m1.lo` and `token.m1.hi` (`n/a` where there is none), numbers of
 * their own for a spreadsheet or a plot.
 */
export function toCSV(model) {
  const number = (v) => (v === null ? 'n/a' : String(v));
  const head = ['system'];
  model.columns.forEach((c, i) => {
    head.push(c.key);
    if (model.withInterval?.[i]) head.push(`${c.key}.lo`, `${c.key}.hi`);
  });
  const lines = [head.map(csvField).join(',')];
  for (const r of model.rows) {
    const cells = [r.name];
    r.values.forEach((v, i) => {
      cells.push(number(v));
      if (model.withInterval?.[i]) {
        const ci = r.intervals[i];
        cells.push(number(ci ? ci[0] : null), number(ci ? ci[1] : null));
      }
    });
    lines.push(cells.map(csvField).join(','));
  }
  return `${lines.join('\n')}\n`;
}

const mdCell = (text) => text.replace(/\|/g, '\\|');

/**
 * A Markdown table: four decimals, the best of each column in bold, a bootstrap interval in
 * brackets after its value and, below the table, what the intervals rest on.
 */
export function toMarkdown(model) {
  const best = bestOf(model);
  const head = ['System', ...model.columns.map((c) => columnTitle(c, model.log))];
  const align = ['---', ...model.columns.map(() => '---:')];
  const lines = [`| ${head.map(mdCell).join(' | ')} |`, `| ${align.join(' | ')} |`];
  for (const r of model.rows) {
    const cells = r.values.map((v, i) => {
      if (v === null) return 'n/a';
      const text = v.toFixed(DECIMALS);
      return withInterval(best[i] === v && !r.baseline ? `**${text}**` : text, r.intervals?.[i]);
    });
    const name = r.baseline ? `*${r.name}*` : `\`${r.name}\``;
    lines.push(`| ${[name, ...cells].map(mdCell).join(' | ')} |`);
  }
  if (model.note) lines.push('', `In brackets: ${model.note}`);
  return `${lines.join('\n')}\n`;
}

const TEX_SPECIAL = /[\\{}$&#^_%~]/g;
const texEscape = (text) =>
  text.replace(TEX_SPECIAL, (ch) =>
    ch === '\\'
      ? '\\textbackslash{}'
      : ch === '~'
        ? '\\textasciitilde{}'
        : ch === '^'
          ? '\\textasciicircum{}'
          : `\\${ch}`,
  );

const TEX_LABEL = {
  h_c_given_k: '$H(C|K)$',
  h_k_given_c: '$H(K|C)$',
  h_c: '$H(C)$',
  h_k: '$H(K)$',
  mi: '$I(C;K)$',
  bcubed_p: 'B$^3$ P',
  bcubed_r: 'B$^3$ R',
  bcubed_f: 'B$^3$ F',
  ebcubed_p: 'EB$^3$ P',
  ebcubed_r: 'EB$^3$ R',
  ebcubed_f: 'EB$^3$ F',
};

/**
 * A LaTeX tabular (booktabs): a first header row with Token / Type spans, a second with the
 * measures, four decimals, the best of each column in bold, baselines in italics after a rule.
 * A bootstrap interval follows its value in small type; a comment above the table says what
 * the intervals rest on, for the caption.
 */
export function toLatex(model) {
  const best = bestOf(model);
  const n = model.columns.length;
  const lines = [];
  if (model.note) lines.push(`% In brackets: ${model.note}`);
  lines.push(`\\begin{tabular}{l${'r'.repeat(n)}}`, '\\toprule');
  const groups = columnGroups(model.columns, 'level');
  let at = 2;
  const spans = [];
  const rules = [];
  for (const g of groups) {
    spans.push(`\\multicolumn{${g.span}}{c}{${g.label}}`);
    rules.push(`\\cmidrule(lr){${at}-${at + g.span - 1}}`);
    at += g.span;
  }
  lines.push(` & ${spans.join(' & ')} \\\\`);
  lines.push(rules.join(' '));
  const label = (c) => TEX_LABEL[c.measure.id] ?? texEscape(c.measure.label);
  lines.push(`System & ${model.columns.map(label).join(' & ')} \\\\`);
  lines.push('\\midrule');
  let ruled = false;
  for (const r of model.rows) {
    if (r.baseline && !ruled) {
      lines.push('\\midrule');
      ruled = true;
    }
    const cells = r.values.map((v, i) => {
      if (v === null) return 'n/a';
      const text = v.toFixed(DECIMALS);
      const shown = best[i] === v && !r.baseline ? `\\textbf{${text}}` : text;
      const ci = r.intervals?.[i];
      if (!ci) return shown;
      return `${shown} {\\scriptsize[${ci[0].toFixed(DECIMALS)}, ${ci[1].toFixed(DECIMALS)}]}`;
    });
    const name = r.baseline ? `\\textit{${texEscape(r.name)}}` : texEscape(r.name);
    lines.push(`${[name, ...cells].join(' & ')} \\\\`);
  }
  lines.push('\\bottomrule', '\\end{tabular}');
  return `${lines.join('\n')}\n`;
}

/**
 * JSON in the shape of the command line's result (SPEC §4), holding the shown columns only:
 * {schema, gold, options, systems: [{name, token: {...}, type: {...}, restarts, ci}],
 * bootstrap}; `ci` and `bootstrap` only when the result has intervals.
 */
export function toJSON(model, result) {
  const systems = model.rows.map((r) => {
    const out = { name: r.name };
    model.columns.forEach((c, i) => {
      (out[c.level] ??= {})[c.measure.id] = r.values[i];
    });
    const kept = {};
    for (const c of model.columns) {
      if (r.restarts?.[c.measure.id]) kept[c.measure.id] = r.restarts[c.measure.id];
    }
    if (Object.keys(kept).length) out.restarts = kept;
    const ci = {};
    model.columns.forEach((c, i) => {
      if (r.intervals?.[i]) ci[c.key] = r.intervals[i];
    });
    if (Object.keys(ci).length) out.ci = ci;
    return out;
  });
  const doc = {
    schema: result.schema ?? 1,
    version: result.version,
    gold: result.gold?.name,
    options: result.options,
    columns: model.columns.map((c) => c.key),
    systems,
  };
  if (model.bootstrap) doc.bootstrap = model.bootstrap;
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function bestOf(model) {
  return model.columns.map((c, i) => {
    if (c.measure.higherIsBetter === null) return undefined;
    const values = model.rows
      .filter((r) => !r.baseline)
      .map((r) => r.values[i])
      .filter((v) => v !== null);
    if (values.length < 2) return undefined;
    return c.measure.higherIsBetter ? Math.max(...values) : Math.min(...values);
  });
}

export const EXPORTS = {
  csv: { label: 'CSV', ext: 'csv', mime: 'text/csv', make: (model) => toCSV(model) },
  markdown: {
    label: 'Markdown',
    ext: 'md',
    mime: 'text/markdown',
    make: (model) => toMarkdown(model),
  },
  latex: { label: 'LaTeX', ext: 'tex', mime: 'application/x-tex', make: (model) => toLatex(model) },
  json: {
    label: 'JSON',
    ext: 'json',
    mime: 'application/json',
    make: (model, result) => toJSON(model, result),
  },
};
