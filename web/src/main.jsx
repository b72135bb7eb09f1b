import { render } from 'preact';
import { createCoreClient } from '../../wasm/client.js';
import { App } from './components/App/index.jsx';
import './global.css';

// Loaded and evaluated on first open: a Brown corpus sample against Brown clustering.
const DEMO = {
  gold: 'demo/brown-gold.tsv',
  systems: ['demo/brown-c50.tsv', 'demo/brown-c50-d3.tsv'],
  caption:
    'Demo: a sample of the Brown corpus, its tags as gold, scored against Brown clustering ' +
    'with 50 clusters (brown-c50) and the same clusters cut to their first 3 bits ' +
    '(brown-c50-d3). Replace the files to score your own.',
};

const root = document.getElementById('app');
render(<App client={createCoreClient()} demo={DEMO} />, root);
