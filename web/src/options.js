// The options of a run, as the page holds them, as the link holds them and as the core takes
// them. The core's options come from its option table (option-table.js, made from
// CE_OPTION_MAP): their keys, defaults, bounds and choices are the core's, spelled by their
// ids everywhere. Form fields keep text (so that a half-typed number stays as typed);
// `requestOptions` turns them into the worker's request. Nothing here computes a measure.

import { formatCount } from './format.js';
import { FAMILIES } from './measures.js';
import { OPTION_TABLE } from './option-table.js';

export const FORMATS = [
  ['auto', 'auto-detect'],
  ['tagged', 'tagged (token TAB label)'],
  ['conllu', 'CoNLL-U'],
  ['inline', 'inline (word/TAG)'],
  ['lexicon', 'lexicon (item TAB labels)'],
  ['clusters', 'clusters (one a line)'],
  ['paths', 'paths (Brown clusters)'],
  ['counts', 'counts (class TAB cluster TAB n)'],
  ['joint', 'joint counts (item TAB class TAB cluster TAB n)'],
  ['csv', 'CSV with a header'],
  ['senses', 'senses (SemEval key: lemma instance sense/weight …)'],
  ['conll', 'conll (CoNLL-2012 coreference: #begin document, marks (1 … 1) last)'],
];

/** The groups of the core's options the page shows, in its order; a file's own column and
 * depth are set on its card, and the run's threads and details are the page's own. */
export const PAGE_GROUPS = ['measures', 'search', 'tokens', 'unclustered', 'maps', 'statistics'];

/** The rows of the core's option table the page holds, as {id: row}. */
export const CORE_OPTIONS = Object.freeze(
  Object.fromEntries(OPTION_TABLE.filter((r) => PAGE_GROUPS.includes(r.group)).map((r) => [r.id, r])),
);

/** The page's value of an option: a flag true or false, a choice its name, a number as text. */
const formValue = (row) => (row.kind === 'flag' || row.kind === 'choice' ? row.default : String(row.default));

export const BASELINES = ['random', 'one', 'singletons', 'majority'];
export const MAP_PRESETS = {
  'brown-universal': 'Brown → Universal (Petrov et al. 2012)',
  'ptb-universal': 'PTB → Universal (Petrov et al. 2012)',
};

/** Labels that name punctuation in the two common tag sets. */
export const PUNCT_PRESETS = {
  ptb: {
    name: 'PTB punctuation',
    labels: [',', '.', ':', '``', "''", '-LRB-', '-RRB-', '#', '$'],
  },
  brown: {
    name: 'Brown punctuation',
    // The Brown corpus' punctuation tags, with their headline (-hl) variants.
    labels: [
      ',',
      '.',
      ':',
      '(',
      ')',
      "''",
      '``',
      '--',
      "'",
      ',-hl',
      '.-hl',
      ':-hl',
      '(-hl',
      ')-hl',
      '---hl',
    ],
  },
};

export const DEFAULTS = Object.freeze({
  // what the table shows (no new run needed)
  families: Object.keys(FAMILIES),
  mappings: ['m1', 'o1'],
  columns: 'main', // 'main' | 'all' | 'reichart'
  sort: '', // '' (file order) or 'name', 'token.m1', … with a direction
  sortDir: 'desc',
  // what the core computes: its options, then the run's own
  ...Object.fromEntries(Object.values(CORE_OPTIONS).map((row) => [row.id, formValue(row)])),
  unclustered_label: '',
  exclude_labels: '',
  gold_map: '', // '' | a preset id | 'file'
  induced_map: '',
  baselines: [],
});

/** Quick choices for the number of bootstrap resamples. */
export const BOOTSTRAP_PRESETS = ['0', '200', '1000'];

/** The option keys that change the numbers (a change makes the shown result stale). */
export const COMPUTE_KEYS = [
  ...Object.keys(CORE_OPTIONS),
  'unclustered_label',
  'exclude_labels',
  'gold_map',
  'induced_map',
  'baselines',
];

const isNumber = (text) => text.trim() !== '' && Number.isFinite(Number(text));

/** What a number field takes, in words: "a whole number from 1 to 100000". */
export const numberRule = (row) =>
  `a ${row.kind === 'integer' ? 'whole ' : ''}number from ${row.min} to ${row.max}`;

/** {key: message} for each field that cannot be sent as it stands. */
export function validate(o) {
  const bad = {};
  for (const row of Object.values(CORE_OPTIONS)) {
    if (row.kind !== 'number' && row.kind !== 'integer') continue;
    const text = String(o[row.id]);
    const value = Number(text);
    const whole = row.kind === 'number' || Number.isInteger(value);
    if (!isNumber(text) || !whole || value < row.min || value > row.max) bad[row.id] = numberRule(row);
  }
  return bad;
}

/** The labels of the exclusion field: separated by spaces (a comma is a label of its own). */
export function labelList(text) {
  return text.split(/\s+/).filter(Boolean);
}

/** Adds the labels of a preset to the field, keeping what is there and the order. */
export function withLabels(text, labels) {
  const have = labelList(text);
  for (const l of labels) if (!have.includes(l)) have.push(l);
  return have.join(' ');
}

/**
 * The request's `options` (the worker's contract). `maps` holds the uploaded map files:
 * {gold: {name, bytes}, induced: {name, bytes}}.
 */
export function requestOptions(o, maps = {}) {
  const map = (choice, file) => {
    if (!choice) return undefined;
    if (choice === 'file') return file ?? undefined;
    return { preset: choice };
  };
  const out = {};
  for (const row of Object.values(CORE_OPTIONS))
    out[row.id] = row.kind === 'number' || row.kind === 'integer' ? Number(o[row.id]) : o[row.id];
  Object.assign(out, {
    exclude_labels: labelList(o.exclude_labels),
    baselines: [...o.baselines],
    // The tables and mappings; the per-item rows, megabytes on a large vocabulary, apart: they
    // come when their table is shown (detail 2).
    detail: 2,
  });
  if (o.unclustered_label.trim()) out.unclustered_label = o.unclustered_label.trim();
  const goldMap = map(o.gold_map, maps.gold);
  const inducedMap = map(o.induced_map, maps.induced);
  if (goldMap) out.gold_map = goldMap;
  if (inducedMap) out.induced_map = inducedMap;
  return out;
}

/**
 * The bytes of the uploaded map files, as `requestOptions` takes them. `maps` holds
 * {gold, induced}, each null or {id, name, blob}.
 */
export async function readMaps(maps) {
  const out = {};
  for (const kind of ['gold', 'induced']) {
    const m = maps[kind];
    if (m) out[kind] = { name: m.name, bytes: new Uint8Array(await m.blob.arrayBuffer()) };
  }
  return out;
}

/** A string that changes exactly when the numbers would (the uploaded maps by their id). */
export function computeSignature(o, maps = {}) {
  const picked = Object.fromEntries(COMPUTE_KEYS.map((k) => [k, o[k]]));
  picked.goldMapFile = o.gold_map === 'file' ? maps.gold?.id : undefined;
  picked.inducedMapFile = o.induced_map === 'file' ? maps.induced?.id : undefined;
  return JSON.stringify(picked);
}

// ---------------------------------------------------------------- the link

// The link's keys: the core's options and the run's by their ids, the view's by short names.
// The fragment (the part after #) is never sent to a server.
const URL_KEYS = {
  families: 'show',
  mappings: 'maps',
  columns: 'cols',
  sort: 'sort',
  sortDir: 'dir',
  ...Object.fromEntries(COMPUTE_KEYS.map((key) => [key, key])),
};

// The keys that links written before the options took the core's ids used.
const OLD_URL_KEYS = {
  tokencheck: 'token_check',
  nmi: 'nmi_mean',
  minshare: 'min_share',
  unclabel: 'unclustered_label',
  exclude: 'exclude_labels',
  punct: 'exclude_punct',
  goldmap: 'gold_map',
  sysmap: 'induced_map',
  mapkeep: 'map_keep',
  sub: 'substitutable',
};

const LISTS = new Set(['families', 'mappings', 'baselines']);
const CHOICES = {
  columns: ['main', 'all', 'reichart'],
  sortDir: ['asc', 'desc'],
  ...Object.fromEntries(
    Object.values(CORE_OPTIONS)
      .filter((row) => row.kind === 'choice')
      .map((row) => [row.id, row.choices]),
  ),
  gold_map: ['', ...Object.keys(MAP_PRESETS)],
  induced_map: ['', ...Object.keys(MAP_PRESETS)],
};
const ALLOWED_IN_LIST = {
  families: Object.keys(FAMILIES),
  mappings: ['m1', 'o1'],
  baselines: BASELINES,
};

/** The options that differ from the defaults, as a fragment `#restarts=5&…` (or ''). */
export function toHash(o) {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(URL_KEYS)) {
    const v = o[key];
    const d = DEFAULTS[key];
    if (LISTS.has(key)) {
      if (v.join(',') !== d.join(',')) params.set(name, v.join(',') || '-');
    } else if (typeof d === 'boolean') {
      if (v !== d) params.set(name, v ? '1' : '0');
    } else if (key === 'gold_map' || key === 'induced_map') {
      // An uploaded map cannot travel in a link; a preset can.
      if (v && v !== 'file') params.set(name, v);
    } else if (v !== d) {
      params.set(name, v);
    }
  }
  const text = params.toString();
  return text ? `#${text}` : '';
}

/** The options a fragment describes, over the defaults; what it gets wrong is ignored. */
export function fromHash(hash) {
  const o = { ...DEFAULTS, families: [...DEFAULTS.families], mappings: [...DEFAULTS.mappings] };
  const params = new URLSearchParams(String(hash ?? '').replace(/^#/, ''));
  for (const [old, name] of Object.entries(OLD_URL_KEYS))
    if (params.has(old) && !params.has(name)) params.set(name, params.get(old));
  for (const [key, name] of Object.entries(URL_KEYS)) {
    if (!params.has(name)) continue;
    const raw = params.get(name);
    const d = DEFAULTS[key];
    if (LISTS.has(key)) {
      const allowed = ALLOWED_IN_LIST[key];
      o[key] = raw === '-' ? [] : raw.split(',').filter((x) => allowed.includes(x));
    } else if (typeof d === 'boolean') {
      o[key] = raw === '1' || raw === 'true';
    } else if (CHOICES[key]) {
      if (CHOICES[key].includes(raw)) o[key] = raw;
    } else {
      o[key] = raw;
    }
  }
  return o;
}

// ---------------------------------------------------------------- what a link may ask for

/**
 * The longest fragment a link may carry, in characters (a fragment is URL-encoded, so one
 * character is one byte). Every option at its longest takes under 1 KiB but the labels to
 * exclude; 64 KiB holds some 8,000 short labels, more than any tag set (Brown's 472 tags
 * take 3 KB), and the demo opens with them as fast as with none. Longer is no link a person
 * shares: it is refused unread (an exclusion list of 1.5 MB took 5.5 s to load).
 */
export const MAX_LINK_CHARS = 64 * 1024;

/** How many times an option's default work a link may ask for without the reader's click. */
export const QUICK_FACTOR = 10;

const row = (id) => CORE_OPTIONS[id];

/** A type-level work budget's rule: 0 (none at all) is the costliest; `some` and `none` say
 * a value and 0 in words, from the counts as written. */
function budgetRule(id, some, none) {
  const byDefault = formatCount(row(id).default);
  return {
    quick: QUICK_FACTOR * row(id).default,
    applies: (o) => o.levels !== 'token',
    costly: (n, quick) => n === 0 || n > quick,
    says: (n) => (n === 0 ? none(byDefault) : `${some(formatCount(n))} (${byDefault} by default)`),
  };
}

/**
 * The options whose work grows with their value, each with the largest value a link may set
 * for an evaluation at once (`quick`, from the option table's default), when its work is
 * done at all (`applies`), whether a value is costly (`costly`, else above `quick`), and what
 * it costs in words (`says`).
 */
const COSTLY_OPTIONS = {
  bootstrap: {
    // Off by default: the largest of the page's own quick choices.
    quick: Number(BOOTSTRAP_PRESETS[BOOTSTRAP_PRESETS.length - 1]),
    says: (n) => `${formatCount(n)} bootstrap resamples, each of which scores every system again`,
  },
  restarts: {
    quick: QUICK_FACTOR * row('restarts').default,
    applies: (o) => o.levels !== 'token',
    says: (n) => `${formatCount(n)} restarts of each type-level M-1 search (${row('restarts').default} by default)`,
  },
  shuffles: {
    quick: QUICK_FACTOR * row('shuffles').default,
    applies: (o) => o.test === 'ar',
    says: (n) =>
      `${formatCount(n)} shuffles of approximate randomization for each pair of systems (${formatCount(row('shuffles').default)} by default)`,
  },
  m1_budget: budgetRule(
    'm1_budget',
    (n) => `a work budget of ${n} label reads for each type-level M-1 search`,
    (d) => `no work budget for the type-level M-1 searches (${d} label reads by default): they run however long they take`,
  ),
  cell_budget: budgetRule(
    'cell_budget',
    (n) => `a cell budget of ${n} for the type-level 1-1's weight table`,
    (d) => `no cell budget for the type-level 1-1 (${d} cells by default): its assignment runs on a weight table of any size`,
  ),
};

/**
 * The options of `o` that cost more than an evaluation at once may: [{id, value, text}]
 * ([] when none does). A value that is no number costs nothing (it
 * cannot be sent).
 */
export function linkCosts(o) {
  const out = [];
  for (const [id, rule] of Object.entries(COSTLY_OPTIONS)) {
    const text = String(o[id]).trim();
    const n = Number(text);
    if (text === '' || !Number.isFinite(n) || (rule.applies && !rule.applies(o))) continue;
    const costly = rule.costly ? rule.costly(n, rule.quick) : n > rule.quick;
    if (costly) out.push({ id, value: o[id], text: rule.says(n) });
  }
  return out;
}
