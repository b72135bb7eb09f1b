import { render } from 'preact';
import { createCoreClient } from '../../wasm/client.js';
import { App } from './components/App/index.jsx';
import { chosenDemo, loadDemoScript, offeredDemos } from './page/demos.js';
import { embeddedPayload, pageOpening } from './page/payload.js';
import { DATA_ID } from './page/template.js';
import './global.css';

// The demos a served build offers (demos.js); a saved page carries its own data and none.
const savedPage = Boolean(document.getElementById(DATA_ID)?.textContent?.trim());
const demos = savedPage ? [] : offeredDemos();
const demo = chosenDemo(demos, window.location.search);
// A demo other than the site's default comes in a script of its own, which replaces the
// manifest demo.js set; if it cannot be loaded the default demo opens.
if (demo?.script) {
  try {
    await loadDemoScript(demo.script);
  } catch (error) {
    console.warn(`The demo '${demo.id}' could not be opened: ${error.message}`);
  }
}

// What the page opens with: a saved page's own data, or the manifest (demo.js, or the chosen
// demo's script) a site serves beside index.html (the Brown demo by default). Its options go
// to the link, unless the link already has some (a reload keeps what the reader chose).
let opening = null;
try {
  const payload = embeddedPayload(document);
  if (payload) opening = pageOpening(payload);
} catch (error) {
  console.warn(`This page's data could not be read: ${error.message}`);
}
if (opening?.options && !window.location.hash) {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}#${opening.options}`);
}
if (opening?.title) document.title = `${opening.title} · clustereval`;

render(
  <App client={createCoreClient()} opening={opening} demos={demos} demo={demo} />,
  document.getElementById('app'),
);
