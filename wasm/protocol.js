// The messages between the page and the core's worker, in one place. Every message is
// {id, type, data}; `tsc` checks wasm/client.js, wasm/worker.js, wasm/binding.js and the tests'
// fixture worker against these types (tsconfig.json, run by `make test`). The module holds
// types only: importing it costs nothing.
//
//   page → worker  evaluate  {gold, systems, options}: score the systems against gold
//                  preview   {name, bytes, format?, column?, depth?}: how a file's head reads
//                  table     {format, columns, rows?}: a table of the last evaluation, written
//                            by the core; the worker keeps the last evaluation until the next
//                  check     {name, text, assign?}: reported numbers against the last evaluation
//   worker → page  ready     {version, threaded}, once, when the core has loaded (no id);
//                            threaded: the core runs on threads (a cross-origin isolated page)
//                  progress  {done, total, phase}, at most ~20 a second while evaluating
//                  result    the answer to the request `id`: the result, the preview or the
//                            table's text
//                  error     {code, message, file, line, column}; without an id the core
//                            itself failed to load
//
// Cancelling is the page's: it terminates the worker, and the next request starts another.

/**
 * An input file. The worker reads `blob` (a File) through its stream, so that a large file is
 * never whole in memory; tests and tools may hand `bytes` instead.
 * @typedef {Object} InputFile
 * @property {string} name what errors and the result call it
 * @property {string} [format] an input format id ('tagged', 'conllu', …) or 'auto' (the default)
 * @property {number} [column] the label column (1-based), for the formats that have one
 * @property {number} [depth] paths: the first `depth` bits of each cluster's bit string
 * @property {Blob} [blob]
 * @property {Uint8Array | ArrayBuffer} [bytes]
 */

/**
 * A system file; `subTest` is its tagging of held-out text, for sub_p and sub_r.
 * @typedef {InputFile & {subTest?: InputFile}} SystemFile
 */

/**
 * A label map: a preset id, or a `from<TAB>to` file's bytes.
 * @typedef {{preset: string} | {name: string, bytes: Uint8Array | ArrayBuffer}} LabelMap
 */

/**
 * One row of the core's option table (ce_opt_info in clustereval.h), as the binding reads it:
 * `default` as the option is written (a flag true or false, a choice its name).
 * @typedef {Object} OptionRow
 * @property {string} id
 * @property {'number' | 'integer' | 'flag' | 'choice'} kind
 * @property {number | boolean | string} default
 * @property {number} min
 * @property {number} max
 * @property {string[]} choices
 * @property {string} group
 * @property {string} groupTitle
 * @property {string} label
 * @property {string} help
 */

// BEGIN CoreOptions: made from the core's option table by scripts/gen-options.mjs; do not edit.
/**
 * The core's options by id; every one may be left out for its default.
 * @typedef {Object} CoreOptions
 * @property {number} [beta] weight of completeness in V-measure; 1 weighs homogeneity and completeness equally (default 1)
 * @property {boolean} [log2] entropies and VI in bits (base-2 logarithms) instead of nats (default off)
 * @property {boolean} [token_check] token mode: gold and system hold the same token texts, position by position; off compares the token counts only (default on)
 * @property {'arithmetic' | 'geometric' | 'min' | 'max'} [nmi_mean] how nmi and ami average H(C) and H(K) (default arithmetic)
 * @property {number} [restarts] hill-climbing starts of the type-level M-1 measures (default 10)
 * @property {number} [seed] seeds the random starts, the random baseline and the resamples (default 1)
 * @property {number} [min_share] types from tokens: a label joins an item's entry only if at least this share of the item's tokens carry it (default 0)
 * @property {number} [m1_budget] label reads each type-level M-1 measure's search may take (SPEC 3.2); past it the value is the best mapping found; 0: none, the paper's protocol however long it takes (default 100000000)
 * @property {number} [cell_budget] non-zero cells the type-level 1-1 weight table and item table may hold (SPEC 3.2); past it the three 1-1 values are n/a, and onmi, onmi_lfk and omega where entries are polysemous (--min-share thins such tables); 0: none (default 4000000)
 * @property {'merge' | 'split' | 'drop'} [unclustered] gold items a system leaves unclustered: merge (one extra cluster holds them all), split (each a cluster of its own) or drop (they leave the evaluation) (default merge)
 * @property {boolean} [exclude_punct] tokens made only of Unicode punctuation and symbols leave the evaluation (default off)
 * @property {boolean} [map_keep] label maps: keep a label the map lacks (otherwise an error) (default off)
 * @property {number} [column] tagged files: the label column, 1-based; 0 reads the last (default 0)
 * @property {number} [depth] paths files: clusters are the first N bits of a path; 0 keeps them all (default 0)
 * @property {boolean} [depth_sweep] paths systems: also score every depth from 1 to the longest path (default off)
 * @property {boolean | 2} [detail] JSON: add each system's tables, mappings and per-item rows (2: the rows apart, from ce_eval_items_json) (default off)
 * @property {boolean} [substitutable] compute sub_p and sub_r (Frank, Goldwater & Keller 2009), gold-free (default off)
 * @property {'both' | 'token' | 'type'} [levels] compute both levels, or the token or the type level only (default both)
 * @property {number} [bootstrap] resamples of sentences (a lexicon: items) for 95% intervals and the paired bootstrap; 0 is off (default 0)
 * @property {'bca' | 'percentile' | 'basic'} [ci] how the intervals are made: bca (bias-corrected and accelerated), percentile or basic (the percentile interval reflected about the value) (default bca)
 * @property {'bootstrap' | 'ar'} [test] the p-values between every two systems: the paired bootstrap on the resamples, or ar (approximate randomization, swapping outputs sentence by sentence) (default bootstrap)
 * @property {number} [shuffles] approximate randomization's shuffles a pair of systems (default 10000)
 * @property {number} [threads] the files read and the type level's searches and extended BCubed side by side on N threads; 0: one a processor (the numbers are the same on any count) (default 0)
 * @property {'lemmas' | 'instances' | 'lemmas+instances'} [resample] sense runs: what a resample draws: lemmas (with replacement), instances (half of each lemma's, the lemmas kept: these lemmas' instances) or lemmas+instances (both stages) (default lemmas)
 */
// END CoreOptions

/**
 * The options of a run besides the core's table.
 * @typedef {Object} RunOptions
 * @property {string[] | string} [exclude_labels] gold labels whose tokens are left out (a
 *   string: a comma list, "\\," a comma inside a label)
 * @property {string} [unclustered_label] the system label that marks an unclustered item
 * @property {LabelMap} [gold_map]
 * @property {LabelMap} [induced_map]
 * @property {string[]} [baselines] 'random', 'one', 'singletons', 'majority'
 */

/**
 * The options of a run by the core's option ids; every one may be left out for the core's
 * default.
 * @typedef {CoreOptions & RunOptions} EvaluateOptions
 */

/**
 * @typedef {Object} EvaluateRequest
 * @property {InputFile} gold
 * @property {SystemFile[]} systems
 * @property {InputFile} [phones] the phone alignment of a tde run (SPEC §3.8), read as tde-words
 * @property {EvaluateOptions} [options]
 */

/**
 * The head of a file (up to 64 KB) to preview.
 * @typedef {Object} PreviewRequest
 * @property {string} name
 * @property {Uint8Array | ArrayBuffer} bytes
 * @property {string} [format]
 * @property {number} [column]
 * @property {number} [depth]
 */

/**
 * How a file's head reads: the format used, whether it was detected, the first records.
 * @typedef {Object} Preview
 * @property {string} format
 * @property {boolean} detected
 * @property {PreviewRecord[]} records
 * @property {CoreErrorData} [error] the first line that does not read, when there is one
 */

/**
 * One record as the reader gives it: a token, a sentence break, a lexicon entry or a count.
 * @typedef {Object} PreviewRecord
 * @property {number} line
 * @property {'token' | 'break' | 'entry' | 'count'} kind
 * @property {string} item
 * @property {string} label
 * @property {number} count
 */

/**
 * A measure's value by id; null where it is not defined (a warning says why).
 * @typedef {Record<string, number | null>} MeasureValues
 */

/**
 * The M-1 search of one measure (SPEC §4): the best value, the worst of the climb's starts,
 * how many starts reached the best, and whether it is proved optimal; no mapping scores
 * above `bound`.
 * @typedef {Object} Restarts
 * @property {number} max
 * @property {number} min
 * @property {number} hits
 * @property {number} [sweeps]
 * @property {boolean} [optimal]
 * @property {number} [bound]
 * @property {true} [budget_reached] only where the work budget (m1_budget) stopped the search
 * @property {number} [starts] then, the starts that ran
 */

/**
 * A sense run's measures of one system (SPEC §3.7): the lemma averages by measure id, null
 * where undefined, the gold lemmas, and with `detail` each lemma's values.
 * @typedef {MeasureValues & {lemmas: number, by_lemma?: Record<string, MeasureValues>}} SenseValues
 */

/**
 * A coreference run's measures of one system (SPEC §3.6): R, P, F of each metric and
 * conll_f from the totals over the key's documents, and how many documents.
 * @typedef {MeasureValues & {documents: number}} CorefValues
 */

/**
 * One row of the result: a system or a baseline (`baseline:random`, …). SPEC §4.
 * @typedef {Object} SystemResult
 * @property {string} name
 * @property {string} [format]
 * @property {number} [clusters]
 * @property {number} [missing]
 * @property {number} [extra]
 * @property {MeasureValues} [token]
 * @property {MeasureValues | null} [type]
 * @property {SenseValues} [senses] a sense run's measures (SPEC §3.7); token and type are null
 * @property {CorefValues} [coref] a coreference run's measures (SPEC §3.6); token and type are null
 * @property {Record<string, Record<string, any>>} [coref_by_document] with `detail`: each key
 *   document's measures, entities (sizes, marks) and overlap cells [key, response, shared, φ4,
 *   aligned by CEAF-e]
 * @property {Record<string, Restarts>} [restarts] the M-1 search of each type-level M-1 measure
 * @property {Record<string, [number, number]>} [ci] 95% intervals by 'level.id'
 * @property {string[]} [warnings]
 * @property {CoreErrorData} [error] the system failed; the others are still scored
 * @property {Record<string, any>} [detail] with `options.detail`: tables, mappings, items
 */

/**
 * The result of a run (SPEC §4): more keys may come, none is renamed.
 * @typedef {Object} Result
 * @property {number} schema
 * @property {string} version
 * @property {Record<string, any>} gold the gold file's statistics
 * @property {Record<string, any>} options the options in force
 * @property {SystemResult[]} systems
 * @property {Record<string, any>} [bootstrap] what the intervals rest on, after resampling
 * @property {Record<string, any>} [paired] paired shares by measure, system and system
 * @property {Record<string, any>} [rank_correlation]
 * @property {CheckCell[]} [check] reported numbers, when they were checked
 */

/**
 * An error of the core, as plain fields that cross the worker boundary.
 * @typedef {Object} CoreErrorData
 * @property {string} code a ce_status name: 'CE_ERR_SYNTAX', …
 * @property {string} message
 * @property {string} [file]
 * @property {number} [line]
 * @property {number} [column]
 */

/**
 * How far a run is: bytes read of all inputs (phase 'read'), then, with `bootstrap`, the
 * resamples and the jackknife's replicates done (phase 'bootstrap'), then, with `test` 'ar',
 * the shuffles (phase 'shuffle').
 * @typedef {Object} Progress
 * @property {number} done
 * @property {number} total
 * @property {'read' | 'bootstrap' | 'shuffle'} phase
 */

/** @typedef {'text' | 'tsv' | 'csv' | 'markdown' | 'latex'} TableFormat */

/**
 * A table of the last evaluation as the core writes it (the command line's --format), for the
 * page's exports.
 * @typedef {Object} TableRequest
 * @property {TableFormat} format
 * @property {string[]} columns measures as 'level.id': 'token.m1', 'type.macro_i_m1',
 *   'senses.fuzzy_bcubed_f', 'coref.conll_f'
 * @property {number[]} [rows] the rows to show, in order, as indices into the result's
 *   `systems`; every row when left out
 */

/**
 * One system's per-item rows from the last evaluation, for a run with `detail: 2`.
 * @typedef {Object} ItemsRequest
 * @property {number} system an index into the result's `systems`
 */

/**
 * Reported numbers (a paper's table, as printed) to check against the last evaluation.
 * @typedef {Object} CheckRequest
 * @property {string} name what messages call the text (its file name)
 * @property {string} text TSV, CSV, Markdown, LaTeX rows or system/measure/value lines
 * @property {Record<string, number>} [assign] a reported row name → the index of the result's
 *   system to read it as, for rows whose names match no file
 */

/**
 * One reported number and its verdict (SPEC §4, the JSON's `check`).
 * @typedef {Object} CheckCell
 * @property {string} system the row's name as reported
 * @property {number | null} row the result's system it was matched to
 * @property {string} heading the column's heading as reported
 * @property {string | null} measure 'token.m1', …; null when the heading names no measure
 * @property {string} printed the number as printed
 * @property {number} reported
 * @property {number} scale 100 for a percentage, else 1
 * @property {number | null} computed on the reported scale
 * @property {number | null} difference computed − reported
 * @property {number} tolerance half a unit of the last printed digit
 * @property {boolean} reproduced
 * @property {number} line of the number in the reported text
 * @property {string | null} problem why it could not be compared
 */

/**
 * What each request carries, by its type.
 * @typedef {Object} Requests
 * @property {EvaluateRequest} evaluate
 * @property {PreviewRequest} preview
 * @property {TableRequest} table
 * @property {ItemsRequest} items
 * @property {CheckRequest} check
 */

/**
 * What each request is answered with, by its type.
 * @typedef {Object} Responses
 * @property {Result} evaluate
 * @property {Preview} preview
 * @property {string} table
 * @property {any[][]} items each [item, gold ids, system ids, M-1 mapped ids, M-1 F_i, 1-1
 *   mapped ids, 1-1 F_i, ECS S_i or null], as `detail.items` holds them
 * @property {CheckCell[]} check
 */

/** @typedef {keyof Requests} RequestType */

/**
 * A message from the page: {id, type, data}.
 * @template {RequestType} [K=RequestType]
 * @typedef {K extends RequestType ? {id: number, type: K, data: Requests[K]} : never} RequestMessage
 */

/**
 * A message from the worker.
 * @typedef {{type: 'ready', data: {version: string, threaded: boolean}}
 *   | {id: number, type: 'progress', data: Progress}
 *   | {id: number, type: 'result', data: Responses[RequestType]}
 *   | {id?: number, type: 'error', data: CoreErrorData}} WorkerMessage
 */

export {};
