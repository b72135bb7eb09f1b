// --test ar in the wasm core under Node, on the same files and options as the native runs of
// bench/run.sh section 7: R shuffles of two systems at one level. Prints the time and one
// p-value. Usage: node bench/randomization_bench.mjs GOLD SYSTEM_A SYSTEM_B R token|type
import { readFileSync } from 'node:fs';
import { loadCore } from '../tests/js/load-core.mjs';

const [goldPath, aPath, bPath, shuffles, levels] = process.argv.slice(2);
const core = await loadCore();
const read = (path) => ({ name: path.split('/').pop(), bytes: readFileSync(path) });
const start = process.hrtime.bigint();
const result = core.evaluate({
  gold: read(goldPath),
  systems: [read(aPath), read(bPath)],
  options: { test: 'ar', shuffles: Number(shuffles), levels },
});
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
const id = levels === 'token' ? 'token.ami' : 'type.macro_i_m1';
const [a, b] = result.systems.map((s) => s.name);
console.log(
  `wasm (Node), R = ${shuffles}, ${levels} level: ${seconds.toFixed(2)} s; ${id} p = ${result.p_values[id][a][b].toPrecision(3)}`,
);
