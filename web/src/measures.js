// Every measure the page can show, described once (SPEC §3.1). Table headers, tooltips and the
// "show all" list come from here; the numbers themselves always come from the result JSON.
//
// higherIsBetter: true or false for a score; null for a plain quantity with no direction (the
// entropy of either side), which is never marked best. main: shown without "show all".

export const FAMILIES = {
  mapping: 'Mapping',
  information: 'Information',
};

const RAR2010 = 'Reichart, Abend & Rappoport (2010), §3: the standard mapping-based accuracies';
const RH2007 =
  'Rosenberg & Hirschberg (2007), V-measure: a conditional entropy-based external ' +
  'cluster evaluation measure';
const MEILA2007 = 'Meilă (2007), Comparing clusterings: an information based distance';
const RR2009 = 'Reichart & Rappoport (2009), The NVI clustering evaluation measure';
const SHANNON = 'Shannon (1948), A mathematical theory of communication';

export const MEASURES = [
  {
    id: 'm1',
    label: 'M-1',
    name: 'Many-to-one accuracy (purity)',
    family: 'mapping',
    formula:
      'each cluster is mapped to the class it overlaps most; the share of tokens whose ' +
      'class is the one their cluster maps to (Frank et al. 2009 call it matched accuracy)',
    paper: RAR2010,
    higherIsBetter: true,
    main: true,
  },
  {
    id: 'o1',
    label: '1-1',
    name: 'One-to-one accuracy',
    family: 'mapping',
    formula:
      'the share of tokens correct under the best mapping that sends each cluster to a ' +
      'different class (extra clusters stay unmapped), found exactly by Kuhn–Munkres',
    paper: RAR2010,
    higherIsBetter: true,
    main: true,
  },
  {
    id: 'homogeneity',
    label: 'Hom.',
    name: 'Homogeneity',
    family: 'information',
    formula: '1 − H(C|K) / H(C): how far each cluster holds one class (1 when H(C) is 0)',
    paper: RH2007,
    higherIsBetter: true,
    main: true,
  },
  {
    id: 'completeness',
    label: 'Compl.',
    name: 'Completeness',
    family: 'information',
    formula: '1 − H(K|C) / H(K): how far each class sits in one cluster (1 when H(K) is 0)',
    paper: RH2007,
    higherIsBetter: true,
    main: true,
  },
  {
    id: 'v_measure',
    label: 'V',
    name: 'V-measure',
    family: 'information',
    formula:
      'the weighted harmonic mean of homogeneity h and completeness c: ' +
      '(1 + β)·h·c / (β·h + c), 0 when both are 0',
    paper: RH2007,
    higherIsBetter: true,
    main: true,
  },
  {
    id: 'vi',
    label: 'VI',
    name: 'Variation of information',
    family: 'information',
    formula: 'H(C|K) + H(K|C): what is lost and what is gained going from classes to clusters',
    paper: MEILA2007,
    higherIsBetter: false,
    main: true,
  },
  {
    id: 'nvi',
    label: 'NVI',
    name: 'Normalised variation of information',
    family: 'information',
    formula: 'VI / H(C), or H(K) when H(C) is 0',
    paper: RR2009,
    higherIsBetter: false,
    main: true,
  },
  {
    id: 'mi',
    label: 'I(C;K)',
    name: 'Mutual information',
    family: 'information',
    formula: 'H(C) − H(C|K): what the clusters tell about the classes',
    paper: SHANNON,
    higherIsBetter: true,
    main: false,
  },
  {
    id: 'h_c',
    label: 'H(C)',
    name: 'Entropy of the gold classes',
    family: 'information',
    formula: 'the entropy of the distribution of classes over tokens',
    paper: SHANNON,
    higherIsBetter: null,
    main: false,
  },
  {
    id: 'h_k',
    label: 'H(K)',
    name: 'Entropy of the clusters',
    family: 'information',
    formula: 'the entropy of the distribution of clusters over tokens',
    paper: SHANNON,
    higherIsBetter: null,
    main: false,
  },
  {
    id: 'h_c_given_k',
    label: 'H(C|K)',
    name: 'Entropy of the classes given the clusters',
    family: 'information',
    formula: 'what remains unknown of the class once the cluster is known',
    paper: RH2007,
    higherIsBetter: false,
    main: false,
  },
  {
    id: 'h_k_given_c',
    label: 'H(K|C)',
    name: 'Entropy of the clusters given the classes',
    family: 'information',
    formula: 'what remains unknown of the cluster once the class is known',
    paper: RH2007,
    higherIsBetter: false,
    main: false,
  },
];

/** Measures whose value is in nats or bits, as the log base in force says. */
const IN_LOG_UNITS = new Set(['vi', 'mi', 'h_c', 'h_k', 'h_c_given_k', 'h_k_given_c']);

/** The measures to show: the main ones, or all of them. */
export function visibleMeasures(showAll) {
  return showAll ? MEASURES : MEASURES.filter((m) => m.main);
}

/** "higher is better", "lower is better" or "no direction". */
export function direction(m) {
  if (m.higherIsBetter === null) return 'no direction';
  return m.higherIsBetter ? 'higher is better' : 'lower is better';
}

/** The formula as a sentence. */
export function formulaSentence(m) {
  return `${m.formula.charAt(0).toUpperCase()}${m.formula.slice(1)}.`;
}

/** A tooltip: name (and unit), direction, formula, paper. `log` is the result's "e" or "2". */
export function describe(m, log = 'e') {
  const unit = IN_LOG_UNITS.has(m.id) ? (log === '2' ? ', in bits' : ', in nats') : '';
  return `${m.name}${unit}; ${direction(m)}.\n${formulaSentence(m)}\n${m.paper}.`;
}
