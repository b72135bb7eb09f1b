// The npm package's types (npm/index.d.ts) as a user meets them: every call below is right
// and must type-check under --strict; every line after a `@ts-expect-error` is wrong and must
// not (tsc fails on a directive with no error under it). Checked, never run, by
// tests/js/npm-types.test.mjs: tsc -p tests/js/npm-types/tsconfig.json
import { CeError, catalog, evaluate, load, score } from '../../../npm/index.js';
import type {
  Catalog,
  Core,
  ErrorCode,
  EvaluateOptions,
  Input,
  LevelMeasure,
  Measures,
  Result,
  ScoreOptions,
  ScoreResult,
  SystemResult,
} from '../../../npm/index.js';

export async function rightUse(): Promise<void> {
  const options: ScoreOptions = { words: ['the', 'dog'], nmi_mean: 'geometric', bootstrap: 100, seed: 3 };
  const scores: ScoreResult = await score(['DET', 'NOUN'], [1, 2], options);
  const m1: number | null | undefined = scores.token?.m1;
  const typeM1: number | null | undefined = scores.type?.macro_i_m1;
  const warnings: string[] = scores.warnings;
  const withheld: string | undefined = scores.ci_withheld['token.grouping_p'];
  const ari: [number, number] | undefined = scores.ci?.['token.ari'];
  await score(Int32Array.from([1, 2]), new Uint32Array([1, 2]), { sentence_ends: [false, true], measures: ['m1', 'type.macro_i_m1'] });
  await score([1n, 2n], ['a', 'b'], { sentences: [0, 0], measures: 'm1,ari', exclude_labels: ['PUNCT'], levels: 'token' });

  const inputs: Input[] = [
    'system.tsv', // a path
    { path: 'other.tsv', format: 'conllu', name: 'other' },
    { text: 'the\tDET\n', name: 'inline' },
    { bytes: new Uint8Array([97]) },
    { blob: new Blob(['a\tX\n']) },
    new Uint8Array(0),
    new ArrayBuffer(0),
    new Blob([]),
    new URL('file:///tmp/system.tsv'),
  ];
  const evaluateOptions: EvaluateOptions = {
    restarts: 5,
    gold_format: 'tagged',
    induced_format: 'auto',
    baselines: ['random', 'majority'],
    exclude_labels: 'PUNCT,SYM',
    gold_map: 'brown-universal',
    sub_test: ['held-out.tsv'],
    ci: 'percentile',
  };
  const result: Result = await evaluate({ gold: 'gold.tsv', systems: inputs }, evaluateOptions);
  await evaluate({ gold: { path: 'counts.tsv', format: 'counts' } });
  const row: SystemResult = result.systems[0];
  if (row.error) {
    const code: ErrorCode = row.error.code;
    const where: string = `${row.error.file}:${row.error.line}:${row.error.column}`;
  }
  const token: Measures | null | undefined = row.token;
  const v: number | null | undefined = row.token?.v_measure;
  const optimal: boolean | undefined = row.restarts?.macro_i_m1?.optimal;
  const interval: [number, number] | undefined = row.ci?.['type.macro_i_m1'];
  const seed: number = result.options.seed;
  const mean: 'arithmetic' | 'geometric' | 'min' | 'max' = result.options.nmi_mean;
  const log: 'e' | '2' = result.options.log;
  const tokens: number = result.gold.tokens;
  const unit: 'sentence' | 'token' | 'item' | 'lemma' | 'file' | 'document' | null | undefined = result.bootstrap?.unit;
  const conllF: number | null | undefined = row.coref?.conll_f;
  const aligned: boolean | undefined = row.coref_by_document?.['d']?.cells[0]?.[4];
  const p: number | null | undefined = result.p_values?.['token.m1']?.['a.tsv']?.['b.tsv'];

  const offered: Catalog = await catalog();
  const measureIds: string[] = offered.measures;
  const core: Core = await load();
  const now: ScoreResult = core.score([1, 2], [1, 1]);
  const columns: LevelMeasure[] = ['token.m1', 'type.macro_i_m1'];
  const table: string = core.table({ format: 'markdown', columns });
  const threaded: boolean = core.threaded && offered.threaded;
  const labels: string[] = core.measures.map((m) => m.label);

  try {
    await evaluate({ gold: 'missing.tsv', systems: ['missing.tsv'] });
  } catch (error) {
    if (error instanceof CeError) {
      const code: ErrorCode = error.code;
      const { file, line, column } = error;
      const data: { code: ErrorCode; message: string; file: string; line: number; column: number } = error.toJSON();
    }
  }
  const made: CeError = new CeError({ code: 'CE_ERR_USAGE', message: 'made by hand' });
}

export async function wrongUse(scores: ScoreResult, result: Result, error: CeError): Promise<void> {
  // @ts-expect-error a string is not a label sequence (its characters are not tokens)
  await score('a', 'b');
  // @ts-expect-error the words are a sequence too
  await score(['a'], ['a'], { words: 'the' });
  // @ts-expect-error a Set has no token order
  await score(new Set(['a']), ['a']);
  // @ts-expect-error a Map neither
  await score(new Map([[0, 'a']]), ['a']);
  // @ts-expect-error null is no sequence
  await score(null, ['a']);
  // @ts-expect-error average_method is scikit-learn's name; the core's option is nmi_mean
  await score(['a'], ['a'], { average_method: 'max' });
  // @ts-expect-error nmi_mean has no median
  await score(['a'], ['a'], { nmi_mean: 'median' });
  // @ts-expect-error restarts is a number
  await score(['a'], ['a'], { restarts: '5' });
  // @ts-expect-error an unknown measure
  await score(['a'], ['a'], { measures: ['m2'] });
  // @ts-expect-error evaluate's options are not score's
  await score(['a'], ['a'], { gold_format: 'tagged' });
  // @ts-expect-error the inputs' key is systems
  await evaluate({ gold: 'gold.tsv', system: ['system.tsv'] });
  // @ts-expect-error systems is an array
  await evaluate({ gold: 'gold.tsv', systems: 'system.tsv' });
  // @ts-expect-error gold is needed
  await evaluate({ systems: ['system.tsv'] });
  // @ts-expect-error an input object holds one of path, text, bytes or blob
  await evaluate({ gold: { path: 'gold.tsv', text: 'the\tDET\n' }, systems: [] });
  // @ts-expect-error an input object's key is path, not file
  await evaluate({ gold: { file: 'gold.tsv' }, systems: [] });
  // @ts-expect-error no format tsv (tagged is)
  await evaluate({ gold: 'gold.tsv', systems: ['system.tsv'] }, { gold_format: 'tsv' });
  // @ts-expect-error an unknown option
  await evaluate({ gold: 'gold.tsv', systems: ['system.tsv'] }, { restart: 5 });
  // @ts-expect-error an unknown baseline
  await evaluate({ gold: 'gold.tsv', systems: ['system.tsv'] }, { baselines: ['zero'] });
  // @ts-expect-error the result's options are the core's, echoed
  result.options.average_method;
  // @ts-expect-error no such measure
  scores.token?.m2;
  // @ts-expect-error intervals are keyed by level
  scores.ci?.['m1'];
  // @ts-expect-error warnings are strings
  const count: number = scores.warnings[0];
  // @ts-expect-error a CeError's code is one of the core's
  const code: 'E_NOPE' = error.code;
  // @ts-expect-error load() resolves to the core, not to a score
  const loaded: ScoreResult = await load();
  // @ts-expect-error catalog's measures are ids
  const ids: number[] = (await catalog()).measures;
}
