import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { manifestText } from './scripts/manifest.mjs';
import { demoScript, demosDeclaration } from './web/src/page/demos.js';
import { MANIFEST, contentSecurityPolicy, pageParts, unsafeInline } from './web/src/page/template.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const sha256 = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/**
 * The build as pages that need no server: the app's one script and one style go inline, under
 * a Content-Security-Policy that allows exactly them (by hash), blob: workers and wasm, and no
 * connection. dist/clustereval.html is the single file that works from disk; dist/index.html
 * is the same page with the script tag of demo.js, the manifest of a static site, made from
 * the first demo of public/demos.json (the Brown demo, public/demo/demo.json); each other
 * demo there becomes demo-<id>.js, which the page loads when its link asks for it
 * (web/src/page/demos.js). The worker and the wasm core are already inside the script
 * (wasm/client.js, wasm/worker.js).
 */
function singleFilePages() {
  return {
    name: 'clustereval-single-file',
    apply: 'build',
    enforce: 'post',
    // After Vite's own HTML and CSS steps, which write index.html and the style sheet.
    generateBundle: { order: 'post', handler: singleFile },
  };
}

/**
 * The script, safe to set inline: '</script', '<script' and '<!--' in its strings (the page
 * writes HTML of its own) become '<\/script', '<\x73cript' and '<\!--', which read the same in
 * a string, a template or a regular expression.
 */
function inlineSafe(code) {
  return code
    .replace(/<\/(script)/gi, '<\\/$1')
    .replace(/<(s)(cript)/gi, (_, s, rest) => `<\\x${s.charCodeAt(0).toString(16)}${rest}`)
    .replace(/<!--/g, '<\\!--');
}

/** Replaces the bundle with the pages and the manifest (this: the plugin's context). */
async function singleFile(_options, bundle) {
  const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
  const styles = Object.values(bundle).filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'));
  const others = Object.values(bundle).filter(
    (f) => !chunks.includes(f) && !styles.includes(f) && f.fileName !== 'index.html',
  );
  if (chunks.length !== 1 || others.length)
    this.error(`one script and styles expected, found ${Object.keys(bundle).join(', ')}`);
  const app = inlineSafe(chunks[0].code);
  const css = styles.map((s) => String(s.source)).join('\n');
  for (const [what, text] of [['script', app], ['style', css]]) {
    const bad = unsafeInline(text, what);
    if (bad) this.error(`the ${what} holds '${bad}', which an inline element cannot`);
  }
  const csp = contentSecurityPolicy({ scriptHash: sha256(app), styleHash: sha256(css) });
  for (const f of Object.keys(bundle)) delete bundle[f];
  const page = (manifest) => pageParts({ csp, css, app, manifest }).join('');
  this.emitFile({ type: 'asset', fileName: 'index.html', source: page(true) });
  this.emitFile({ type: 'asset', fileName: 'clustereval.html', source: page(false) });
  const demos = JSON.parse(readFileSync(here('./public/demos.json'), 'utf8'));
  for (const [i, demo] of demos.entries()) {
    const manifest = await manifestText(here(`./public/${demo.manifest}`));
    this.emitFile({
      type: 'asset',
      fileName: i === 0 ? MANIFEST : demoScript(demo.id),
      source: i === 0 ? manifest + demosDeclaration(demos) : manifest,
    });
  }
}

/**
 * The headers under which a browser allows shared memory (crossOriginIsolated), which the
 * core's threaded build needs (wasm/worker.js). The page loads nothing from other origins.
 */
const ISOLATED = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

// The page lives in web/, the static build goes to dist/ (see singleFilePages). `base: './'`
// keeps every URL relative, so dist/ can be served from any sub-path, or opened from disk.
export default defineConfig({
  root: here('./web'),
  base: './',
  publicDir: false,
  plugins: [preact(), singleFilePages()],
  // A classic worker from a blob: URL, its code inside the app: a module worker from blob:
  // does not start in a page opened from disk (file://).
  worker: { format: 'iife' },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    cssCodeSplit: false,
    assetsInlineLimit: () => true,
  },
  server: {
    // The page imports the wasm client from ../wasm, outside the Vite root.
    fs: { allow: [here('.')] },
    headers: ISOLATED,
  },
  // `make demo` serves the build cross-origin isolated: the core then runs on threads.
  preview: { headers: ISOLATED },
});
