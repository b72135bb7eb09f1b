// The page as one HTML file: its style, its app (with the worker and the wasm core inside)
// and its data, each inline, under a Content-Security-Policy that forbids every network
// connection. The build writes dist/index.html and dist/clustereval.html with it; a running
// page rebuilds itself with it to save a copy that holds its inputs (payload.js); the command
// line fills the data slot of dist/clustereval.html the same way (--save-page). Pure: runs in
// the browser and in Node.

export const DATA_ID = 'clustereval-page';
export const APP_ID = 'clustereval-app';
export const STYLE_ID = 'clustereval-style';
/** The optional manifest beside index.html on a static site (payload.js says its shape). */
export const MANIFEST = 'demo.js';
/** What opens and closes the data slot; the command line looks for exactly these. */
export const DATA_OPEN = `<script type="application/json" id="${DATA_ID}">`;
export const DATA_CLOSE = '</script>';

/**
 * The policy, with the hashes of the one inline script and the one inline style. What each
 * line allows and why is in docs/page.md ("What the page may do").
 * @param {{scriptHash: string, styleHash: string}} hashes 'sha256-…' sources
 */
export function contentSecurityPolicy({ scriptHash, styleHash }) {
  return [
    "default-src 'none'",
    `script-src 'self' '${scriptHash}' 'wasm-unsafe-eval' blob:`,
    `style-src '${styleHash}'`,
    'img-src data: blob:',
    'worker-src blob:',
    "connect-src 'none'",
    "font-src 'none'",
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The page around its data: [before, after], so that a large payload is written between the
 * two without one string holding it all. `manifest` adds the script tag of demo.js (the
 * served build only: a saved page carries its own data).
 * @param {{csp: string, css: string, app: string, manifest?: boolean}} parts
 * @returns {[string, string]}
 */
export function pageParts({ csp, css, app, manifest = false }) {
  const before = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Score an induced clustering against a gold standard, in the browser.">
<meta name="color-scheme" content="light">
<title>clustereval</title>
<link rel="icon" href="data:,">
<style id="${STYLE_ID}">${css}</style>
</head>
<body>
<div id="app"></div>
<noscript>clustereval runs in the browser and needs JavaScript.</noscript>
${DATA_OPEN}`;
  const after = `${DATA_CLOSE}
${manifest ? `<script src="${MANIFEST}"></script>\n` : ''}<script type="module" id="${APP_ID}">${app}</script>
</body>
</html>
`;
  return [before, after];
}

/** Text an inline <script> or <style> (`tag`) cannot hold: the parser would end it there. */
export function unsafeInline(text, tag) {
  const m = (tag === 'style' ? /<\/style/i : /<\/script|<!--|<script/i).exec(text);
  return m ? m[0] : null;
}

/**
 * The pieces of the running page, read back from its own document: null when the page is
 * not the built single file (the development server's).
 */
export function ownParts(doc = document) {
  const app = doc.getElementById(APP_ID);
  const style = doc.getElementById(STYLE_ID);
  const csp = doc.querySelector('meta[http-equiv="Content-Security-Policy"]');
  if (!app || !style || !csp) return null;
  return { csp: csp.getAttribute('content') ?? '', css: style.textContent ?? '', app: app.textContent ?? '' };
}
