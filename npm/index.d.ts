// Types of the clustereval npm package. Measure ids, option ids and formats are the core's
// (SPEC §2–§4); `catalog()` lists them at run time.

/** A label: a string, or an integer (named by its decimal digits, as in a tagged file). */
export type Label = string | number | bigint;
export type Labels =
  | readonly Label[]
  | Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array
  | BigInt64Array | BigUint64Array;

/** A measure's value; null where it is not defined (e.g. type-level contingency measures of polysemous entries). */
export type Measures = Record<string, number | null>;

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
  /** JSON: add each system's tables, mappings and per-item rows (2: the rows apart, from ce_eval_items_json); 0, 1 or 2, default off. */
  detail?: boolean;
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
  /** the type level's searches and extended BCubed side by side on N threads; 0: one a processor (the numbers are the same on any count); a whole number from 0 to 256, default 0. */
  threads?: number;
}
// END CoreOptions

/** One row of the core's option table; `default` as the option is written. */
export interface OptionRow {
  id: string;
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

export interface ScoreOptions extends CoreOptions {
  /** The tokens, one per label: adds the type level (types from tokens). */
  words?: Labels;
  /** True at the last token of each sentence (for bootstrap and the substitutable scores). */
  sentence_ends?: readonly boolean[] | Uint8Array;
  /** A sentence label per token; a sentence ends where it changes. */
  sentences?: Labels;
  /** Keep these only: 'm1', 'token.v_measure', 'type.macro_i_m1', or a comma list. */
  measures?: string | readonly string[];
  exclude_labels?: string | readonly string[];
  unclustered_label?: string;
}

export interface ScoreResult {
  token: Measures;
  type?: Measures;
  /** With bootstrap: 95% intervals, keyed "token.m1", "type.macro_i_m1"... */
  ci?: Record<string, [number, number]>;
}

/**
 * An input: its contents as a string or bytes, a Blob or File, or (in Node) a file: URL or
 * {path}; or an object naming it and forcing its format.
 */
export type Input =
  | string
  | Uint8Array
  | ArrayBuffer
  | Blob
  | URL
  | {
      name?: string;
      format?: string;
      text?: string;
      bytes?: Uint8Array | ArrayBuffer;
      blob?: Blob;
      path?: string;
    };

export interface EvaluateOptions extends CoreOptions {
  gold_format?: string;
  induced_format?: string;
  exclude_labels?: string | readonly string[];
  unclustered_label?: string;
  baselines?: string | readonly ('random' | 'one' | 'singletons' | 'majority')[];
  /** A preset ('brown-universal', 'ptb-universal'), a path (Node), or an Input of from<TAB>to lines. */
  gold_map?: Input;
  induced_map?: Input;
  /** Held-out corpora tagged by the systems, the k-th for the k-th system (sub_p, sub_r). */
  sub_test?: Input | readonly Input[];
}

/** The SPEC §4 JSON document: what `clustereval --format json` prints. */
export interface Result {
  schema: 1;
  version: string;
  gold: Record<string, unknown>;
  options: Record<string, unknown>;
  systems: Array<{
    name: string;
    format: string;
    token?: Measures;
    type?: Measures;
    error?: { code: string; message: string; file: string; line: number; column: number };
    [key: string]: unknown;
  }>;
  [key: string]: unknown;
}

/** An error of the core, naming the input's file, line and column. */
export class CeError extends Error {
  code: string;
  file: string;
  line: number;
  column: number;
}

export function score(labelsTrue: Labels, labelsPred: Labels, options?: ScoreOptions): Promise<ScoreResult>;
export function evaluate(inputs: { gold: Input; systems?: readonly Input[] }, options?: EvaluateOptions): Promise<Result>;
/** What the core offers; `threaded`: it runs on threads (Node), or on one (elsewhere). */
export function catalog(): Promise<{ version: string; options: string[]; optionTable: OptionRow[]; measures: string[]; formats: string[]; threaded: boolean }>;
