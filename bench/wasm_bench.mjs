// The wasm core under Node on the same files as the native CLI: the whole evaluation,
// reading included, with the CLI's default options. Usage: node bench/wasm_bench.mjs GOLD SYSTEM
import { readFileSync } from 'node:fs';
import { loadCore, root } from '../tests/js/load-core.mjs';

const [goldPath, systemPath] = process.argv.slice(2);
const core = await loadCore();
const read = (path) => ({ name: path.split('/').pop(), bytes: readFileSync(path) });
const inputs = { gold: read(goldPath), systems: [read(systemPath)] };
const times = [];
let result;
for (let run = 0; run < 3; run++) {
  const start = process.hrtime.bigint();
  result = core.evaluate(inputs);
  times.push(Number(process.hrtime.bigint() - start) / 1e9);
}
const { token, type } = result.systems[0];
console.log(`wasm: ${Math.min(...times).toFixed(3)} s (best of 3); m1=${token.m1.toFixed(6)} macro_i_m1=${type.macro_i_m1.toFixed(6)} (${root})`);
