// The demos a served build offers (public/demos.json): the first is the site's demo.js, the
// manifest index.html loads (payload.js); each other is a manifest of its own,
// demo-<id>.js, which the page loads as a script when its link asks for it
// (`index.html?demo=semeval2013`): the page may not fetch, but it may run its own origin's
// scripts. demo.js names them all in `globalThis.clusterevalDemos`, so that a site that
// writes its own demo.js (clustereval --save-page demo.js …) offers its demo alone.
// Runs in the browser and in Node.

export const DEMOS_GLOBAL = 'clusterevalDemos';
/** The link's query key that picks a demo. */
export const DEMO_KEY = 'demo';

/** The script of demo `id` beside index.html. */
export const demoScript = (id) => `demo-${id}.js`;

/**
 * The demos list as demo.js declares it, for the build: `list` is public/demos.json's
 * [{id, label}], the first the default (its data is demo.js itself).
 */
export function demosDeclaration(list) {
  const demos = list.map(({ id, label }, i) => ({
    id: String(id),
    label: String(label),
    script: i === 0 ? null : demoScript(id),
  }));
  return `globalThis.${DEMOS_GLOBAL} = ${JSON.stringify(demos).replace(/</g, '\\u003c')};\n`;
}

/** The demos this page offers: [{id, label, script}], [] without a list (a saved page, a site's
 * own demo.js). Entries that are not what demosDeclaration writes are left out. */
export function offeredDemos(scope = globalThis) {
  const list = /** @type {any} */ (scope)[DEMOS_GLOBAL];
  if (!Array.isArray(list)) return [];
  return list.filter(
    (d) =>
      d &&
      typeof d.id === 'string' &&
      /^[a-z0-9-]+$/.test(d.id) &&
      typeof d.label === 'string' &&
      (d.script === null || d.script === demoScript(d.id)),
  );
}

/** The demo a link's query (`?demo=id`) picks among `demos`, else the default (or null). */
export function chosenDemo(demos, search) {
  const id = new URLSearchParams(search).get(DEMO_KEY);
  return demos.find((d) => d.id === id) ?? demos[0] ?? null;
}

/** The link that opens demo `demo`, from the page's own address (no fragment: its options are
 * another demo's). */
export const demoLink = (demo) => `?${DEMO_KEY}=${encodeURIComponent(demo.id)}`;

/** Runs a demo's script beside the page, which sets the manifest's global; resolves once it has
 * run, rejects when it cannot be loaded. */
export function loadDemoScript(src, doc = document) {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.onload = () => resolve(undefined);
    script.onerror = () => reject(new Error(`${src} could not be loaded`));
    doc.head.append(script);
  });
}
