import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

// The page lives in web/, the demo files in public/, the static build goes to dist/.
// `base: './'` keeps every URL relative, so dist/ can be served from any sub-path.
export default defineConfig({
  root: here('./web'),
  base: './',
  publicDir: here('./public'),
  plugins: [preact()],
  worker: { format: 'es' },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    // The page imports the wasm client from ../wasm, outside the Vite root.
    fs: { allow: [here('.')] },
  },
});
