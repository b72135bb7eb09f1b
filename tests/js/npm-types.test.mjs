// The npm package's types (npm/index.d.ts) are complete and strict: tsc --strict takes
// npm-types/usage.ts, which uses every export as documented, and rejects each of its lines
// marked wrong; the lists the types spell out (measures, formats, error codes, exports) are
// the core's and index.js's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './load-core.mjs';

const TSC = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const HERE = join(root, 'tests', 'js', 'npm-types');
const types = readFileSync(join(root, 'npm', 'index.d.ts'), 'utf8');
const tsc = (args) => spawnSync(process.execPath, [TSC, ...args], { cwd: root, encoding: 'utf8' });

/** The string members of `export type NAME = 'a' | 'b' …;` in index.d.ts. */
const union = (name) => {
  const body = types.match(new RegExp(`^export type ${name} =([^;]*);`, 'm'));
  assert.ok(body, `index.d.ts declares no type ${name}`);
  return [...body[1].matchAll(/'([^']*)'/g)].map((m) => m[1]);
};

test('tsc --strict takes the right uses of every export, and rejects each wrong one', () => {
  const run = tsc(['-p', join(HERE, 'tsconfig.json')]);
  assert.equal(run.status, 0, `tsc -p tests/js/npm-types/tsconfig.json:\n${run.stdout}${run.stderr}`);
  const config = JSON.parse(readFileSync(join(HERE, 'tsconfig.json'), 'utf8')).compilerOptions;
  assert.equal(config.strict, true);
  assert.equal(config.skipLibCheck, false, 'index.d.ts itself is checked');
});

test('each line marked wrong fails on its own: without the marks, tsc reports an error on every one of them', () => {
  const usage = readFileSync(join(HERE, 'usage.ts'), 'utf8');
  const lines = usage.split('\n');
  const marked = lines.flatMap((line, i) => (line.trim().startsWith('// @ts-expect-error') ? [i + 2] : []));
  assert.ok(marked.length >= 20, `${marked.length} wrong uses`);
  for (const wanted of ["{ average_method: 'max' }", "{ nmi_mean: 'median' }", "score('a', 'b')"])
    assert.ok(marked.some((n) => lines[n - 1].includes(wanted)), `no wrong use ${wanted}`);
  const dir = mkdtempSync(join(tmpdir(), 'clustereval-npm-types-'));
  try {
    const unmarked = usage
      .replaceAll('// @ts-expect-error', '// (wrong)')
      .replaceAll("'../../../npm/index.js'", JSON.stringify(join(root, 'npm', 'index.js')));
    writeFileSync(join(dir, 'usage.ts'), unmarked);
    const config = JSON.parse(readFileSync(join(HERE, 'tsconfig.json'), 'utf8'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
    const run = tsc(['-p', join(dir, 'tsconfig.json')]);
    assert.notEqual(run.status, 0);
    const failing = new Set([...run.stdout.matchAll(/usage\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
    assert.deepEqual([...failing].sort((a, b) => a - b), marked, run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the types' lists are the core's: measure ids, formats, error codes; and index.js exports what they declare", async () => {
  const npm = await import('../../npm/index.js');
  const offered = await npm.catalog();
  assert.deepEqual(union('MeasureId'), offered.measures);
  assert.deepEqual(union('Format'), offered.formats);
  const header = readFileSync(join(root, 'core', 'include', 'clustereval.h'), 'utf8');
  const codes = [...header.matchAll(/X\((CE_ERR_\w+),/g)].map((m) => m[1]);
  assert.ok(codes.length >= 5);
  assert.deepEqual(union('ErrorCode'), codes);
  const baselines = (await npm.load()).evaluate({
    gold: { name: 'g', bytes: new TextEncoder().encode('a\tX\nb\tY\n') },
    systems: [],
    options: { baselines: union('Baseline') },
  });
  assert.deepEqual(baselines.systems.map((row) => row.name), union('Baseline').map((b) => `baseline:${b}`));
  const declared = [...types.matchAll(/^export (?:declare )?(?:function|class|const) (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual(declared.sort(), Object.keys(npm).sort());
  const core = await npm.load();
  const members = [...types.match(/^export interface Core \{([^]*?)^\}/m)[1].matchAll(/^ {2}(\w+)[?(:]/gm)].map((m) => m[1]);
  assert.deepEqual(members.sort(), Object.keys(core).sort());
});
