// Types of the clustereval npm package. Measure ids, option ids and formats are the core's
// (SPEC §2–§4); `catalog()` lists them at run time, and tests/js/npm-types.test.mjs holds the
// lists here to the core's. No type takes any key: a misspelt option or measure is an error.

/** A label: a string, or an integer (named by its decimal digits, as in a tagged file). */
export type Label = string | number | bigint;
/**
 * One label per token, in token order: an array or a typed array. Not a string (it is no
 * sequence of labels: score() throws a TypeError), not a Set or a Map (no token order).
 */
export type Labels =
  | readonly Label[]
  | Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array
  | BigInt64Array | BigUint64Array;

/** The core's measure ids (SPEC §3), as `catalog().measures` lists them. */
export type MeasureId =
  | 'm1' | 'o1' | 'inv_purity'
  | 'h_c' | 'h_k' | 'h_c_given_k' | 'h_k_given_c' | 'mi'
  | 'homogeneity' | 'completeness' | 'v_measure' | 'vi' | 'nvi' | 'nmi' | 'ami'
  | 'ari' | 'rand' | 'pair_p' | 'pair_r' | 'pair_f' | 'fmi'
  | 'bcubed_p' | 'bcubed_r' | 'bcubed_f' | 'entropy_bits' | 'entropy_scaled'
  | 'grouping_p' | 'grouping_r' | 'grouping_f'
  | 'onmi' | 'onmi_lfk' | 'omega' | 'ecs'
  | 'macro_i_m1' | 'macro_i_o1' | 'micro_i_m1' | 'micro_i_o1' | 'micro_c_m1' | 'micro_c_o1'
  | 'ebcubed_p' | 'ebcubed_r' | 'ebcubed_f' | 'cover_p' | 'cover_r' | 'cover_f'
  | 'sub_p' | 'sub_r'
  | 'fuzzy_bcubed_p' | 'fuzzy_bcubed_r' | 'fuzzy_bcubed_f' | 'fuzzy_nmi' | 'fuzzy_avg'
  | 'ned' | 'coverage' | 'token_p' | 'token_r' | 'token_f' | 'type_p' | 'type_r' | 'type_f'
  | 'boundary_p' | 'boundary_r' | 'boundary_f'
  | 'conll_f' | 'muc_r' | 'muc_p' | 'muc_f' | 'ceafm_r' | 'ceafm_p' | 'ceafm_f'
  | 'ceafe_r' | 'ceafe_p' | 'ceafe_f' | 'blanc_r' | 'blanc_p' | 'blanc_f'
  | 'lea_r' | 'lea_p' | 'lea_f' | 'mention_r' | 'mention_p' | 'mention_f';
/** The level of a measure: over tokens, over items (types), a sense run's lemmas, a tde
 * run's fragments (spoken term discovery, SPEC §3.8), or a coreference run's entities (micro
 * over the key's documents). */
export type Level = 'token' | 'type' | 'senses' | 'tde' | 'coref';
/** A measure qualified by its level, as intervals and tests key them: 'token.m1'. */
export type LevelMeasure = `${Level}.${MeasureId}`;
/** Measures to keep: ids ('m1' is token.m1, 'macro_i_m1' type.macro_i_m1) or qualified ids. */
export type MeasureSpec = MeasureId | LevelMeasure;

/** A level's measures by id; null where one is not defined (e.g. type-level contingency measures of polysemous entries). */
export type Measures = { [id in MeasureId]?: number | null };
/** 95% intervals, [low, high], by 'level.id'. */
export type Intervals = { [key in LevelMeasure]?: [number, number] };
/** Why a measure with resamples has no interval, by 'level.id'. */
export type Withheld = { [key in LevelMeasure]?: string };
/** Each interval's bias: the mean of the measure's resamples minus its value, plus for the
 * information measures the bias of the cells the sample never saw. */
export type Biases = { [key in LevelMeasure]?: number };
/** Where a value is biased beyond its spread: "biased high by ~0.03; bias-corrected 0.4670: …". */
export type IntervalNotes = { [key in LevelMeasure]?: string };

/** The codes of the core's errors (ce_status names, SPEC §4; README "Errors"). */
export type ErrorCode =
  | 'CE_ERR_USAGE'
  | 'CE_ERR_NOMEM'
  | 'CE_ERR_ENCODING'
  | 'CE_ERR_SYNTAX'
  | 'CE_ERR_EMPTY'
  | 'CE_ERR_MISMATCH'
  | 'CE_ERR_UNAVAILABLE'
  | 'CE_ERR_INTERNAL';

/** An error as the JSON result and CeError.toJSON() write it. */
export interface ErrorData {
  code: ErrorCode;
  message: string;
  /** The input's name (a path, 'gold', 'labels_true'); '' when no input is at fault. */
  file: string;
  /** 1-based; 0 when the error has no line. */
  line: number;
  /** 1-based; 0 when the error has no column. */
  column: number;
}

// BEGIN CoreOptions: made from the core's option table by scripts/gen-options.mjs; do not edit.
/** The core's options by id, as the command line's long names with underscores. */
export interface CoreOptions {
  /** weight of completeness in V-measure; 1 weighs homogeneity and completeness equally; a number from 1e-9 to 1000000000, default 1. */
  beta?: number;
  /** entropies and VI in bits (base-2 logarithms) instead of nats; yes or no, default off. */
  log2?: boolean;
  /** token mode: gold and system hold the same token texts, position by position; off compares the token counts only; yes or no, default on. */
  token_check?: boolean;
  /** how nmi and ami average H(C) and H(K); arithmetic, geometric, min, max, default arithmetic. */
  nmi_mean?: 'arithmetic' | 'geometric' | 'min' | 'max';
  /** hill-climbing starts of the type-level M-1 measures; a whole number from 1 to 100000, default 10. */
  restarts?: number;
  /** seeds the random starts, the random baseline and the resamples; a whole number from 0 to 9007199254740991, default 1. */
  seed?: number;
  /** types from tokens: a label joins an item's entry only if at least this share of the item's tokens carry it; a number from 0 to 1, default 0. */
  min_share?: number;
  /** label reads each type-level M-1 measure's search may take (SPEC 3.2); past it the value is the best mapping found; 0: none, the paper's protocol however long it takes; a whole number from 0 to 9007199254740991, default 100000000. */
  m1_budget?: number;
  /** non-zero cells the type-level 1-1 weight table and item table may hold (SPEC 3.2); past it the three 1-1 values are n/a, and onmi, onmi_lfk and omega where entries are polysemous (--min-share thins such tables); 0: none; a whole number from 0 to 9007199254740991, default 4000000. */
  cell_budget?: number;
  /** gold items a system leaves unclustered: merge (one extra cluster holds them all), split (each a cluster of its own) or drop (they leave the evaluation); merge, split, drop, default merge. */
  unclustered?: 'merge' | 'split' | 'drop';
  /** tokens made only of Unicode punctuation and symbols leave the evaluation; yes or no, default off. */
  exclude_punct?: boolean;
  /** label maps: keep a label the map lacks (otherwise an error); yes or no, default off. */
  map_keep?: boolean;
  /** tagged files: the label column, 1-based; 0 reads the last; a whole number from 0 to 1000, default 0. */
  column?: number;
  /** paths files: clusters are the first N bits of a path; 0 keeps them all; a whole number from 0 to 100000, default 0. */
  depth?: number;
  /** paths systems: also score every depth from 1 to the longest path; yes or no, default off. */
  depth_sweep?: boolean;
  /** JSON: add each system's tables, mappings and per-item rows (2: the rows apart, from ce_eval_items_json); 0, 1 or 2, default off. */
  detail?: boolean | 2;
  /** compute sub_p and sub_r (Frank, Goldwater & Keller 2009), gold-free; yes or no, default off. */
  substitutable?: boolean;
  /** compute both levels, or the token or the type level only; both, token, type, default both. */
  levels?: 'both' | 'token' | 'type';
  /** resamples of sentences (a lexicon: items) for 95% intervals and the paired bootstrap; 0 is off; a whole number from 0 to 100000, default 0. */
  bootstrap?: number;
  /** how the intervals are made: bca (bias-corrected and accelerated), percentile or basic (the percentile interval reflected about the value); bca, percentile, basic, default bca. */
  ci?: 'bca' | 'percentile' | 'basic';
  /** the p-values between every two systems: the paired bootstrap on the resamples, or ar (approximate randomization, swapping outputs sentence by sentence); bootstrap, ar, default bootstrap. */
  test?: 'bootstrap' | 'ar';
  /** approximate randomization's shuffles a pair of systems; a whole number from 1 to 10000000, default 10000. */
  shuffles?: number;
  /** the files read and the type level's searches and extended BCubed side by side on N threads; 0: one a processor (the numbers are the same on any count); a whole number from 0 to 256, default 0. */
  threads?: number;
  /** sense runs: what a resample draws: lemmas (with replacement), instances (half of each lemma's, the lemmas kept: these lemmas' instances) or lemmas+instances (both stages); lemmas, instances, lemmas+instances, default lemmas. */
  resample?: 'lemmas' | 'instances' | 'lemmas+instances';
}
// END CoreOptions

/** One row of the core's option table; `default` as the option is written. */
export interface OptionRow {
  id: keyof CoreOptions;
  kind: 'number' | 'integer' | 'flag' | 'choice';
  default: number | boolean | string;
  min: number;
  max: number;
  choices: string[];
  group: string;
  groupTitle: string;
  label: string;
  help: string;
}

/** An input format's id, as `catalog().formats` lists them. */
export type Format = 'auto' | 'tagged' | 'conllu' | 'inline' | 'lexicon' | 'clusters' | 'paths' | 'counts' | 'joint' | 'csv' | 'senses' | 'tde-words' | 'tde-classes' | 'conll';
/** The baselines, scored as systems named 'baseline:random' etc. */
export type Baseline = 'random' | 'one' | 'singletons' | 'majority';

export interface ScoreOptions extends CoreOptions {
  /** The tokens, one per label: adds the type level (types from tokens). */
  words?: Labels;
  /** True at the last token of each sentence (for bootstrap and the substitutable scores). */
  sentence_ends?: readonly boolean[] | Uint8Array;
  /** A sentence label per token; a sentence ends where it changes. Not with sentence_ends. */
  sentences?: Labels;
  /** Keep these only: 'm1', 'token.v_measure', 'type.macro_i_m1', an array of them, or a comma list. */
  measures?: MeasureSpec | readonly MeasureSpec[] | (string & {});
  /** Gold labels whose tokens leave the evaluation: an array, or a comma list ("\\," a comma inside a label). */
  exclude_labels?: string | readonly string[];
  /** The system label that marks an unclustered token. */
  unclustered_label?: string;
}

/** What score() returns: the measures of the one system row, and what the row says besides. */
export interface ScoreResult {
  /** Every token-level measure (those `measures` keeps); null with levels: 'type'; absent when `measures` keeps none. */
  token?: Measures | null;
  /** Given `words`: the type level (types from tokens). */
  type?: Measures;
  /** With bootstrap: 95% intervals, keyed "token.m1", "type.macro_i_m1"... */
  ci?: Intervals;
  /** With bootstrap: each interval's bias (the resamples' mean minus the value, plus the
   * information measures' unseen cells' part), keyed as `ci`. */
  ci_bias?: Biases;
  /** With bootstrap, where a value is biased beyond its spread: its bias and bias-corrected estimate. */
  ci_notes?: IntervalNotes;
  /** What the row warns about, e.g. that tokens were resampled one by one (no sentence boundaries). */
  warnings: string[];
  /** With bootstrap: why a measure has no interval, keyed as `ci`; {} when none is withheld. */
  ci_withheld: Withheld;
}

/** An input object: names the input, forces its format, and holds one of path, text, bytes or blob. */
export type InputObject = { name?: string; format?: Format } & (
  | { path: string; text?: never; bytes?: never; blob?: never }
  | { text: string; path?: never; bytes?: never; blob?: never }
  | { bytes: Uint8Array | ArrayBuffer; path?: never; text?: never; blob?: never }
  | { blob: Blob; path?: never; text?: never; bytes?: never }
);

/**
 * An input of evaluate(). A string is a PATH, read in Node (as in the Python package); where
 * there are no files (a browser) it is an error: pass contents as {text}, bytes or a Blob
 * (a File). In Node also a file: URL. An object names the input and forces its format.
 */
export type Input = string | Uint8Array | ArrayBuffer | Blob | URL | InputObject;

export interface EvaluateOptions extends CoreOptions {
  gold_format?: Format;
  induced_format?: Format;
  /** Gold labels whose tokens leave the evaluation: an array, or a comma list ("\\," a comma inside a label). */
  exclude_labels?: string | readonly string[];
  /** The system label that marks an unclustered item. */
  unclustered_label?: string;
  /** An array, or a comma list ('random,one'). */
  baselines?: readonly Baseline[] | (string & {});
  /** A preset ('brown-universal', 'ptb-universal'), a path (Node), or an Input of from<TAB>to lines. */
  gold_map?: Input;
  induced_map?: Input;
  /** Held-out corpora tagged by the systems, the k-th for the k-th system (sub_p, sub_r). */
  sub_test?: Input | readonly Input[];
  /** The phone alignment of a spoken-term-discovery run (SPEC §3.8): `file onset offset
   * phone` lines. Gold is then a `tde-words` word alignment and the systems `tde-classes`
   * class files, scored as tdev2 scores them into each system's `tde`. */
  phones?: Input;
}

/** The options a result was made with: every core option, as it was in force. */
export type ResultOptions = Required<CoreOptions> & {
  /** The unit of entropies and VI: 'e' (nats) or '2' (bits). */
  log: 'e' | '2';
  unclustered_label: string | null;
  excluded_labels: string[];
};

/** Ranked sizes (largest first) in tokens and in items. */
export interface Sizes {
  tokens: number[];
  items: number[];
}

/** The gold input's statistics. */
export interface GoldStats {
  name: string;
  format: Format;
  detected: boolean;
  tokens: number;
  sentences: number;
  items: number;
  classes: number;
  polysemous_items: number;
  excluded_tokens: number;
  /** With `detail`: the ranked class sizes. */
  sizes?: Sizes;
}

/** The M-1 search of a type-level M-1 measure (SPEC §4): its restarts' spread. */
export interface Restarts {
  max: number;
  min: number;
  hits: number;
  sweeps: number;
  /** True only when the maximum is proved. */
  optimal: boolean;
  /** An upper bound of the measure. */
  bound: number;
  /** Only where the work budget (m1_budget) stopped the search: true, and the starts that ran. */
  budget_reached?: true;
  starts?: number;
}

/** One item's row: [item, gold class ids, system cluster ids, M-1 mapped ids, M-1 F_i, 1-1 mapped ids, 1-1 F_i, ECS S_i (null where ecs is n/a)]. */
export type ItemRow = [string, number[], number[], number[], number, number[], number, number | null];

/** With `detail`: a system's tables, mappings and per-item rows. */
export interface Detail {
  classes: string[];
  clusters: string[];
  /** The token-level contingency table's nonzero cells: [class, cluster, count]. */
  cells?: [number, number, number][];
  /** The type level's cells: [class, cluster, items]. */
  item_cells?: [number, number, number][];
  /** Cluster → class (-1: unmapped) for each mapping kind. */
  mapping: { [kind in 'm1' | 'o1' | 'macro_i_m1' | 'macro_i_o1' | 'micro_i_m1' | 'micro_i_o1' | 'micro_c_m1' | 'micro_c_o1']?: number[] };
  sizes: Sizes;
  items?: ItemRow[];
  /** How many per-item rows there are, when they were left out. */
  item_rows?: number;
}

/** One row of the result: a system, or a baseline; a system that failed has `error` only. */
export interface SystemResult {
  name: string;
  /** The input's format, or 'baseline'. */
  format: Format | 'baseline';
  /** Whether the format was detected (absent for a baseline). */
  detected?: boolean;
  /** The system failed (the others are still scored): why and where. */
  error?: ErrorData;
  clusters?: number;
  /** Gold items the system lacks, and system items gold lacks. */
  missing?: number;
  extra?: number;
  /** Null when the level was not computed. */
  token?: Measures | null;
  type?: Measures | null;
  /** A tde run (SPEC §3.8): tdev2's scores (null where tdev2 gives NaN or stops), the
   * fragments kept and dropped (an empty transcription), and the classes with a fragment. */
  tde?: Measures & { fragments: number; dropped: number; classes: number };
  /** A coreference run (SPEC §3.6): R, P, F of each metric and conll_f, micro over the key's documents. */
  coref?: Measures & { documents: number };
  /** With `detail`, a coreference run: each key document's measures, its entities' sizes and
   * marks on both sides, and the overlap cells [key, response, shared mentions, φ4, aligned by CEAF-e]. */
  coref_by_document?: {
    [document: string]: Measures & {
      key: { sizes: number[]; marks: string[] };
      response: { sizes: number[]; marks: string[] };
      cells: [number, number, number, number, boolean][];
    };
  };
  restarts?: { [id in 'macro_i_m1' | 'micro_i_m1' | 'micro_c_m1']?: Restarts };
  ci?: Intervals;
  ci_bias?: Biases;
  ci_notes?: IntervalNotes;
  ci_withheld?: Withheld;
  warnings?: string[];
  detail?: Detail;
}

/** What the intervals rest on. */
export interface BootstrapInfo {
  resamples: number;
  requested: number;
  /** What was resampled: sentences, tokens one by one (no sentence boundaries), items, a sense
   * run's lemmas, a tde run's files, a coreference run's documents; null: none. */
  unit: 'sentence' | 'token' | 'item' | 'lemma' | 'file' | 'document' | null;
  units?: number;
  type_unit?: 'item';
  sentences?: number;
  items?: number;
  seed?: number;
  level?: number;
  method?: 'bca' | 'percentile' | 'basic';
  jackknife_blocks?: { token: number; type: number };
  /** Why there are no resamples. */
  warning?: string;
}

/** By 'level.id', then system, then system: a share or a p-value (null: not defined). */
export type BySystemPair = { [key in LevelMeasure]?: { [system: string]: { [other: string]: number | null } } };

/** The paired test behind `p_values`. */
export interface TestInfo {
  method: 'bootstrap' | 'ar';
  resamples?: number;
  shuffles?: number;
  done?: number;
  total?: number;
  unit?: 'sentence' | null;
  type_unit?: 'item';
  seed: number;
  sided: 'two';
}

/** Spearman's ρ and Kendall's τ-b between every two measures' rankings of the systems. */
export interface RankCorrelation {
  systems: number;
  measures: LevelMeasure[];
  spearman: { [key in LevelMeasure]?: { [other in LevelMeasure]?: number } };
  kendall: { [key in LevelMeasure]?: { [other in LevelMeasure]?: number } };
}

/** One reported number and its verdict (SPEC §4, `check`). */
export interface CheckCell {
  system: string;
  row: number | null;
  heading: string;
  measure: LevelMeasure | null;
  printed: string;
  reported: number;
  scale: number;
  computed: number | null;
  difference: number | null;
  tolerance: number;
  reproduced: boolean;
  line: number;
  problem: string | null;
}

/** The SPEC §4 JSON document: what `clustereval --format json` prints. */
export interface Result {
  schema: 1;
  version: string;
  gold: GoldStats;
  options: ResultOptions;
  systems: SystemResult[];
  /** With bootstrap. */
  bootstrap?: BootstrapInfo;
  /** With bootstrap and two systems: the share of resamples in which a − b loses its sign. */
  paired?: BySystemPair;
  p_values?: BySystemPair;
  test?: TestInfo;
  rank_correlation?: RankCorrelation;
  check?: CheckCell[];
}

/** An error of the package: a bad value (code CE_ERR_USAGE), or the core's, naming the input's file, line and column. A wrong type is a TypeError. */
export class CeError extends Error {
  constructor(data: { code: ErrorCode; message: string; file?: string; line?: number; column?: number });
  name: 'CeError';
  code: ErrorCode;
  /** The input at fault (a path, 'gold', 'labels_true'), or ''. */
  file: string;
  line: number;
  column: number;
  toJSON(): ErrorData;
}

/** A measure of the core's table. */
export interface MeasureInfo {
  id: MeasureId;
  label: string;
  /** null: the measure has no direction (entropies). */
  higherIsBetter: boolean | null;
}

/** What catalog() returns. */
export interface Catalog {
  version: string;
  options: Array<keyof CoreOptions>;
  optionTable: OptionRow[];
  measures: MeasureId[];
  formats: Format[];
  /** True in Node, where the core runs on threads; false elsewhere. */
  threaded: boolean;
}

/** An input as the binding takes it: contents only, named. */
export interface CoreInput {
  name: string;
  format?: Format;
  /** The label column (1-based), for the formats that have one. */
  column?: number;
  /** paths: the first `depth` bits of each cluster's bit string. */
  depth?: number;
  bytes?: Uint8Array | ArrayBuffer;
  blob?: Blob;
}

/** A run as the binding takes it (the page's worker sends the same). */
export interface CoreRequest {
  gold: CoreInput;
  systems?: Array<CoreInput & { subTest?: CoreInput }>;
  options?: CoreOptions & {
    exclude_labels?: string | readonly string[];
    unclustered_label?: string;
    gold_map?: { preset: string } | { name: string; bytes: Uint8Array | ArrayBuffer };
    induced_map?: { preset: string } | { name: string; bytes: Uint8Array | ArrayBuffer };
    baselines?: readonly Baseline[];
  };
}

/** `(done, total, phase)`: bytes read, then resamples, then shuffles. */
export type OnProgress = (done: number, total: number, phase: 'read' | 'bootstrap' | 'shuffle') => void;

/** A file's head as the core reads it. */
export interface Preview {
  format: Format;
  detected: boolean;
  records: Array<{ line: number; kind: 'token' | 'break' | 'entry' | 'count'; item: string; label: string; count: number }>;
  /** The first line that does not read, when there is one. */
  error?: ErrorData;
}

/**
 * The core as load() resolves it: what catalog() summarizes, and the synchronous binding the
 * page's worker drives (wasm/binding.js). Its calls take contents (bytes or a Blob), never
 * paths; tables, items and checks are of its last evaluation.
 */
export interface Core {
  version: string;
  options: Array<keyof CoreOptions>;
  optionTable: OptionRow[];
  measures: MeasureInfo[];
  formats: Format[];
  /** Label map presets: 'brown-universal', 'ptb-universal'. */
  mapPresets: string[];
  /** True in Node, where the core runs on threads. */
  threaded: boolean;
  /** score(), synchronous. */
  score(labelsTrue: Labels, labelsPred: Labels, options?: ScoreOptions): ScoreResult;
  /** A run from bytes in memory; throws CeError when gold fails. */
  evaluate(request: CoreRequest, onProgress?: OnProgress): Result;
  /** A run read from Blobs in chunks (or bytes). */
  evaluateStream(request: CoreRequest, onProgress?: OnProgress): Promise<Result>;
  preview(request: { bytes: Uint8Array | ArrayBuffer; format?: Format; column?: number; depth?: number }): Preview;
  /** A table of the last evaluation: `columns` as 'token.m1', `rows` indices into its systems. */
  table(request: { format: 'text' | 'tsv' | 'csv' | 'markdown' | 'latex'; columns: LevelMeasure[]; rows?: number[] }): string;
  /** The per-item rows of one system of the last evaluation. */
  items(request: { system: number }): ItemRow[];
  /** Reported numbers (a paper's table as printed) checked against the last evaluation. */
  check(request: { name: string; text: string; assign?: { [row: string]: number } }): CheckCell[];
  /** Frees the last evaluation. */
  release(): void;
}

/**
 * Scores `labelsPred` against `labelsTrue` (one label per token each): every token-level
 * measure, with `words` the type level, and the row's `warnings` and `ci_withheld`.
 * A string, a Set or a Map where a sequence belongs is a TypeError; a bad value a CeError.
 */
export function score(labelsTrue: Labels, labelsPred: Labels, options?: ScoreOptions): Promise<ScoreResult>;
/**
 * Scores every system against gold; resolves to what `clustereval --format json` prints.
 * A string input is a path (Node). Rejects with CeError when gold fails or every system
 * does (a system that fails beside others is a row with its `error`).
 */
export function evaluate(inputs: { gold: Input; systems?: readonly Input[] }, options?: EvaluateOptions): Promise<Result>;
/** What the core offers. */
export function catalog(): Promise<Catalog>;
/** Loads the core once (score, evaluate and catalog call it); resolves to the bound core. */
export function load(): Promise<Core>;
