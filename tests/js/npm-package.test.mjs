// The npm package (npm/): packed with `npm pack`, installed offline into an empty folder, it
// imports and scores as the command line does (a string input is a path, as there); and the
// repository's Vite bundles it with no configuration into a script that runs. Needs `make
// native npm`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './load-core.mjs';
import { lcg, writePolysemousPair } from './polysemous-pair.mjs';

const cli = `${root}build/clustereval`;
const tmp = mkdtempSync(join(tmpdir(), 'clustereval-npm-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const app = join(tmp, 'app');
const data = (name) => `${root}tests/data/${name}`;
// A minute at most: a script whose core's threads kept it alive would fail, not hang.
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
const cliJson = (...args) => {
  try {
    return JSON.parse(run(cli, ['--format', 'json', ...args], root));
  } catch (error) {
    if (error.status === 2 && error.stdout) return JSON.parse(error.stdout); // a system failed
    throw error;
  }
};
// Runs ES module code in the app folder, where 'clustereval' is the installed package.
const inApp = (name, code) => {
  writeFileSync(join(app, name), code);
  return JSON.parse(run(process.execPath, [name], app));
};

// The tab-separated words, labels and sentence ends of a tagged file.
const tagged = (path) => {
  const words = [], labels = [], ends = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) {
      if (ends.length) ends[ends.length - 1] = true;
      continue;
    }
    const tab = line.lastIndexOf('\t');
    words.push(line.slice(0, tab));
    labels.push(line.slice(tab + 1));
    ends.push(false);
  }
  return { words, labels, ends };
};

test('npm pack, then npm install --offline into an empty folder', () => {
  for (const file of ['npm/lib/clustereval.mjs', 'npm/lib/binding.js', 'build/clustereval'])
    assert.ok(existsSync(`${root}${file}`), `${file} is missing: run 'make native npm'`);
  assert.equal(readFileSync(`${root}npm/lib/binding.js`, 'utf8'), readFileSync(`${root}wasm/binding.js`, 'utf8'));
  const tarball = run('npm', ['pack', '--silent', '--pack-destination', tmp], `${root}npm`).trim().split('\n').pop();
  const version = JSON.parse(readFileSync(`${root}npm/package.json`, 'utf8')).version;
  assert.equal(tarball, `clustereval-${version}.tgz`);
  execFileSync('mkdir', [app]);
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(tmp, tarball)], app);
  const installed = readdirSync(join(app, 'node_modules', 'clustereval')).sort();
  assert.deepEqual(installed, ['README.md', 'index.d.ts', 'index.js', 'lib', 'package.json']);
  assert.equal(run(cli, ['--version'], root).trim(), `clustereval ${version}`);
});

test('evaluate gives the command line JSON, and errors name file and line', () => {
  const paths = [data('small-gold.tsv'), data('small-sys.tsv'), data('small-sys2.tsv')];
  const got = inApp(
    'evaluate.mjs',
    `import { evaluate, CeError } from 'clustereval';
     import { readFileSync } from 'node:fs';
     const [gold, ...systems] = ${JSON.stringify(paths)};
     const options = { nmi_mean: 'geometric', bootstrap: 20, baselines: 'random', exclude_labels: ['PUNCT'] };
     const byPath = await evaluate({ gold: { path: gold }, systems: systems.map((path) => ({ path })) }, options);
     const byString = await evaluate({ gold, systems }, options); // a string is a path
     const byText = await evaluate({ gold: { name: gold, text: readFileSync(gold, 'utf8') },
       systems: systems.map((name) => ({ name, bytes: readFileSync(name) })) }, options);
     const bad = await evaluate({ gold: { path: gold }, systems: [{ path: ${JSON.stringify(data('bad/sys-ends-early.tsv'))} }] })
       .catch((error) => ({ isCeError: error instanceof CeError, ...error.toJSON() }));
     const missing = await evaluate({ gold, systems: [gold + '.missing'] })
       .catch((error) => ({ isCeError: error instanceof CeError, ...error.toJSON() }));
     console.log(JSON.stringify({ byPath, byString, byText, bad, missing }));`,
  );
  const expected = cliJson('--nmi-mean', 'geometric', '--bootstrap', '20', '--baselines', 'random', '--exclude-labels', 'PUNCT', ...paths);
  assert.deepEqual(got.byPath, expected);
  assert.deepEqual(got.byString, expected);
  assert.deepEqual(got.byText, expected);
  const failed = cliJson(paths[0], data('bad/sys-ends-early.tsv')).systems[0].error;
  assert.deepEqual(got.bad, { isCeError: true, ...failed });
  assert.equal(got.bad.line, 34);
  assert.match(got.bad.file, /sys-ends-early\.tsv$/);
  const missing = `${paths[0]}.missing`;
  assert.deepEqual(got.missing, { isCeError: true, code: 'CE_ERR_USAGE', message: `cannot open ${missing}: no such file`, file: missing, line: 0, column: 0 });
});

test('a sense run through the package is the command line JSON, intervals over lemmas included', () => {
  const folder = join(root, 'tests', 'data', 'wsi', 'semeval2013');
  const paths = [join(folder, 'gold', 'all.key'), join(folder, 'systems', 'y-22-cluster-test.key'), join(folder, 'systems', 'hdp-wsi-sample-50k.key')];
  const got = inApp(
    'senses.mjs',
    `import { evaluate } from 'clustereval';
     const [gold, ...systems] = ${JSON.stringify(paths)};
     console.log(JSON.stringify(await evaluate({ gold, systems }, { bootstrap: 50, test: 'ar', shuffles: 100 })));`,
  );
  assert.deepEqual(got, cliJson('--bootstrap', '50', '--test', 'ar', '--shuffles', '100', ...paths));
  assert.equal(got.bootstrap.unit, 'lemma');
  // Jurgens & Klapaftis (2013), Table 4: AI-KU F-BC 0.390, F-NMI 0.065.
  assert.deepEqual([got.systems[0].senses.fuzzy_bcubed_f.toFixed(3), got.systems[0].senses.fuzzy_nmi.toFixed(3)], ['0.390', '0.065']);
});

test('a tde run: the phone alignment by the phones option gives the command line JSON', () => {
  const folder = join(root, 'tests', 'data', 'tde');
  const [words, one, two, phones] = ['words.wrd', 'system1.class', 'system2.class', 'phones.phn'].map((f) => join(folder, f));
  const got = inApp(
    'tde.mjs',
    `import { evaluate } from 'clustereval';
     console.log(JSON.stringify(await evaluate({ gold: ${JSON.stringify(words)}, systems: ${JSON.stringify([one, two])} },
       { phones: ${JSON.stringify(phones)}, bootstrap: 30 })));`,
  );
  assert.deepEqual(got, cliJson('--bootstrap', '30', words, one, two, '--phones', phones));
  // tests/data/tde/README.md, by brute force: system1's NED 2/3, system2's coverage 0.85.
  assert.ok(Math.abs(got.systems[0].tde.ned - 2 / 3) < 1e-12 && Math.abs(got.systems[1].tde.coverage - 0.85) < 1e-12);
});

test('a coreference run through the package is the command line JSON, intervals and tests over documents included', () => {
  const folder = join(root, 'tests', 'data', 'coref');
  const paths = ['key.conll', 'system-a.conll', 'system-b.conll'].map((f) => join(folder, f));
  const got = inApp(
    'coref.mjs',
    `import { evaluate } from 'clustereval';
     const [gold, ...systems] = ${JSON.stringify(paths)};
     console.log(JSON.stringify(await evaluate({ gold, systems }, { bootstrap: 30, test: 'ar', shuffles: 50, detail: true })));`,
  );
  assert.deepEqual(got, cliJson('--bootstrap', '30', '--test', 'ar', '--shuffles', '50', '--detail', ...paths));
  assert.equal(got.bootstrap.unit, 'document');
  // The independent reading of tests/golden/coref.json.
  const golden = JSON.parse(readFileSync(join(root, 'tests', 'golden', 'coref.json'), 'utf8')).cases;
  golden.forEach((g, i) => assert.ok(Math.abs(got.systems[i].coref.conll_f - g.coref.conll_f) <= 1e-12, g.response));
});

test('in Node the core runs on threads, gives the command line JSON on a polysemous pair, and lets the process end', () => {
  const paths = writePolysemousPair(tmp); // past the size where the core stays on one thread
  const got = inApp(
    'threads.mjs',
    `import { catalog, evaluate } from 'clustereval';
     const [gold, system] = ${JSON.stringify(paths)};
     const threaded = await evaluate({ gold: { path: gold }, systems: [{ path: system }] });
     const oneThread = await evaluate({ gold: { path: gold }, systems: [{ path: system }] }, { threads: 1 });
     console.log(JSON.stringify({ threaded, oneThread, catalog: await catalog() }));`,
  );
  assert.equal(got.catalog.threaded, true);
  const expected = cliJson(...paths);
  assert.ok(expected.systems[0].type.micro_c_m1 > 0 && expected.systems[0].type.ebcubed_f > 0);
  assert.deepEqual(got.threaded, expected);
  assert.deepEqual(got.oneThread, cliJson('--threads', '1', ...paths));
});

test('on threads the inputs of each round are read side by side: the command line JSON, failures included', () => {
  // Three megabytes a file: several rounds of the binding's chunks, each fed to the core in
  // one call that reads gold and the systems on threads (ce_eval_feed_inputs).
  const next = lcg(99);
  const gold = [];
  const system = [];
  for (let t = 0; t < 300_000; t++) {
    const word = `w${next(5000)}`;
    const end = t % 17 === 16 ? '\n' : '';
    gold.push(`${word}\tC${next(40)}${end}`);
    system.push(`${word}\tk${next(30)}${end}`);
  }
  const text = `${system.join('\n')}\n`;
  const files = {
    'rounds-gold.tsv': `${gold.join('\n')}\n`,
    'rounds-sys.tsv': text,
    'rounds-bad.tsv': `${text.slice(0, 2_000_000)}\xff${text.slice(2_000_000)}`, // a byte not UTF-8 (latin1 below)
    'rounds-short.tsv': text.slice(0, text.indexOf('\n', 1_500_000) + 1),
  };
  const paths = Object.entries(files).map(([name, content]) => {
    const path = join(tmp, name);
    writeFileSync(path, name === 'rounds-bad.tsv' ? Buffer.from(content, 'latin1') : content);
    return path;
  });
  const [goldPath, ...systemPaths] = paths;
  const got = inApp(
    'rounds.mjs',
    `import { evaluate } from 'clustereval';
     const systems = ${JSON.stringify(systemPaths)}.map((path) => ({ path }));
     console.log(JSON.stringify(await evaluate({ gold: { path: ${JSON.stringify(goldPath)} }, systems }, { levels: 'token' })));`,
  );
  const expected = cliJson('--levels', 'token', ...paths);
  assert.match(expected.systems[1].error.message, /rounds-bad\.tsv:\d+: invalid UTF-8/);
  assert.match(expected.systems[2].error.message, /rounds-short\.tsv:\d+: ends after/);
  assert.deepEqual(got, expected);
});

test('score with words and sentence ends equals the command line on the tagged pair', () => {
  const gold = tagged(`${root}public/demo/brown-gold.tsv`);
  const system = tagged(`${root}public/demo/brown-c50.tsv`);
  const got = inApp(
    'score.mjs',
    `import { score } from 'clustereval';
     const [gold, system] = ${JSON.stringify([gold, system])};
     const options = { words: gold.words, sentence_ends: gold.ends, restarts: 3, seed: 5, bootstrap: 10, log2: true };
     const full = await score(gold.labels, system.labels, options);
     const ints = await score(Int32Array.from(gold.labels, (l) => l.length), system.labels, { measures: 'm1,ari' });
     console.log(JSON.stringify({ full, ints }));`,
  );
  const row = cliJson('--restarts', '3', '--seed', '5', '--bootstrap', '10', '--log2', 'public/demo/brown-gold.tsv', 'public/demo/brown-c50.tsv').systems[0];
  assert.deepEqual(got.full, { token: row.token, type: row.type, ci: row.ci, ci_bias: row.ci_bias, ...(row.ci_notes ? { ci_notes: row.ci_notes } : {}), warnings: row.warnings, ci_withheld: row.ci_withheld ?? {} });
  const asInts = join(tmp, 'ints.tsv');
  writeFileSync(asInts, gold.labels.map((l) => `w\t${l.length}\n`).join(''));
  const intRow = cliJson('--levels', 'token', asInts, `${root}public/demo/brown-c50.tsv`, '--no-token-check').systems[0];
  assert.deepEqual(got.ints, { token: { m1: intRow.token.m1, ari: intRow.token.ari }, warnings: intRow.warnings, ci_withheld: {} });
});

test("the repository's Vite bundles it with no configuration, and the bundle runs", async () => {
  const { build } = await import('vite');
  writeFileSync(join(app, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>\n');
  writeFileSync(
    join(app, 'main.js'),
    `import { score } from 'clustereval';
     score(['a', 'a', 'b', 'b', 'c'], [1, 1, 1, 2, 2]).then(({ token }) => console.log(JSON.stringify(token)));\n`,
  );
  await build({ root: app, logLevel: 'error', build: { outDir: join(app, 'dist') } });
  const files = readdirSync(join(app, 'dist', 'assets'));
  const assets = files.filter((f) => f.endsWith('.js'));
  assert.equal(assets.length, 1, `one script, the wasm inlined: ${assets}`);
  assert.deepEqual(files.filter((f) => /\.(wasm|cjs)$/.test(f)), [], 'nothing of the threaded build (Node only)');
  // Node runs the browser bundle; only Vite's module-preload check looks for a document.
  writeFileSync(join(app, 'dist', 'bundle.mjs'), readFileSync(join(app, 'dist', 'assets', assets[0])));
  const runner = join(app, 'dist', 'run.mjs');
  writeFileSync(runner, `globalThis.document = { createElement: () => ({ relList: { supports: () => true } }), querySelectorAll: () => [] };\nawait import('./bundle.mjs');\n`);
  const token = JSON.parse(run(process.execPath, [runner], app));
  const expected = cliJson('--levels', 'token', '--no-token-check', ...['gold', 'sys'].map((side) => {
    const path = join(tmp, `${side}.tsv`);
    writeFileSync(path, (side === 'gold' ? ['a', 'a', 'b', 'b', 'c'] : [1, 1, 1, 2, 2]).map((l) => `w\t${l}\n`).join(''));
    return path;
  })).systems[0].token;
  assert.deepEqual(token, expected);
});

test("the manual's JavaScript examples, run against the installed package, print what their comments say", () => {
  const blocks = ['README.md', 'docs/bindings.md'].flatMap((file) =>
    [...readFileSync(`${root}${file}`, 'utf8').matchAll(/^```js\n([^]*?)^```$/gm)].map((m) => [file, m[1]]),
  );
  assert.ok(blocks.length >= 2);
  for (const [file, code] of blocks) {
    const expected = [...code.matchAll(/^console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => m[1].split(', ')[0]);
    assert.ok(expected.length, file);
    writeFileSync(join(app, 'example.mjs'), code);
    // Run from the repository, where the examples' paths are; 'clustereval' resolves in app/.
    const printed = run(process.execPath, [join(app, 'example.mjs')], root);
    assert.deepEqual(printed.trimEnd().split('\n'), expected, file);
  }
});
