// Loads the Node build of the wasm core (CommonJS, handed its wasm bytes) and binds it.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { bindCore } from '../../wasm/binding.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

export async function loadCore() {
  const script = `${root}wasm/build/clustereval-node.cjs`;
  if (!existsSync(script)) throw new Error(`${script} is missing: run 'make wasm' first`);
  const factory = require(script);
  const module = await factory({ wasmBinary: readFileSync(`${root}wasm/build/clustereval-node.wasm`) });
  return bindCore(module);
}

export const input = (path, name = path.split('/').pop()) => ({ name, bytes: readFileSync(`${root}${path}`) });
