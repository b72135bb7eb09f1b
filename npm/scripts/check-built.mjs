// npm pack's prepack step: refuses to pack a package without the core it wraps. lib/ is
// built from the repository (the C core through emcc, the binding copied from wasm/), never
// committed, so a clean checkout has none; a tarball without it would install and fail on
// import. Not shipped: package.json's `files` leaves scripts/ out.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = ['lib/clustereval.mjs', 'lib/binding.js', 'lib/threads/clustereval.cjs', 'lib/threads/clustereval.wasm'];
const RUN = "run 'make npm' from the repository root (the folder above npm/), then npm pack again";

const missing = BUILT.filter((file) => !existsSync(join(here, file)));
let problem = missing.length ? `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing` : null;
// In the repository, lib/binding.js is a copy of wasm/binding.js: an older copy is stale.
const source = join(here, '..', 'wasm', 'binding.js');
if (!problem && existsSync(source) && readFileSync(source, 'utf8') !== readFileSync(join(here, 'lib/binding.js'), 'utf8'))
  problem = 'lib/binding.js differs from wasm/binding.js';
if (problem) {
  console.error(`clustereval: not packing: ${problem}; ${RUN}.`);
  process.exit(1);
}
