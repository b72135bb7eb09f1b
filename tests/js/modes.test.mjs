// The binding's options, previews and detail against the native CLI on the same files:
// the same core sources must give the same doubles, type level and seeds included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { loadCore, input, root } from './load-core.mjs';

const core = await loadCore();
const text = (name, body, format) => ({ name, bytes: new TextEncoder().encode(body), format });
const cli = (...args) => JSON.parse(execFileSync(`${root}build/clustereval`, ['--format', 'json', ...args], { cwd: root, encoding: 'utf8' }));
const strip = (result) => result.systems.map(({ name, ...rest }) => rest); // names differ: paths vs file names

test('wasm equals the CLI on the demo, token and type level, restarts and baselines', () => {
  const files = ['public/demo/brown-gold.tsv', 'public/demo/brown-c50.tsv', 'public/demo/brown-c50-d3.tsv'];
  const wasm = core.evaluate({
    gold: input(files[0]),
    systems: files.slice(1).map((f) => input(f)),
    options: { baselines: ['random', 'majority'], seed: 7, restarts: 4 },
  });
  const native = cli('--baselines', 'random,majority', '--seed', '7', '--restarts', '4', ...files);
  assert.deepEqual(strip(wasm), strip(native));
  assert.equal(wasm.systems.length, 4);
  assert.equal(wasm.systems[2].name, 'baseline:random');
  assert.equal(typeof wasm.systems[0].type.macro_i_m1, 'number');
  assert.equal(wasm.systems[0].type.m1, null); // Brown gold is polysemous
  assert.ok(wasm.systems[0].warnings.some((w) => w.includes('polysemous')));
});

test('detail: tables, mappings, sizes and items that fit together', () => {
  const result = core.evaluate({ gold: input('tests/data/small-gold.tsv'), systems: [input('tests/data/small-sys.tsv')], options: { detail: true } });
  const { gold } = result;
  const { detail, clusters } = result.systems[0];
  assert.equal(detail.classes.length, gold.classes);
  assert.equal(detail.clusters.length, clusters);
  assert.equal(detail.cells.reduce((sum, [, , n]) => sum + n, 0), gold.tokens);
  assert.deepEqual(gold.sizes.tokens.reduce((a, b) => a + b, 0), gold.tokens);
  assert.deepEqual([...gold.sizes.tokens].sort((a, b) => b - a), gold.sizes.tokens);
  for (const id of ['m1', 'o1', 'macro_i_m1', 'macro_i_o1', 'micro_i_m1', 'micro_i_o1', 'micro_c_m1', 'micro_c_o1']) {
    assert.equal(detail.mapping[id].length, clusters, id);
  }
  assert.ok(detail.mapping.macro_i_m1.every((c) => c >= 0 && c < gold.classes)); // M-1 maps every cluster
  const o1 = detail.mapping.o1.filter((c) => c >= 0);
  assert.equal(new Set(o1).size, o1.length); // 1-1 is injective
  assert.equal(detail.items.length, gold.items);
  // MicroI is the mean of the items' F under its own mapping.
  const meanF = detail.items.reduce((sum, row) => sum + row[4], 0) / detail.items.length;
  assert.ok(Math.abs(meanF - result.systems[0].type.micro_i_m1) < 1e-12);
  const flies = detail.items.find((row) => row[0] === 'flies');
  assert.deepEqual(flies[1].map((c) => detail.classes[c]).sort(), ['NOUN', 'VERB']);
});

test('detail 2: the per-item rows apart, the same when asked for', () => {
  const files = { gold: input('tests/data/small-gold.tsv'), systems: [input('tests/data/small-sys.tsv'), input('tests/data/small-sys2.tsv')] };
  const whole = core.evaluate({ ...files, options: { detail: true } });
  const apart = core.evaluate({ ...files, options: { detail: 2 } });
  for (const [i, system] of apart.systems.entries()) {
    const { items, ...rest } = whole.systems[i].detail;
    assert.equal(system.detail.items, undefined);
    assert.equal(system.detail.item_rows, items.length);
    assert.equal(items.length, whole.gold.items);
    const { item_rows: count, ...others } = system.detail;
    assert.deepEqual(others, rest); // the rest of the details as before
    assert.deepEqual(core.items({ system: i }), items);
  }
  assert.notDeepEqual(whole.systems[0].detail.items, whole.systems[1].detail.items); // so the index matters
  assert.throws(() => core.items({ system: 2 }), (error) => error.code === 'CE_ERR_USAGE' && /no system 2/.test(error.message));
  core.evaluate({ ...files, options: { detail: 2, levels: 'token' } });
  assert.throws(() => core.items({ system: 0 }), (error) => error.code === 'CE_ERR_UNAVAILABLE');
  core.release();
  assert.throws(() => core.items({ system: 0 }), (error) => error.code === 'CE_ERR_USAGE');
});

test('options: formats, unclustered policy, excluded labels, min-share, maps', () => {
  const gold = text('g', 'a\tX\nb\tY\na\tY\nc\tY\n', 'tagged');
  const sys = text('s', 'a\tk1\nb\tk2\na\tk2\nc\tUNK\n', 'tagged');
  const merge = core.evaluate({ gold, systems: [sys], options: { unclustered_label: 'UNK' } });
  assert.equal(merge.systems[0].missing, 1);
  assert.equal(merge.systems[0].type.macro_i_o1, 0.75); // worked in tests/c/test_modes.c
  const drop = core.evaluate({ gold, systems: [sys], options: { unclustered_label: 'UNK', unclustered: 'drop' } });
  assert.equal(drop.systems[0].type.macro_i_o1, 1);
  assert.equal(drop.options.unclustered, 'drop');
  const excluded = core.evaluate({ gold, systems: [sys], options: { exclude_labels: ['X'] } });
  assert.equal(excluded.gold.excluded_tokens, 1);
  assert.throws(() => core.evaluate({ gold, systems: [sys], options: { unclustered: 'keep' } }), /unclustered/);
  assert.throws(() => core.evaluate({ gold, systems: [sys], options: { baselines: ['oracle'] } }), /oracle/);
  // Labels repeat as a tag set's do: detected as a lexicon (a clusters file's items would not).
  const lexicon = core.evaluate({ gold: text('g.lex', 'a\tX Y\nb\tY\nc\tY X\nd\tX\n'), systems: [text('s.lex', 'a\tk1 k2\nb\tk2\nc\tk1\nd\tk1\n')] });
  assert.equal(lexicon.gold.format, 'lexicon');
  assert.equal(lexicon.systems[0].token, null);
  const mapped = core.evaluate({
    gold: text('g', 'dog\tnn\ndogs\tnns\nran\tvbd\n', 'tagged'),
    systems: [text('s', 'dog\tA\ndogs\tA\nran\tC\n', 'tagged')],
    options: { gold_map: { preset: 'brown-universal' } },
  });
  assert.equal(mapped.gold.classes, 2);
  assert.equal(mapped.systems[0].token.v_measure, 1);
});

test('preview: the detected format and the first records, or the error', () => {
  const tagged = core.preview({ bytes: new TextEncoder().encode('The\tat\ndog\tnn\n\nA\tat\ncut\tn') });
  assert.equal(tagged.format, 'tagged');
  assert.equal(tagged.detected, true);
  assert.deepEqual(tagged.records.map((r) => [r.line, r.kind, r.item, r.label]), [
    [1, 'token', 'The', 'at'],
    [2, 'token', 'dog', 'nn'],
    [3, 'break', '', ''],
    [4, 'token', 'A', 'at'],
  ]);
  const paths = core.preview({ bytes: new TextEncoder().encode('0010\tthe\t100\n0011\ta\t50\n'), format: 'paths', depth: 3 });
  assert.deepEqual(paths.records.map((r) => [r.kind, r.item, r.label, r.count]), [
    ['entry', 'the', '001', 100],
    ['entry', 'a', '001', 50],
  ]);
  const bad = core.preview({ name: 'pairs.tsv', bytes: new TextEncoder().encode('a\t1\t2\nb\t1\t-3\n'), format: 'counts' });
  assert.equal(bad.error.line, 2);
  assert.match(bad.error.message, /count/);
  // The error names the file, as the evaluation's would, never "preview".
  assert.match(bad.error.message, /^pairs\.tsv:2:/);
});

test('a system with its own test corpus for sub_p and sub_r, as the CLI computes it', () => {
  const gold = text('g', 'the\tA\ndog\tN\nruns\tV\n\nthe\tA\ncat\tN\nruns\tV\n\na\tA\ndog\tN\nsleeps\tV\n', 'tagged');
  const system = text('s', 'the\t1\ndog\t2\nruns\t3\n\nthe\t1\ncat\t2\nruns\t3\n\na\t1\ndog\t2\nsleeps\t3\n', 'tagged');
  const subTest = text('t', 'the\t1\ncat\t2\nruns\t3\n\nthe\t1\ndog\t2\nruns\t3\n', 'tagged');
  assert.equal(core.evaluate({ gold, systems: [system] }).systems[0].token.sub_p, undefined); // asked for only
  const own = core.evaluate({ gold, systems: [system], options: { substitutable: true } }).systems[0];
  assert.deepEqual([own.token.sub_p, own.token.sub_r], [1, 1]); // worked in tests/c/test_modes.c
  const held = core.evaluate({ gold, systems: [{ ...system, subTest }] }).systems[0];
  assert.deepEqual([held.token.sub_p, held.token.sub_r], [1 / 3, 1]);
  assert.ok(!held.warnings.some((w) => w.includes('served as the test corpus')));
});

test('levels and per-input reading: one level alone, a label column per file', () => {
  const gold = text('g', 'a\tx\tX\nb\ty\tY\na\tx\tX\n', 'tagged');
  const system = text('s', 'a\tk\nb\tj\na\tk\n', 'tagged');
  const tokenOnly = core.evaluate({ gold, systems: [system], options: { levels: 'token' } });
  assert.equal(tokenOnly.systems[0].type, null);
  assert.equal(tokenOnly.systems[0].token.m1, 1);
  const typeOnly = core.evaluate({ gold, systems: [system], options: { levels: 'type' } });
  assert.equal(typeOnly.systems[0].token, null);
  // Column 2 of gold holds lower-case tags: the same partition, read from another column.
  const second = core.evaluate({ gold: { ...gold, column: 2 }, systems: [system] });
  assert.equal(second.gold.classes, 2);
  assert.equal(second.systems[0].token.v_measure, 1);
  assert.throws(() => core.evaluate({ gold, systems: [system], options: { levels: 'both-ways' } }), /levels/);
});
