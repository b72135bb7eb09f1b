// The wasm core under Node on the same files as the native CLI: the whole evaluation,
// reading included, with the CLI's default options. With --levels-ratio it also times the
// token level alone (`levels: 'token'`) and prints how many times longer both levels take.
// With --npm it runs the npm package's core instead (npm/, `make npm`), which in Node runs on
// threads; otherwise the one-thread build of the JS unit tests. --rounds N takes the best of N
// runs instead of 3; with --levels-ratio the two evaluations then alternate, so that a machine
// whose speed drifts slows both alike. With --first it times instead the first evaluation of
// a fresh process, as a script calling the core once or a page's first click meets it (the
// engine compiles and optimizes the wasm as it runs): each evaluation (both levels, and with
// --levels-ratio the token level alone) in a process of its own, N rounds in turn (3 unless
// --rounds says), printing the fastest and slowest of each.
// Usage: node bench/wasm_bench.mjs GOLD SYSTEM [--levels-ratio] [--npm] [--rounds N] [--first]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCore, root } from '../tests/js/load-core.mjs';

const [goldPath, systemPath, ...flags] = process.argv.slice(2);
const mode = flags.includes('--levels-ratio') ? '--levels-ratio' : '';
const roundsAt = flags.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(flags[roundsAt + 1]) : 0;
if (roundsAt >= 0 && !(Number.isInteger(rounds) && rounds > 0)) throw new Error('--rounds takes a count');
const oneAt = flags.indexOf('--one'); // a child of --first: one evaluation, its seconds
if (flags.includes('--first') && oneAt < 0) {
  const roundsFirst = rounds || 3;
  const levels = mode ? ['both', 'token'] : ['both'];
  const passed = flags.filter((flag) => flag === '--npm');
  const seconds = Object.fromEntries(levels.map((level) => [level, []]));
  for (let round = 0; round < roundsFirst; round++)
    for (const level of levels) {
      const args = [fileURLToPath(import.meta.url), goldPath, systemPath, ...passed, '--one', level];
      seconds[level].push(Number(execFileSync(process.execPath, args, { encoding: 'utf8' })));
    }
  const range = (list) => `${Math.min(...list).toFixed(3)}-${Math.max(...list).toFixed(3)} s`;
  const build = passed.length ? 'npm package' : 'one thread';
  console.log(`wasm (${build}), the first evaluation of a fresh process, ${roundsFirst} rounds: both levels ${range(seconds.both)}`);
  if (seconds.token) {
    const ratios = seconds.both.map((both, round) => both / seconds.token[round]);
    console.log(`wasm: --levels token ${range(seconds.token)}; both levels take ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x as long, round by round`);
  }
  process.exit(0);
}
const npm = flags.includes('--npm') ? await import('../npm/index.js') : null;
const core = npm ? await npm.load() : await loadCore();
const build = npm ? `npm package, ${core.threaded ? 'on threads' : 'one thread'}` : 'one thread';
const read = (path) => ({ name: path.split('/').pop(), bytes: readFileSync(path) });
const inputs = { gold: read(goldPath), systems: [read(systemPath)] };
if (oneAt >= 0) {
  console.log(timed(flags[oneAt + 1] === 'token' ? { levels: 'token' } : {}).seconds.toFixed(6));
  process.exit(0);
}

/** The wall time of one evaluation, and its result. */
function timed(options) {
  const start = process.hrtime.bigint();
  const result = core.evaluate({ ...inputs, options });
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, result };
}

/** The fastest of `runs` evaluations with each of `optionSets`, taken in turn. */
function best(optionSets, runs) {
  const fastest = optionSets.map(() => ({ seconds: Infinity, result: null }));
  for (let run = 0; run < runs; run++)
    optionSets.forEach((options, j) => {
      const one = timed(options);
      if (one.seconds < fastest[j].seconds) fastest[j] = one;
    });
  return fastest;
}

const runs = rounds || 3;
const interleave = mode && rounds;
const [both, interleaved] = best(interleave ? [{}, { levels: 'token' }] : [{}], runs);
const { token, type, coref } = both.result.systems[0];
const fixed = (value) => (value === null ? 'n/a' : value.toFixed(6)); // past the type level's budget
const how = interleave ? `the fastest of ${runs} each, in turn` : `best of ${runs}`;
// A coreference run (conll files) has its coref level alone.
const shown = coref ? `conll_f=${fixed(coref.conll_f)}` : `m1=${fixed(token.m1)} macro_i_m1=${fixed(type.macro_i_m1)}`;
console.log(`wasm (${build}): ${both.seconds.toFixed(3)} s (${how}); ${shown} (${root})`);
if (mode === '--levels-ratio') {
  const tokenOnly = interleaved ?? best([{ levels: 'token' }], runs)[0];
  console.log(
    `wasm: --levels token ${tokenOnly.seconds.toFixed(3)} s (${how}); both levels take ${(both.seconds / tokenOnly.seconds).toFixed(2)}x as long`,
  );
}
