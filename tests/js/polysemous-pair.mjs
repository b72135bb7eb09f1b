// A tagged pair whose word types are polysemous on both sides, for the tests of the core on
// threads (tests/e2e/threads.test.mjs, tests/js/npm-package.test.mjs): 400 types over 24
// classes and 16 clusters, 12,000 tokens in sentences of 20, drawn by a fixed linear
// congruential generator. Its type level (Σ_i |B_i|·(|A_i| + |B_i|) about 4·10^5) is past
// the size below which the core keeps the M-1 searches and extended BCubed on one thread.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A fixed linear congruential generator from `seed`: next(n) is a number below n. */
export function lcg(seed) {
  let state = seed;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
}

/** Writes poly-gold.tsv and poly-sys.tsv into `dir`; returns their paths, [gold, system]. */
export function writePolysemousPair(dir) {
  const next = lcg(12345);
  const gold = [];
  const system = [];
  for (let t = 0; t < 12_000; t++) {
    const word = `w${next(400)}`;
    const end = t % 20 === 19 ? '\n' : ''; // a blank line after the sentence
    gold.push(`${word}\tC${next(24)}${end}`);
    system.push(`${word}\tk${next(16)}${end}`);
  }
  const paths = [join(dir, 'poly-gold.tsv'), join(dir, 'poly-sys.tsv')];
  writeFileSync(paths[0], `${gold.join('\n')}\n`);
  writeFileSync(paths[1], `${system.join('\n')}\n`);
  return paths;
}
