// Loads the Node build of the wasm core (CommonJS, handed its wasm bytes; make wasm builds it)
// and binds it: for the JS unit tests and the scripts that read the core's tables.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { bindCore } from './binding.js';

const build = fileURLToPath(new URL('./build/', import.meta.url));

export async function loadCore() {
  const script = `${build}clustereval-node.cjs`;
  if (!existsSync(script)) throw new Error(`${script} is missing: run 'make wasm' first`);
  const factory = createRequire(import.meta.url)(script);
  const module = await factory({ wasmBinary: readFileSync(`${build}clustereval-node.wasm`) });
  return bindCore(module);
}
