// --bootstrap in the wasm core under Node, on the same files and options as the native runs
// of bench/run.sh section 5: B resamples at one level. Prints the time and one interval.
// Usage: node bench/bootstrap_bench.mjs GOLD SYSTEM B token|type
import { readFileSync } from 'node:fs';
import { loadCore } from '../tests/js/load-core.mjs';

const [goldPath, systemPath, resamples, levels] = process.argv.slice(2);
const core = await loadCore();
const read = (path) => ({ name: path.split('/').pop(), bytes: readFileSync(path) });
const start = process.hrtime.bigint();
const result = core.evaluate({
  gold: read(goldPath),
  systems: [read(systemPath)],
  options: { bootstrap: Number(resamples), levels },
});
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
const id = levels === 'token' ? 'token.m1' : 'type.macro_i_m1';
const [lo, hi] = result.systems[0].ci[id];
console.log(`wasm (Node), B = ${resamples}, ${levels} level: ${seconds.toFixed(2)} s; ${id} [${lo.toFixed(4)}, ${hi.toFixed(4)}]`);
