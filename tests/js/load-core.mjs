// The Node build of the wasm core, bound (wasm/load-node.mjs), and the tests' inputs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export { loadCore } from '../../wasm/load-node.mjs';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export const input = (path, name = path.split('/').pop()) => ({ name, bytes: readFileSync(`${root}${path}`) });
