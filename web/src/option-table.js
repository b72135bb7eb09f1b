// The core's option table, made from the core's option table by scripts/gen-options.mjs; do not edit.
// The page makes its option fields, their checks, defaults and link keys from it.

export const OPTION_TABLE = [
  {
    "id": "beta",
    "kind": "number",
    "default": 1,
    "min": 1e-9,
    "max": 1000000000,
    "choices": [],
    "group": "measures",
    "groupTitle": "Measures",
    "label": "β of V",
    "help": "weight of completeness in V-measure; 1 weighs homogeneity and completeness equally"
  },
  {
    "id": "log2",
    "kind": "flag",
    "default": false,
    "min": 0,
    "max": 1,
    "choices": [],
    "group": "measures",
    "groupTitle": "Measures",
    "label": "Entropies in bits",
    "help": "entropies and VI in bits (base-2 logarithms) instead of nats"
  },
  {
    "id": "token_check",
    "kind": "flag",
    "default": true,
    "min": 0,
    "max": 1,
    "choices": [],
    "group": "tokens",
    "groupTitle": "Tokens",
    "label": "Check that tokens line up",
    "help": "token mode: gold and system hold the same token texts, position by position; off compares the token counts only"
  },
  {
    "id": "nmi_mean",
    "kind": "choice",
    "default": "arithmetic",
    "min": 0,
    "max": 3,
    "choices": [
      "arithmetic",
      "geometric",
      "min",
      "max"
    ],
    "group": "measures",
    "groupTitle": "Measures",
    "label": "NMI mean",
    "help": "how nmi and ami average H(C) and H(K)"
  },
  {
    "id": "restarts",
    "kind": "integer",
    "default": 10,
    "min": 1,
    "max": 100000,
    "choices": [],
    "group": "search",
    "groupTitle": "M-1 search and types",
    "label": "Restarts",
    "help": "hill-climbing starts of the type-level M-1 measures"
  },
  {
    "id": "seed",
    "kind": "integer",
    "default": 1,
    "min": 0,
    "max": 9007199254740991,
    "choices": [],
    "group": "search",
    "groupTitle": "M-1 search and types",
    "label": "Seed",
    "help": "seeds the random starts, the random baseline and the resamples"
  },
  {
    "id": "min_share",
    "kind": "number",
    "default": 0,
    "min": 0,
    "max": 1,
    "choices": [],
    "group": "search",
    "groupTitle": "M-1 search and types",
    "label": "Min. share",
    "help": "types from tokens: a label joins an item's entry only if at least this share of the item's tokens carry it"
  },
  {
    "id": "m1_budget",
    "kind": "integer",
    "default": 100000000,
    "min": 0,
    "max": 9007199254740991,
    "choices": [],
    "group": "search",
    "groupTitle": "M-1 search and types",
    "label": "M-1 budget",
    "help": "label reads each type-level M-1 measure's search may take (SPEC 3.2); past it the value is the best mapping found; 0: none, the paper's protocol however long it takes"
  },
  {
    "id": "unclustered",
    "kind": "choice",
    "default": "merge",
    "min": 0,
    "max": 2,
    "choices": [
      "merge",
      "split",
      "drop"
    ],
    "group": "unclustered",
    "groupTitle": "Unclustered gold items",
    "label": "Policy",
    "help": "gold items a system leaves unclustered: merge (one extra cluster holds them all), split (each a cluster of its own) or drop (they leave the evaluation)"
  },
  {
    "id": "exclude_punct",
    "kind": "flag",
    "default": false,
    "min": 0,
    "max": 1,
    "choices": [],
    "group": "tokens",
    "groupTitle": "Tokens",
    "label": "Exclude tokens made only of Unicode punctuation and symbols",
    "help": "tokens made only of Unicode punctuation and symbols leave the evaluation"
  },
  {
    "id": "map_keep",
    "kind": "flag",
    "default": false,
    "min": 0,
    "max": 1,
    "choices": [],
    "group": "maps",
    "groupTitle": "Label maps",
    "label": "Keep labels a map lacks (otherwise they are an error)",
    "help": "label maps: keep a label the map lacks (otherwise an error)"
  },
  {
    "id": "column",
    "kind": "integer",
    "default": 0,
    "min": 0,
    "max": 1000,
    "choices": [],
    "group": "reading",
    "groupTitle": "Reading a file",
    "label": "Label column",
    "help": "tagged files: the label column, 1-based; 0 reads the last"
  },
  {
    "id": "depth",
    "kind": "integer",
    "default": 0,
    "min": 0,
    "max": 100000,
    "choices": [],
    "group": "reading",
    "groupTitle": "Reading a file",
    "label": "Path bits",
    "help": "paths files: clusters are the first N bits of a path; 0 keeps them all"
  },
  {
    "id": "detail",
    "kind": "flag",
    "default": false,
    "min": 0,
    "max": 2,
    "choices": [],
    "group": "run",
    "groupTitle": "The run",
    "label": "Details",
    "help": "JSON: add each system's tables, mappings and per-item rows (2: the rows apart, from ce_eval_items_json)"
  },
  {
    "id": "substitutable",
    "kind": "flag",
    "default": false,
    "min": 0,
    "max": 1,
    "choices": [],
    "group": "measures",
    "groupTitle": "Measures",
    "label": "Substitutable precision and recall (Frank et al. 2009), gold-free",
    "help": "compute sub_p and sub_r (Frank, Goldwater & Keller 2009), gold-free"
  },
  {
    "id": "levels",
    "kind": "choice",
    "default": "both",
    "min": 0,
    "max": 2,
    "choices": [
      "both",
      "token",
      "type"
    ],
    "group": "measures",
    "groupTitle": "Measures",
    "label": "Levels",
    "help": "compute both levels, or the token or the type level only"
  },
  {
    "id": "bootstrap",
    "kind": "integer",
    "default": 0,
    "min": 0,
    "max": 100000,
    "choices": [],
    "group": "statistics",
    "groupTitle": "Confidence",
    "label": "Bootstrap resamples",
    "help": "resamples of sentences (a lexicon: items) for 95% intervals and the paired bootstrap; 0 is off"
  },
  {
    "id": "ci",
    "kind": "choice",
    "default": "bca",
    "min": 0,
    "max": 2,
    "choices": [
      "bca",
      "percentile",
      "basic"
    ],
    "group": "statistics",
    "groupTitle": "Confidence",
    "label": "Intervals",
    "help": "how the intervals are made: bca (bias-corrected and accelerated), percentile or basic (the percentile interval reflected about the value)"
  },
  {
    "id": "test",
    "kind": "choice",
    "default": "bootstrap",
    "min": 0,
    "max": 1,
    "choices": [
      "bootstrap",
      "ar"
    ],
    "group": "statistics",
    "groupTitle": "Confidence",
    "label": "Paired test",
    "help": "the p-values between every two systems: the paired bootstrap on the resamples, or ar (approximate randomization, swapping outputs sentence by sentence)"
  },
  {
    "id": "shuffles",
    "kind": "integer",
    "default": 10000,
    "min": 1,
    "max": 10000000,
    "choices": [],
    "group": "statistics",
    "groupTitle": "Confidence",
    "label": "Shuffles",
    "help": "approximate randomization's shuffles a pair of systems"
  },
  {
    "id": "threads",
    "kind": "integer",
    "default": 0,
    "min": 0,
    "max": 256,
    "choices": [],
    "group": "run",
    "groupTitle": "The run",
    "label": "Threads",
    "help": "the type level's searches and extended BCubed side by side on N threads; 0: one a processor (the numbers are the same on any count)"
  }
];
