import { render } from 'preact';
import { createCoreClient } from '../../wasm/client.js';
import { App } from './components/App/index.jsx';
import { embeddedPayload, pageOpening } from './page/payload.js';
import './global.css';

// What the page opens with: a saved page's own data, or the manifest (demo.js) a site serves
// beside index.html (the Brown demo by default). Its options go to the link, unless the link
// already has some (a reload keeps what the reader chose).
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

render(<App client={createCoreClient()} opening={opening} />, document.getElementById('app'));
