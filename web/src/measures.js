// Every measure the page can show, described once (SPEC §3.1–§3.3). Table headers, tooltips,
// the notes and the option lists come from here; the numbers always come from the result JSON.
// Labels and directions are the core's measure table's (CE_MEASURE_MAP in clustereval.h),
// which titles the exports: tests/js/table.test.mjs holds the two equal.
//
// levels: where the result holds the measure (`token`, `type`, `senses` for a sense run,
// SPEC §3.7, `tde` for a spoken-term-discovery run, §3.8, and `coref` for a coreference run,
// SPEC §3.6); main: the levels where it is shown without "all measures". higherIsBetter: true or false for a score; null for a plain
// quantity with no direction (the entropy of either side), which is never marked best.
// mapping: 'm1' or 'o1' for the measures that rest on a cluster→class mapping, else null.

export const FAMILIES = {
  mapping: 'Mapping-based',
  information: 'Information-theoretic',
  pairs: 'Pair-counting',
  bcubed: 'BCubed',
  overlap: 'Overlapping clusterings',
  polysemous: 'Type-level polysemous',
  coverage: 'Coverage and substitutability',
  discovery: 'Spoken term discovery (tdev2)',
  coref: 'Coreference',
};

/** Short family names for the table's group headers. */
export const FAMILY_SHORT = {
  mapping: 'Mapping',
  information: 'Information',
  pairs: 'Pairs',
  bcubed: 'BCubed',
  overlap: 'Overlap',
  polysemous: 'Polysemous',
  coverage: 'Coverage',
  discovery: 'Term discovery',
  coref: 'Coreference',
};

// A sense run's level is called as the core's table exports call it ("Sense level").
export const LEVELS = {
  token: 'Token level',
  type: 'Type level',
  senses: 'Sense level',
  tde: 'TDE level',
  coref: 'Coref level',
};

/** The metrics a coreference run's columns group under (SPEC §3.6), in the table's order. */
export const COREF_METRICS = {
  conll: 'CoNLL',
  muc: 'MUC',
  bcubed: 'B³',
  ceafm: 'CEAF-m',
  ceafe: 'CEAF-e',
  blanc: 'BLANC',
  lea: 'LEA',
  mention: 'Mentions',
};

/** The shared tasks whose measures a sense run's columns are, for the table's group headers. */
export const SENSE_TASKS = {
  semeval2013: 'SemEval-2013',
  semeval2010: 'SemEval-2010',
};

const TDEV2 =
  'Versteegh, Anguera, Jansen & Dupoux (2016), The Zero Resource Speech Challenge 2015: ' +
  'Proposed approaches and results; Dunbar et al. (2017); as zerospeech/tdev2 computes it';
const JK2013 =
  'Jurgens & Klapaftis (2013), SemEval-2013 Task 13: Word Sense Induction for Graded and ' +
  'Non-Graded Senses, §4';
const PRADHAN2014 =
  'Pradhan, Luo, Recasens, Hovy, Ng & Strube (2014), Scoring coreference partitions of ' +
  'predicted mentions: a reference implementation; the CoNLL-2012 scorer v8.01';
const MANANDHAR2010 =
  'Manandhar, Klapaftis, Dligach & Pradhan (2010), SemEval-2010 Task 14: Word Sense Induction ' +
  "& Disambiguation; the task's vmeasure and fscore scorers";
const RAR2010 =
  'Reichart, Abend & Rappoport (2010), Type level clustering evaluation: new measures and a ' +
  'POS induction case study, §3';
const RAR2010_4 = (section) =>
  `Reichart, Abend & Rappoport (2010), Type level clustering evaluation: new measures and a POS induction case study, ${section}`;
const AMIGO2009 =
  'Amigó, Gonzalo, Artiles & Verdejo (2009), A comparison of extrinsic clustering evaluation ' +
  'metrics based on formal constraints';
const RH2007 =
  'Rosenberg & Hirschberg (2007), V-measure: a conditional entropy-based external ' +
  'cluster evaluation measure';
const MEILA2007 = 'Meilă (2007), Comparing clusterings: an information based distance';
const RR2009 = 'Reichart & Rappoport (2009), The NVI clustering evaluation measure';
const SHANNON = 'Shannon (1948), A mathematical theory of communication';
const STREHL2002 =
  'Strehl & Ghosh (2002), Cluster ensembles: a knowledge reuse framework for combining ' +
  'multiple partitions';
const VINH2010 =
  'Vinh, Epps & Bailey (2010), Information theoretic measures for clusterings comparison';
const HA1985 = 'Hubert & Arabie (1985), Comparing partitions';
const RAND1971 = 'Rand (1971), Objective criteria for the evaluation of clustering methods';
const FGK2009 =
  'Frank, Goldwater & Keller (2009), Evaluating models of syntactic category acquisition ' +
  'without using a gold standard';
const FM1983 = 'Fowlkes & Mallows (1983), A method for comparing two hierarchical clusterings';
const BB1998 =
  'Bagga & Baldwin (1998), Entity-based cross-document coreferencing using the vector ' +
  'space model; ' +
  AMIGO2009;
const WORDSPACE =
  'Evert, the wordspace R package, eval.clustering (after Zhao & Karypis 2001): ' +
  'clustering entropy';
const ZEROSPEECH =
  'The ZeroSpeech term discovery evaluation (Ludusan et al. 2014; Versteegh et al. 2015)';
const MGH2011 =
  'McDaid, Greene & Hurley (2011), Normalized mutual information to evaluate overlapping ' +
  'community finding algorithms, arXiv:1110.2515';
const LFK2009 =
  'Lancichinetti, Fortunato & Kertész (2009), Detecting the overlapping and hierarchical ' +
  'community structure in complex networks, Appendix B';
const CD1988 =
  'Collins & Dent (1988), Omega: a general formulation of the Rand index of cluster ' +
  'recovery suitable for non-disjoint solutions';
const GATES2019 =
  'Gates, Wood, Hetrick & Ahn (2019), Element-centric clustering comparison unifies ' +
  'overlaps and hierarchy';
const OVERLAP_LEVELS =
  'over tokens each token is in one class and one cluster; over items an entry with several ' +
  'labels puts the item in several clusters';

const HOW = {
  m1:
    'every cluster mapped to a class, the best mapping found by hill climbing from several ' +
    'starts and an exact search that proves it optimal or bounds how far it can be from the ' +
    'best (shown under the number)',
  o1:
    'each class taking at most one cluster, the best such mapping found exactly ' +
    '(Kuhn–Munkres); unmapped clusters match nothing',
};

const m = (def) => ({ mapping: null, levels: ['token', 'type'], main: [], ...def });

export const MEASURES = [
  // ---- mapping-based (§3.1)
  m({
    id: 'm1',
    label: 'M-1',
    name: 'Many-to-one accuracy (purity)',
    family: 'mapping',
    formula:
      'each cluster is mapped to the class it overlaps most; the share of tokens (or items) ' +
      'whose class is the one their cluster maps to (Frank et al. 2009 call it matched accuracy)',
    paper: RAR2010,
    higherIsBetter: true,
    mapping: 'm1',
    main: ['token', 'type'],
  }),
  m({
    id: 'o1',
    label: '1-1',
    name: 'One-to-one accuracy',
    family: 'mapping',
    formula:
      'the share of tokens (or items) correct under the best mapping that sends each cluster ' +
      'to a different class (extra clusters stay unmapped), found exactly by Kuhn–Munkres',
    paper: RAR2010,
    higherIsBetter: true,
    mapping: 'o1',
    main: ['token', 'type'],
  }),
  m({
    id: 'inv_purity',
    label: 'Inv. pur.',
    name: 'Inverse purity',
    family: 'mapping',
    formula: 'each class takes the cluster it overlaps most; the share of tokens in that cluster',
    paper: AMIGO2009,
    higherIsBetter: true,
  }),
  // ---- information-theoretic (§3.1)
  m({
    id: 'homogeneity',
    label: 'Hom.',
    name: 'Homogeneity',
    family: 'information',
    formula: '1 − H(C|K) / H(C): how far each cluster holds one class (1 when H(C) is 0)',
    paper: RH2007,
    higherIsBetter: true,
    main: ['token'],
  }),
  m({
    id: 'completeness',
    label: 'Compl.',
    name: 'Completeness',
    family: 'information',
    formula: '1 − H(K|C) / H(K): how far each class sits in one cluster (1 when H(K) is 0)',
    paper: RH2007,
    higherIsBetter: true,
    main: ['token'],
  }),
  m({
    id: 'v_measure',
    label: 'V',
    name: 'V-measure',
    family: 'information',
    formula:
      'the weighted harmonic mean of homogeneity h and completeness c: ' +
      '(1 + β)·h·c / (β·h + c), 0 when both are 0',
    paper: RH2007,
    higherIsBetter: true,
    main: ['token'],
  }),
  m({
    id: 'vi',
    label: 'VI',
    name: 'Variation of information',
    family: 'information',
    formula: 'H(C|K) + H(K|C): what is lost and what is gained going from classes to clusters',
    paper: MEILA2007,
    higherIsBetter: false,
    main: ['token'],
  }),
  m({
    id: 'nvi',
    label: 'NVI',
    name: 'Normalised variation of information',
    family: 'information',
    formula: 'VI / H(C), or H(K) when H(C) is 0',
    paper: RR2009,
    higherIsBetter: false,
    main: ['token'],
  }),
  m({
    id: 'nmi',
    label: 'NMI',
    name: 'Normalised mutual information',
    family: 'information',
    formula:
      'I(C;K) divided by a mean of H(C) and H(K) (arithmetic unless the options say ' +
      'otherwise); 1 when both entropies are 0',
    paper: STREHL2002,
    higherIsBetter: true,
  }),
  m({
    id: 'ami',
    label: 'AMI',
    name: 'Adjusted mutual information',
    family: 'information',
    formula:
      'mutual information corrected for chance: (I − E[I]) / (mean(H(C), H(K)) − E[I]), ' +
      'with E[I] its expectation under the hypergeometric model of random clusterings',
    paper: VINH2010,
    higherIsBetter: true,
  }),
  m({
    id: 'mi',
    label: 'I(C;K)',
    name: 'Mutual information',
    family: 'information',
    formula: 'H(C) − H(C|K): what the clusters tell about the classes',
    paper: SHANNON,
    higherIsBetter: true,
  }),
  m({
    id: 'h_c',
    label: 'H(C)',
    name: 'Entropy of the gold classes',
    family: 'information',
    formula: 'the entropy of the distribution of classes',
    paper: SHANNON,
    higherIsBetter: null,
  }),
  m({
    id: 'h_k',
    label: 'H(K)',
    name: 'Entropy of the clusters',
    family: 'information',
    formula: 'the entropy of the distribution of clusters',
    paper: SHANNON,
    higherIsBetter: null,
  }),
  m({
    id: 'h_c_given_k',
    label: 'H(C|K)',
    name: 'Entropy of the classes given the clusters',
    family: 'information',
    formula: 'what remains unknown of the class once the cluster is known',
    paper: RH2007,
    higherIsBetter: false,
  }),
  m({
    id: 'h_k_given_c',
    label: 'H(K|C)',
    name: 'Entropy of the clusters given the classes',
    family: 'information',
    formula: 'what remains unknown of the cluster once the class is known',
    paper: RH2007,
    higherIsBetter: false,
  }),
  m({
    id: 'entropy_bits',
    label: 'Ent. (bits)',
    name: 'Clustering entropy',
    family: 'information',
    formula: 'H(C|K) in bits, whatever the log base in force',
    paper: WORDSPACE,
    higherIsBetter: false,
  }),
  m({
    id: 'entropy_scaled',
    label: 'Ent. (scaled)',
    name: 'Scaled clustering entropy',
    family: 'information',
    formula: 'H(C|K) / H(C), 0 when H(C) is 0',
    paper: WORDSPACE,
    higherIsBetter: false,
  }),
  // ---- pair-counting (§3.1)
  m({
    id: 'ari',
    label: 'ARI',
    name: 'Adjusted Rand index',
    family: 'pairs',
    formula:
      'the Rand index corrected for chance: the share of agreeing pairs beyond what random ' +
      'clusterings of the same sizes give; 1 when no pair disagrees',
    paper: HA1985,
    higherIsBetter: true,
  }),
  m({
    id: 'rand',
    label: 'Rand',
    name: 'Rand index',
    family: 'pairs',
    formula: 'the share of pairs of tokens on which classes and clusters agree (together or apart)',
    paper: RAND1971,
    higherIsBetter: true,
  }),
  m({
    id: 'pair_p',
    label: 'PP',
    name: 'Pairwise precision',
    family: 'pairs',
    formula: 'of the pairs of tokens in one cluster, the share that are in one class',
    paper: FGK2009,
    higherIsBetter: true,
  }),
  m({
    id: 'pair_r',
    label: 'PR',
    name: 'Pairwise recall',
    family: 'pairs',
    formula: 'of the pairs of tokens in one class, the share that are in one cluster',
    paper: FGK2009,
    higherIsBetter: true,
  }),
  m({
    id: 'pair_f',
    label: 'PF',
    name: 'Pairwise F-score',
    family: 'pairs',
    formula: 'the harmonic mean of pairwise precision and recall',
    paper: FGK2009,
    higherIsBetter: true,
  }),
  m({
    id: 'fmi',
    label: 'FMI',
    name: 'Fowlkes–Mallows index',
    family: 'pairs',
    formula: 'the geometric mean of pairwise precision and recall: √(PP·PR)',
    paper: FM1983,
    higherIsBetter: true,
  }),
  m({
    id: 'grouping_p',
    label: 'Grp. P',
    name: 'Grouping precision',
    family: 'pairs',
    formula:
      'found pairs are tokens sharing a cluster, gold pairs tokens sharing a class, each class ' +
      'weighted by its share of the tokens in a pair: Σ n_ck over cells with n_ck ≥ 2, divided ' +
      'by the tokens of clusters with at least 2',
    paper: ZEROSPEECH,
    higherIsBetter: true,
  }),
  m({
    id: 'grouping_r',
    label: 'Grp. R',
    name: 'Grouping recall',
    family: 'pairs',
    formula:
      'Σ n_ck over cells with n_ck ≥ 2, divided by the tokens of classes with at least 2 ' +
      '(the ZeroSpeech grouping recall with tokens as fragments)',
    paper: ZEROSPEECH,
    higherIsBetter: true,
  }),
  m({
    id: 'grouping_f',
    label: 'Grp. F',
    name: 'Grouping F-score',
    family: 'pairs',
    formula: 'the harmonic mean of grouping precision and recall',
    paper: ZEROSPEECH,
    higherIsBetter: true,
  }),
  // ---- BCubed (§3.1, §3.3)
  m({
    id: 'bcubed_p',
    label: 'B³ P',
    name: 'BCubed precision',
    family: 'bcubed',
    formula: 'for each token, the share of its cluster that shares its class, averaged over tokens',
    paper: BB1998,
    higherIsBetter: true,
  }),
  m({
    id: 'bcubed_r',
    label: 'B³ R',
    name: 'BCubed recall',
    family: 'bcubed',
    formula: 'for each token, the share of its class that shares its cluster, averaged over tokens',
    paper: BB1998,
    higherIsBetter: true,
  }),
  m({
    id: 'bcubed_f',
    label: 'B³ F',
    name: 'BCubed F-score',
    family: 'bcubed',
    formula: 'the harmonic mean of BCubed precision and recall',
    paper: BB1998,
    higherIsBetter: true,
  }),
  m({
    id: 'ebcubed_p',
    label: 'EB³ P',
    name: 'Extended BCubed precision',
    family: 'bcubed',
    formula:
      'BCubed for overlapping clusterings, over items: for each pair of items sharing a ' +
      'cluster, min(shared clusters, shared classes) / shared clusters, averaged per item ' +
      'and then over items; no mapping',
    paper: AMIGO2009,
    higherIsBetter: true,
    levels: ['type'],
  }),
  m({
    id: 'ebcubed_r',
    label: 'EB³ R',
    name: 'Extended BCubed recall',
    family: 'bcubed',
    formula:
      'for each pair of items sharing a class, min(shared clusters, shared classes) / shared ' +
      'classes, averaged per item and then over items',
    paper: AMIGO2009,
    higherIsBetter: true,
    levels: ['type'],
  }),
  m({
    id: 'ebcubed_f',
    label: 'EB³ F',
    name: 'Extended BCubed F-score',
    family: 'bcubed',
    formula: 'the harmonic mean of extended BCubed precision and recall',
    paper: AMIGO2009,
    higherIsBetter: true,
    levels: ['type'],
  }),
  // ---- overlapping clusterings (§3.3): both levels, polysemous entries as overlaps
  m({
    id: 'onmi',
    label: 'ONMI',
    name: 'Overlapping normalized mutual information (NMI<Max>)',
    family: 'overlap',
    formula:
      'each class and each cluster is a yes/no variable over the elements; each is matched with ' +
      'the cluster (class) that tells most about it, counting only pairs that look like ' +
      'agreement; the mutual information so found over the larger of the two sides\' summed ' +
      `entropies (${OVERLAP_LEVELS})`,
    paper: MGH2011,
    higherIsBetter: true,
  }),
  m({
    id: 'onmi_lfk',
    label: 'LFK NMI',
    name: 'Overlapping NMI of Lancichinetti, Fortunato & Kertész (lfkNMI)',
    family: 'overlap',
    formula:
      "1 minus half the sum of both sides' mean normalized conditional entropy of a class " +
      "(cluster) given its best-matching cluster (class), with ONMI's pair rule",
    paper: LFK2009,
    higherIsBetter: true,
  }),
  m({
    id: 'omega',
    label: 'Omega',
    name: 'Omega index',
    family: 'overlap',
    formula:
      'the share of pairs of elements that share as many clusters as classes, corrected for ' +
      'chance as ARI is (on a partition it equals ARI)',
    paper: CD1988,
    higherIsBetter: true,
  }),
  m({
    id: 'ecs',
    label: 'ECS',
    name: 'Element-centric similarity',
    family: 'overlap',
    formula:
      "each element's random walk with restarts (α = 0.9) through its clusters, compared " +
      'between the two sides and averaged over the elements; on a partition the mean over ' +
      'elements of |C1 ∩ C2| / max(|C1|, |C2|)',
    paper: GATES2019,
    higherIsBetter: true,
  }),
  // ---- type-level polysemous (§3.2)
  // In the order of Reichart et al. (2010), Table 1: each measure under M-1, then 1-1.
  ...[
    {
      kind: 'macro_i',
      label: 'MacroI',
      name: 'Item-based macro F-score',
      formula:
        "2·Σ|A_i ∩ h(B_i)| / (Σ|A_i| + Σ|h(B_i)|): how many of each item's gold classes its " +
        'mapped clusters give, pooled over items (equals MacroC)',
      section: '§4.1',
    },
    {
      kind: 'micro_i',
      label: 'MicroI',
      name: 'Item-based micro F-score',
      formula: "the mean over items of each item's F-score 2·|A_i ∩ h(B_i)| / (|A_i| + |h(B_i)|)",
      section: '§4.1',
    },
    {
      kind: 'micro_c',
      label: 'MicroC',
      name: 'Cluster-based micro F-score',
      formula:
        "clusters mapped to one class are united; each union's F-score against its class, " +
        'weighted by its size',
      section: '§4.2',
    },
  ].flatMap((x) =>
    ['m1', 'o1'].map((map) =>
      m({
        id: `${x.kind}_${map}`,
        label: `${x.label} ${map === 'm1' ? 'M-1' : '1-1'}`,
        name: `${x.name}, ${map === 'm1' ? 'M-1' : '1-1'} mapping`,
        family: 'polysemous',
        formula: `${x.formula}; ${HOW[map]}`,
        paper: RAR2010_4(x.section),
        higherIsBetter: true,
        mapping: map,
        levels: ['type'],
        main: ['type'],
      }),
    ),
  ),
  // ---- coverage and gold-free (§3.3)
  m({
    id: 'cover_p',
    label: 'Cov. P',
    name: 'Coverage precision',
    family: 'coverage',
    formula: 'of the items the system clusters, the share that gold has',
    paper: ZEROSPEECH,
    higherIsBetter: true,
    levels: ['type'],
  }),
  m({
    id: 'cover_r',
    label: 'Cov. R',
    name: 'Coverage recall',
    family: 'coverage',
    formula: 'of the items gold has, the share that the system clusters',
    paper: ZEROSPEECH,
    higherIsBetter: true,
    levels: ['type'],
  }),
  m({
    id: 'cover_f',
    label: 'Cov. F',
    name: 'Coverage F-score',
    family: 'coverage',
    formula: 'the harmonic mean of coverage precision and recall',
    paper: ZEROSPEECH,
    higherIsBetter: true,
    levels: ['type'],
  }),
  m({
    id: 'sub_p',
    label: 'Sub. P',
    name: 'Substitutable precision (gold-free)',
    family: 'coverage',
    formula:
      'words seen in the same context frame (previous and next word with their clusters) ' +
      'should share a cluster: of the pairs within one cluster, the share found in one frame',
    paper: FGK2009,
    higherIsBetter: true,
    levels: ['token', 'type'],
  }),
  m({
    id: 'sub_r',
    label: 'Sub. R',
    name: 'Substitutable recall (gold-free)',
    family: 'coverage',
    formula: 'of the pairs of words found in one context frame, the share within one cluster',
    paper: FGK2009,
    higherIsBetter: true,
    levels: ['token', 'type'],
  }),
  // ---- word-sense induction (§3.7): a sense run's `senses` section. SENSE_MEASURES below
  // puts them in the core's order with SemEval-2010's V-measure and paired F-score.
  m({
    id: 'fuzzy_bcubed_p',
    label: 'F-B³ P',
    name: 'Fuzzy B-cubed precision (SemEval-2013)',
    family: 'bcubed',
    formula:
      'per gold instance, the mean over gold instances sharing a sense of min(g, t)/g, g and t ' +
      'the graded gold and system agreements; averaged over lemmas',
    paper: JK2013,
    higherIsBetter: true,
    levels: ['senses'],
    main: ['senses'],
    task: 'semeval2013',
  }),
  m({
    id: 'fuzzy_bcubed_r',
    label: 'F-B³ R',
    name: 'Fuzzy B-cubed recall (SemEval-2013)',
    family: 'bcubed',
    formula: 'the same over the system instances with min(g, t)/t; averaged over lemmas',
    paper: JK2013,
    higherIsBetter: true,
    levels: ['senses'],
    main: ['senses'],
    task: 'semeval2013',
  }),
  m({
    id: 'fuzzy_bcubed_f',
    label: 'F-B³ F',
    name: 'Fuzzy B-cubed F (SemEval-2013)',
    family: 'bcubed',
    formula: 'harmonic mean of the lemma-averaged fuzzy B-cubed precision and recall',
    paper: JK2013,
    higherIsBetter: true,
    levels: ['senses'],
    main: ['senses'],
    task: 'semeval2013',
  }),
  m({
    id: 'fuzzy_nmi',
    label: 'F-NMI',
    name: 'Fuzzy NMI (SemEval-2013)',
    family: 'information',
    formula:
      'NMI of overlapping, graded sense memberships (Lancichinetti et al. 2009, max ' +
      'normaliser), averaged over lemmas',
    paper: JK2013,
    higherIsBetter: true,
    levels: ['senses'],
    main: ['senses'],
    task: 'semeval2013',
  }),
  m({
    id: 'fuzzy_avg',
    label: 'F-Avg',
    name: 'Geometric mean of fuzzy NMI and fuzzy B-cubed F',
    family: 'information',
    formula: '√(fuzzy NMI · fuzzy B-cubed F), the score later papers rank SemEval-2013 systems by',
    paper: JK2013,
    higherIsBetter: true,
    levels: ['senses'],
    main: ['senses'],
    task: 'semeval2013',
  }),
  // Spoken term discovery (SPEC §3.8), computed on the fragments of a tde run as tdev2 does.
  m({
    id: 'ned',
    label: 'NED',
    name: 'Normalised edit distance',
    family: 'discovery',
    formula:
      'the mean over every pair of fragments within a class of the edit distance of their ' +
      'phone transcriptions (SIL left out) over the longer',
    paper: TDEV2,
    higherIsBetter: false,
    levels: ['tde'],
    main: ['tde'],
  }),
  m({
    id: 'coverage',
    label: 'Cov.',
    name: 'Coverage',
    family: 'discovery',
    formula: 'the phones (not SIL or SPN) inside some discovered fragment, over all of them',
    paper: TDEV2,
    higherIsBetter: true,
    levels: ['tde'],
    main: ['tde'],
  }),
  ...[
    ['token', 'Tok.', 'Token', 'word tokens', 'fragments', 'gold word tokens'],
    ['type', 'Typ.', 'Type', 'transcriptions of hit words', 'distinct transcriptions found',
      'distinct words'],
    ['boundary', 'Bnd.', 'Boundary', 'word boundaries found', 'distinct boundaries found',
      'gold word boundaries'],
  ].flatMap(([id, short, title, hits, found, gold]) => [
    m({
      id: `${id}_p`,
      label: `${short} P`,
      name: `${title} precision`,
      family: 'discovery',
      formula: `${hits} over ${found}`,
      paper: TDEV2,
      higherIsBetter: true,
      levels: ['tde'],
      main: ['tde'],
    }),
    m({
      id: `${id}_r`,
      label: `${short} R`,
      name: `${title} recall`,
      family: 'discovery',
      formula: `${hits} over ${gold}`,
      paper: TDEV2,
      higherIsBetter: true,
      levels: ['tde'],
      main: ['tde'],
    }),
    m({
      id: `${id}_f`,
      label: `${short} F`,
      name: `${title} F-score`,
      family: 'discovery',
      formula: `harmonic mean of ${id} precision and recall`,
      paper: TDEV2,
      higherIsBetter: true,
      levels: ['tde'],
      main: ['tde'],
    }),
  ]),
];

// ---- coreference (§3.6): a coreference run's `coref` section, R, P, F of each metric from the
// totals over the key's documents. COREF_MEASURES below puts them in the core's order with B³
// over mentions, which keeps the ids of §3.1.
const COREF_PARTS = {
  conll: ['CoNLL F1', 'the mean of the MUC, B³ and CEAF-e F1 (the CoNLL-2011/2012 ranking score)', PRADHAN2014],
  muc: ['MUC', 'links: Σ over key and response entity overlaps of (|K∩R| − 1), over the key\'s Σ (|K| − 1) for recall and the response\'s for precision', 'Vilain, Burger, Aberdeen, Connolly & Hirschman (1995), A model-theoretic coreference scoring scheme'],
  ceafm: ['CEAF-m', 'the optimal one-to-one entity alignment by shared mentions φ3 = |K∩R|, over the key\'s mentions for recall and the response\'s for precision', 'Luo (2005), On coreference resolution performance metrics'],
  ceafe: ['CEAF-e', 'the optimal one-to-one entity alignment by φ4 = 2|K∩R|/(|K| + |R|), over the key\'s entities for recall and the response\'s for precision', 'Luo (2005), On coreference resolution performance metrics'],
  blanc: ['BLANC', 'the mean of the coreference links\' and non-coreference links\' scores, each side\'s links built on its own mentions; a kind the key lacks is left out', 'Recasens & Hovy (2011); Luo, Pradhan, Recasens & Hovy (2014), An extension of BLANC to system mentions'],
  lea: ['LEA', 'each entity weighs its size and scores the share of its links the other side resolves (a singleton has one self-link)', 'Moosavi & Strube (2016), Which coreference evaluation metric do you trust? A proposal for a link-based entity aware metric'],
  mention: ['Mention identification', 'mentions whose span matches exactly', PRADHAN2014],
};
const COREF_RPF = { r: ['R', 'recall'], p: ['P', 'precision'], f: ['F', 'F1'] };
const corefMeasure = (metric, part) => {
  const [name, formula, paper] = COREF_PARTS[metric];
  const [label, word] = COREF_RPF[part];
  const title = metric === 'mention' ? `Mention ${label}` : `${name} ${label}`;
  return m({
    id: `${metric}_${part}`,
    label: title,
    name: `${name} ${word}`,
    family: 'coref',
    formula,
    paper,
    higherIsBetter: true,
    levels: ['coref'],
    main: ['coref'],
    metric,
  });
};
MEASURES.push(
  m({
    id: 'conll_f',
    label: 'CoNLL F1',
    name: 'CoNLL F1 (MUC, B³, CEAF-e averaged)',
    family: 'coref',
    formula: COREF_PARTS.conll[1],
    paper: COREF_PARTS.conll[2],
    higherIsBetter: true,
    levels: ['coref'],
    main: ['coref'],
    metric: 'conll',
  }),
  ...['muc', 'ceafm', 'ceafe', 'blanc', 'lea', 'mention'].flatMap((metric) =>
    ['r', 'p', 'f'].map((part) => corefMeasure(metric, part)),
  ),
);

export const MEASURE_BY_ID = Object.fromEntries(MEASURES.map((x) => [x.id, x]));

/**
 * The columns of a sense run, in the order of the core's table (SPEC §3.7): SemEval-2013's
 * fuzzy measures, then SemEval-2010's V-measure and paired F-score, which keep the ids and
 * labels of §3.1 but are computed per lemma over one sense an instance and averaged over
 * lemmas: their sense-level entries say so.
 */
export const SENSE_MEASURES = [
  ...['fuzzy_bcubed_p', 'fuzzy_bcubed_r', 'fuzzy_bcubed_f', 'fuzzy_nmi', 'fuzzy_avg'].map(
    (id) => MEASURE_BY_ID[id],
  ),
  {
    ...MEASURE_BY_ID.v_measure,
    name: 'V-measure (SemEval-2010)',
    formula:
      "per lemma, over each instance's first sense, the harmonic mean of homogeneity and " +
      'completeness in bits, the instances a system leaves unanswered forming one extra ' +
      "cluster; averaged over lemmas weighted by their gold instances",
    paper: MANANDHAR2010,
    levels: ['senses'],
    main: ['senses'],
    task: 'semeval2010',
  },
  {
    ...MEASURE_BY_ID.pair_f,
    name: 'Paired F-score (SemEval-2010)',
    formula:
      'per lemma, the F-score of the pairs of instances sharing a cluster against those ' +
      'sharing a gold sense (a one-instance cluster counts the pair of the instance with ' +
      'itself); averaged over lemmas weighted by their gold instances',
    paper: MANANDHAR2010,
    levels: ['senses'],
    main: ['senses'],
    task: 'semeval2010',
  },
];

const SENSE_MEASURE_BY_ID = Object.fromEntries(SENSE_MEASURES.map((x) => [x.id, x]));

/**
 * The columns of a tde run, in the order of the core's table and of papers' TDE tables
 * (SPEC §3.8): NED, coverage, then grouping, token, type and boundary P, R, F. Grouping keeps
 * the ids and labels of §3.1 but is tdev2's, on fragments: its tde-level entries say so.
 */
export const TDE_MEASURES = [
  MEASURE_BY_ID.ned,
  MEASURE_BY_ID.coverage,
  ...[
    ['grouping_p', 'Grouping precision (tdev2)',
      'tokens in a found pair of one transcription, over tokens in found pairs'],
    ['grouping_r', 'Grouping recall (tdev2)',
      'tokens in a found pair of one transcription, over tokens in pairs of one transcription'],
    ['grouping_f', 'Grouping F-score (tdev2)', 'harmonic mean of grouping precision and recall'],
  ].map(([id, name, formula]) => ({
    ...MEASURE_BY_ID[id],
    name,
    family: 'discovery',
    formula:
      `${formula} (a token: a fragment's phones with their times; pairs within a class, ` +
      'gold pairs not overlapping in one file)',
    paper: TDEV2,
    levels: ['tde'],
    main: ['tde'],
  })),
  ...['token', 'type', 'boundary'].flatMap((id) =>
    ['p', 'r', 'f'].map((x) => MEASURE_BY_ID[`${id}_${x}`]),
  ),
];

const TDE_MEASURE_BY_ID = Object.fromEntries(TDE_MEASURES.map((x) => [x.id, x]));

/**
 * The columns of a coreference run, in the order of the core's JSON (SPEC §3.6): CoNLL F1,
 * then R, P, F of MUC, B³ (over mentions, keeping the ids of §3.1), CEAF-m, CEAF-e, BLANC,
 * LEA and mention identification.
 */
export const COREF_MEASURES = [
  MEASURE_BY_ID.conll_f,
  ...['muc', 'bcubed', 'ceafm', 'ceafe', 'blanc', 'lea', 'mention'].flatMap((metric) =>
    ['r', 'p', 'f'].map((part) =>
      metric === 'bcubed'
        ? {
            ...MEASURE_BY_ID[`bcubed_${part}`],
            name: `B³ ${COREF_RPF[part][1]} over mentions`,
            formula:
              'per mention, the share of its entity the other side puts with it (key mentions for ' +
              'recall, response mentions for precision), summed over the documents',
            paper: 'Bagga & Baldwin (1998), Algorithms for scoring coreference chains',
            levels: ['coref'],
            main: ['coref'],
            metric,
          }
        : MEASURE_BY_ID[`${metric}_${part}`],
    ),
  ),
];

const COREF_MEASURE_BY_ID = Object.fromEntries(COREF_MEASURES.map((x) => [x.id, x]));

/** The measures a level holds, in the table's order. */
export const measuresAt = (level) =>
  level === 'senses'
    ? SENSE_MEASURES
    : level === 'tde'
      ? TDE_MEASURES
      : level === 'coref'
        ? COREF_MEASURES
        : MEASURES.filter((x) => x.levels.includes(level));

/** The measure `id` as `level` defines it (a sense run's V and PF are SemEval-2010's, a tde
 * run's grouping tdev2's, a coreference run's B³ is over mentions), or undefined. */
export const measureAt = (level, id) =>
  level === 'senses'
    ? SENSE_MEASURE_BY_ID[id]
    : level === 'tde'
      ? TDE_MEASURE_BY_ID[id]
      : level === 'coref'
        ? COREF_MEASURE_BY_ID[id]
      : MEASURE_BY_ID[id];

/** Measures whose value is in nats or bits, as the log base in force says. */
const IN_LOG_UNITS = new Set(['vi', 'mi', 'h_c', 'h_k', 'h_c_given_k', 'h_k_given_c']);

/**
 * The columns of Reichart, Abend & Rappoport (2010), Table 1: token M-1, 1-1, NVI, V,
 * H(C|K), H(K|C), then the type-level MacroI, MicroI and MicroC, each M-1 and 1-1.
 */
export const REICHART_TABLE1 = [
  ['token', 'm1'],
  ['token', 'o1'],
  ['token', 'nvi'],
  ['token', 'v_measure'],
  ['token', 'h_c_given_k'],
  ['token', 'h_k_given_c'],
  ['type', 'macro_i_m1'],
  ['type', 'macro_i_o1'],
  ['type', 'micro_i_m1'],
  ['type', 'micro_i_o1'],
  ['type', 'micro_c_m1'],
  ['type', 'micro_c_o1'],
];

/** "higher is better", "lower is better" or "no direction". */
export function direction(measure) {
  if (measure.higherIsBetter === null) return 'no direction';
  return measure.higherIsBetter ? 'higher is better' : 'lower is better';
}

/** The formula as a sentence. */
export function formulaSentence(measure) {
  return `${measure.formula.charAt(0).toUpperCase()}${measure.formula.slice(1)}.`;
}

/** The unit of a value, given the result's log base ("e" or "2"): "nats", "bits" or "". */
export function unit(measure, log = 'e') {
  if (measure.id === 'entropy_bits') return 'bits';
  if (!IN_LOG_UNITS.has(measure.id)) return '';
  return log === '2' ? 'bits' : 'nats';
}

/** A tooltip: name (and unit), level, direction, formula, paper. */
export function describe(measure, log = 'e', level = null) {
  const u = unit(measure, log);
  const over = {
    token: 'over tokens',
    type: 'over items (types)',
    senses: 'over instances, lemma by lemma',
    coref: "over mentions, summed over the key's documents",
  };
  const where = level ? `, ${over[level]}` : '';
  return (
    `${measure.name}${where}${u ? `, in ${u}` : ''}; ${direction(measure)}.\n` +
    `${formulaSentence(measure)}\n${measure.paper}.`
  );
}
