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

/** The core's options by id, as the command line's long names with underscores. */
export interface CoreOptions {
  beta?: number;
  log2?: boolean;
  token_check?: boolean;
  nmi_mean?: 'arithmetic' | 'geometric' | 'min' | 'max';
  restarts?: number;
  seed?: number;
  min_share?: number;
  unclustered?: 'merge' | 'split' | 'drop';
  exclude_punct?: boolean;
  map_keep?: boolean;
  column?: number;
  depth?: number;
  detail?: boolean;
  substitutable?: boolean;
  levels?: 'both' | 'token' | 'type';
  bootstrap?: number;
  /** Any other option the core has, by its id. */
  [option: string]: unknown;
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
export function catalog(): Promise<{ version: string; options: string[]; measures: string[]; formats: string[]; threaded: boolean }>;
