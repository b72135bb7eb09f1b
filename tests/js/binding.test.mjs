// The JS binding over the wasm core: results, options, errors that name file and line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CeError } from '../../wasm/binding.js';
import { readFileSync } from 'node:fs';
import { loadCore, input, root } from './load-core.mjs';

const core = await loadCore();
const text = (name, body) => ({ name, bytes: new TextEncoder().encode(body) });
const gold = text('gold.tsv', 'The\tat\ndog\tnn\nbarks\tvbz\n.\t.\n\nA\tat\ncat\tnn\nsleeps\tvbz\n.\t.\n');
const sys = text('sys.tsv', 'The\tc1\ndog\tc2\nbarks\tc3\n.\tc4\n\nA\tc1\ncat\tc2\nsleeps\tc2\n.\tc4\n');

test('version and options come from the core', () => {
  assert.match(core.version, /^\d+\.\d+\.\d+$/);
  // The ids in the order of CE_OPTION_MAP's rows, read from the public header's text.
  const header = readFileSync(`${root}core/include/clustereval.h`, 'utf8');
  const ids = [...header.matchAll(/^\s*X\(CE_OPT_[A-Z0-9_]+, "([a-z0-9_]+)", CE_OPT_KIND_/gm)].map((m) => m[1]);
  assert.ok(ids.includes('min_share') && ids.includes('m1_budget'));
  assert.deepEqual(core.options, ids);
  assert.deepEqual(core.optionTable.map((row) => row.id), ids);
});

test('a small pair gives the SPEC §4 shape with hand-checked numbers', () => {
  const result = core.evaluate({ gold, systems: [sys] });
  assert.equal(result.schema, 1);
  assert.deepEqual(
    { tokens: result.gold.tokens, sentences: result.gold.sentences, items: result.gold.items, classes: result.gold.classes },
    { tokens: 8, sentences: 2, items: 7, classes: 4 },
  );
  assert.equal(result.options.log, 'e');
  const [system] = result.systems;
  assert.equal(system.name, 'sys.tsv');
  assert.equal(system.clusters, 4);
  assert.equal(system.token.m1, 7 / 8); // sleeps/vbz is the one token outside its class's cluster
  assert.equal(system.token.o1, 7 / 8);
  assert.ok(Math.abs(system.token.h_c - Math.log(4)) < 1e-15); // four classes of two tokens
});

test('options reach the core: log2 gives bits, beta weighs V', () => {
  const nats = core.evaluate({ gold, systems: [sys] }).systems[0].token;
  const bits = core.evaluate({ gold, systems: [sys], options: { log2: true, beta: 2 } });
  assert.equal(bits.options.log, '2');
  assert.ok(Math.abs(bits.systems[0].token.h_c - 2) < 1e-15);
  const { homogeneity: h, completeness: c } = nats;
  assert.ok(Math.abs(bits.systems[0].token.v_measure - (3 * h * c) / (2 * h + c)) < 1e-15);
  assert.throws(() => core.evaluate({ gold, systems: [sys], options: { beta: -1 } }), CeError);
  const geometric = core.evaluate({ gold, systems: [sys], options: { nmi_mean: 'geometric' } });
  assert.equal(geometric.options.nmi_mean, 'geometric');
  assert.ok(Math.abs(geometric.systems[0].token.nmi - nats.mi / Math.sqrt(nats.h_c * nats.h_k)) < 1e-15);
  assert.throws(() => core.evaluate({ gold, systems: [sys], options: { nmi_mean: 'median' } }), /nmi_mean/);
  // One spelling, the core's ids: another is an error, never an option silently left out.
  assert.throws(() => core.evaluate({ gold, systems: [sys], options: { nmiMean: 'geometric' } }), /unknown option 'nmiMean'/);
});

test('a bad system fails alone with file and line; the good one keeps its numbers', () => {
  const short = input('tests/data/bad/sys-one-token-short.tsv');
  const result = core.evaluate({ gold: input('tests/data/small-gold.tsv'), systems: [input('tests/data/small-sys.tsv'), short] });
  assert.equal(typeof result.systems[0].token.m1, 'number');
  const { error } = result.systems[1];
  assert.equal(error.code, 'CE_ERR_MISMATCH');
  assert.equal(error.file, 'sys-one-token-short.tsv');
  assert.equal(error.line, 12);
  assert.match(error.message, /^sys-one-token-short\.tsv:12: token ';' differs from the gold standard's 'arrow' at small-gold\.tsv:12/);
  assert.equal(result.systems[1].token, undefined);
});

test('a bad gold file throws a CeError naming file, line and column', () => {
  const binary = { name: 'gold.tsv', bytes: new Uint8Array([0x61, 0x09, 0x62, 0x0a, 0x63, 0x00, 0x09, 0x64, 0x0a]) };
  assert.throws(() => core.evaluate({ gold: binary, systems: [sys] }), (error) => {
    assert.ok(error instanceof CeError);
    assert.equal(error.code, 'CE_ERR_ENCODING');
    assert.deepEqual([error.file, error.line, error.column], ['gold.tsv', 2, 2]);
    assert.match(error.message, /^gold\.tsv:2: NUL byte at column 2 \(byte offset 5\)/);
    return true;
  });
  assert.throws(() => core.evaluate({ gold: text('gold.tsv', ''), systems: [sys] }), /gold\.tsv: empty input; expected token<TAB>label lines/);
  // One word on a line reads as a lexicon item without its labels.
  assert.throws(() => core.evaluate({ gold: text('gold.tsv', 'a\n'), systems: [sys] }), /gold\.tsv:1: item 'a' without a label/);
  const forced = { name: 'gold.tsv', bytes: new TextEncoder().encode('a\n'), format: 'tagged' };
  assert.throws(() => core.evaluate({ gold: forced, systems: [sys] }), /gold\.tsv:1: token without a label/);
  assert.throws(() => core.evaluate({ gold, systems: [] }), /at least one system/);
});

test('progress reaches the total once, after every byte was fed', () => {
  const seen = [];
  const big = 'w\tA\n'.repeat(700000); // 2.8 MB: several 1 MiB chunks
  core.evaluate({ gold: text('g', big), systems: [text('s', big)] }, (done, total) => seen.push([done, total]));
  assert.ok(seen.length >= 3, `only ${seen.length} progress calls`);
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i][0] >= seen[i - 1][0]);
  assert.deepEqual(seen.at(-1), [big.length * 2, big.length * 2]);
});

test('memory is released: many runs do not grow the heap without bound', () => {
  for (let i = 0; i < 200; i++) core.evaluate({ gold, systems: [sys, sys] });
  const result = core.evaluate({ gold, systems: [sys] });
  assert.equal(result.systems[0].token.m1, 7 / 8);
});

test('streams: Blobs read in chunks give the numbers bytes give, and progress reaches the total', async () => {
  const goldPath = 'public/demo/brown-gold.tsv', systemPath = 'public/demo/brown-c50.tsv';
  const g = input(goldPath), s = input(systemPath);
  const fromBytes = core.evaluate({ gold: g, systems: [s] });
  const seen = [];
  const fromBlobs = await core.evaluateStream(
    { gold: { name: g.name, blob: new Blob([g.bytes]) }, systems: [{ name: s.name, blob: new Blob([s.bytes]) }] },
    (done, total) => seen.push([done, total]),
  );
  assert.deepEqual(fromBlobs, fromBytes);
  assert.deepEqual(seen.at(-1), [g.bytes.length + s.bytes.length, g.bytes.length + s.bytes.length]);
  const short = input('tests/data/bad/sys-one-token-short.tsv');
  const failed = await core.evaluateStream({ gold: input('tests/data/small-gold.tsv'), systems: [{ name: short.name, blob: new Blob([short.bytes]) }] });
  assert.equal(failed.systems[0].error.line, 12);
});

test("the run's own options are checked where the run takes them, for the worker as for npm", () => {
  assert.throws(() => core.evaluate({ gold, systems: [sys], options: { exclude_labels: ['c1', {}] } }), TypeError);
  assert.throws(() => core.evaluate({ gold, systems: [sys], options: { unclustered_label: 5 } }), TypeError);
  const rows = core.evaluate({ gold, systems: [sys], options: { baselines: 'random,one' } }).systems.map((s) => s.name);
  assert.deepEqual(rows, ['sys.tsv', 'baseline:random', 'baseline:one']);
});
