// The wasm core under Node on the same files as the native CLI: the whole evaluation,
// reading included, with the CLI's default options. With --levels-ratio it also times the
// token level alone (`levels: 'token'`) and prints how many times longer both levels take.
// With --npm it runs the npm package's core instead (npm/, `make npm`), which in Node runs on
// threads; otherwise the one-thread build of the JS unit tests.
// Usage: node bench/wasm_bench.mjs GOLD SYSTEM [--levels-ratio] [--npm]
import { readFileSync } from 'node:fs';
import { loadCore, root } from '../tests/js/load-core.mjs';

const [goldPath, systemPath, ...flags] = process.argv.slice(2);
const mode = flags.includes('--levels-ratio') ? '--levels-ratio' : '';
const npm = flags.includes('--npm') ? await import('../npm/index.js') : null;
const core = npm ? await npm.load() : await loadCore();
const build = npm ? `npm package, ${core.threaded ? 'on threads' : 'one thread'}` : 'one thread';
const read = (path) => ({ name: path.split('/').pop(), bytes: readFileSync(path) });
const inputs = { gold: read(goldPath), systems: [read(systemPath)] };

/** The best of three wall times of one evaluation, and its result. */
function best(options) {
  const times = [];
  let result;
  for (let run = 0; run < 3; run++) {
    const start = process.hrtime.bigint();
    result = core.evaluate({ ...inputs, options });
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  return { seconds: Math.min(...times), result };
}

const both = best({});
const { token, type } = both.result.systems[0];
const fixed = (value) => (value === null ? 'n/a' : value.toFixed(6)); // past the type level's budget
console.log(`wasm (${build}): ${both.seconds.toFixed(3)} s (best of 3); m1=${fixed(token.m1)} macro_i_m1=${fixed(type.macro_i_m1)} (${root})`);
if (mode === '--levels-ratio') {
  const tokenOnly = best({ levels: 'token' });
  console.log(
    `wasm: --levels token ${tokenOnly.seconds.toFixed(3)} s; both levels take ${(both.seconds / tokenOnly.seconds).toFixed(1)}x as long`,
  );
}
