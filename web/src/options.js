// The options of a run, as the page holds them, as the link holds them and as the core takes
// them. Form fields keep text (so that a half-typed number stays as typed); `requestOptions`
// turns them into the worker's request. Nothing here computes a measure.

import { FAMILIES } from './measures.js';

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
];

export const NMI_MEANS = ['arithmetic', 'geometric', 'min', 'max'];
export const UNCLUSTERED = ['merge', 'split', 'drop'];
export const LEVELS = ['both', 'token', 'type'];
/** How the bootstrap makes its intervals (--ci) and which test gives p-values (--test). */
export const CI_METHODS = {
  bca: 'BCa (bias-corrected, accelerated)',
  percentile: 'percentile',
  basic: 'basic (reflected percentile)',
};
export const TESTS = {
  bootstrap: 'paired bootstrap (on the resamples)',
  ar: 'approximate randomization',
};
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
  // what the core computes
  beta: '1',
  log2: false,
  tokenCheck: true,
  nmiMean: 'arithmetic',
  restarts: '10',
  seed: '1',
  minShare: '0',
  unclustered: 'merge',
  unclusteredLabel: '',
  excludeLabels: '',
  excludePunct: false,
  goldMap: '', // '' | a preset id | 'file'
  inducedMap: '',
  mapKeep: false,
  baselines: [],
  levels: 'both',
  substitutable: false,
  bootstrap: '0', // resamples for intervals and paired comparisons; 0 is off
  ci: 'bca', // how the intervals are made
  test: 'bootstrap', // the paired test's p-values: on the resamples, or 'ar'
  shuffles: '10000', // approximate randomization's shuffles
});

/** Quick choices for the number of bootstrap resamples. */
export const BOOTSTRAP_PRESETS = ['0', '200', '1000'];
export const BOOTSTRAP_MAX = 100000;
export const SHUFFLES_MAX = 10000000;

/** The option keys that change the numbers (a change makes the shown result stale). */
export const COMPUTE_KEYS = [
  'beta',
  'log2',
  'tokenCheck',
  'nmiMean',
  'restarts',
  'seed',
  'minShare',
  'unclustered',
  'unclusteredLabel',
  'excludeLabels',
  'excludePunct',
  'goldMap',
  'inducedMap',
  'mapKeep',
  'baselines',
  'levels',
  'substitutable',
  'bootstrap',
  'ci',
  'test',
  'shuffles',
];

const isNumber = (text) => text.trim() !== '' && Number.isFinite(Number(text));
const isInteger = (text) => isNumber(text) && Number.isInteger(Number(text));

/** {key: message} for each field that cannot be sent as it stands. */
export function validate(o) {
  const bad = {};
  if (!isNumber(o.beta) || Number(o.beta) <= 0) bad.beta = 'a positive number';
  if (!isInteger(o.restarts) || Number(o.restarts) < 1 || Number(o.restarts) > 100000)
    bad.restarts = 'a whole number from 1 to 100000';
  if (!isInteger(o.seed) || Number(o.seed) < 0) bad.seed = 'a whole number, 0 or more';
  if (!isNumber(o.minShare) || Number(o.minShare) < 0 || Number(o.minShare) > 1)
    bad.minShare = 'a number from 0 to 1';
  if (!isInteger(o.bootstrap) || Number(o.bootstrap) < 0 || Number(o.bootstrap) > BOOTSTRAP_MAX)
    bad.bootstrap = `a whole number from 0 (off) to ${BOOTSTRAP_MAX}`;
  if (!isInteger(o.shuffles) || Number(o.shuffles) < 1 || Number(o.shuffles) > SHUFFLES_MAX)
    bad.shuffles = `a whole number from 1 to ${SHUFFLES_MAX}`;
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
  const out = {
    beta: Number(o.beta),
    log2: o.log2,
    tokenCheck: o.tokenCheck,
    nmiMean: o.nmiMean,
    restarts: Number(o.restarts),
    seed: Number(o.seed),
    minShare: Number(o.minShare),
    unclustered: o.unclustered,
    excludeLabels: labelList(o.excludeLabels),
    excludePunct: o.excludePunct,
    mapKeep: o.mapKeep,
    baselines: [...o.baselines],
    levels: o.levels,
    substitutable: o.substitutable,
    bootstrap: Number(o.bootstrap),
    ci: o.ci,
    test: o.test,
    shuffles: Number(o.shuffles),
    detail: true,
    // The per-item rows, megabytes on a large vocabulary, come when their table is shown.
    detailItems: false,
  };
  if (o.unclusteredLabel.trim()) out.unclusteredLabel = o.unclusteredLabel.trim();
  const goldMap = map(o.goldMap, maps.gold);
  const inducedMap = map(o.inducedMap, maps.induced);
  if (goldMap) out.goldMap = goldMap;
  if (inducedMap) out.inducedMap = inducedMap;
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
  picked.goldMapFile = o.goldMap === 'file' ? maps.gold?.id : undefined;
  picked.inducedMapFile = o.inducedMap === 'file' ? maps.induced?.id : undefined;
  return JSON.stringify(picked);
}

// ---------------------------------------------------------------- the link

// Short, stable names in the link's fragment (the part after #, never sent to a server).
const URL_KEYS = {
  families: 'show',
  mappings: 'maps',
  columns: 'cols',
  sort: 'sort',
  sortDir: 'dir',
  beta: 'beta',
  log2: 'log2',
  tokenCheck: 'tokencheck',
  nmiMean: 'nmi',
  restarts: 'restarts',
  seed: 'seed',
  minShare: 'minshare',
  unclustered: 'unclustered',
  unclusteredLabel: 'unclabel',
  excludeLabels: 'exclude',
  excludePunct: 'punct',
  goldMap: 'goldmap',
  inducedMap: 'sysmap',
  mapKeep: 'mapkeep',
  baselines: 'baselines',
  levels: 'levels',
  substitutable: 'sub',
  bootstrap: 'bootstrap',
  ci: 'ci',
  test: 'test',
  shuffles: 'shuffles',
};

const LISTS = new Set(['families', 'mappings', 'baselines']);
const CHOICES = {
  columns: ['main', 'all', 'reichart'],
  sortDir: ['asc', 'desc'],
  nmiMean: NMI_MEANS,
  unclustered: UNCLUSTERED,
  levels: LEVELS,
  ci: Object.keys(CI_METHODS),
  test: Object.keys(TESTS),
  goldMap: ['', ...Object.keys(MAP_PRESETS)],
  inducedMap: ['', ...Object.keys(MAP_PRESETS)],
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
    } else if (key === 'goldMap' || key === 'inducedMap') {
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
