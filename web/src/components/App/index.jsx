import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from '../../format.js';
import { ErrorPanel } from '../ErrorPanel/index.jsx';
import { FileDrop } from '../FileDrop/index.jsx';
import { GoldSummary } from '../GoldSummary/index.jsx';
import { MeasureNotes } from '../MeasureNotes/index.jsx';
import { Options } from '../Options/index.jsx';
import { Progress } from '../Progress/index.jsx';
import { ResultsTable } from '../ResultsTable/index.jsx';
import './style.css';

let nextId = 1;

/** A loaded file: its bytes stay in the Blob and are read afresh for each run. */
function entry(blob, name = blob.name) {
  return { id: nextId++, name, size: blob.size, blob };
}

async function readEntry(f) {
  return { name: f.name, bytes: new Uint8Array(await f.blob.arrayBuffer()) };
}

const IDLE = { state: 'idle' };

/**
 * The page. `client` is the core client (wasm/client.js); `demo` lists the demo files to load
 * and evaluate on first open: {gold: path, systems: [path], caption}, or null.
 */
export function App({ client, demo }) {
  const [ready, setReady] = useState('loading');
  const [version, setVersion] = useState('');
  const [gold, setGold] = useState(null);
  const [systems, setSystems] = useState([]);
  const [isDemo, setIsDemo] = useState(false);
  const [options, setOptions] = useState({ beta: '1', log2: false, tokenCheck: true });
  const [run, setRun] = useState(IDLE);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [fileErrors, setFileErrors] = useState({});
  const [showAll, setShowAll] = useState(false);
  const runId = useRef(0);
  const touched = useRef(false);

  const beta = Number(options.beta);
  const betaValid = options.beta !== '' && Number.isFinite(beta) && beta > 0;

  const evaluate = useCallback(
    async (goldFile, systemFiles) => {
      const id = ++runId.current;
      const started = performance.now();
      const fileIds = { gold: goldFile.id, systems: systemFiles.map((f) => f.id) };
      setRun({ state: 'running' });
      setFileErrors({});
      setProgress({ done: 0, total: [goldFile, ...systemFiles].reduce((n, f) => n + f.size, 0) });
      try {
        const [g, ...s] = await Promise.all([goldFile, ...systemFiles].map(readEntry));
        if (id !== runId.current) return;
        const request = {
          gold: g,
          systems: s,
          options: { beta, log2: options.log2, tokenCheck: options.tokenCheck },
        };
        const result = await client.evaluate(request, {
          onProgress: (p) => {
            if (id === runId.current) setProgress(p);
          },
        });
        if (id !== runId.current) return;
        const errors = {};
        (result.systems ?? []).forEach((sys, i) => {
          if (sys.error && fileIds.systems[i] !== undefined) {
            errors[fileIds.systems[i]] = errorText(sys.error);
          }
        });
        setFileErrors(errors);
        setRun({ state: 'done', result, fileIds, seconds: (performance.now() - started) / 1000 });
      } catch (err) {
        if (id !== runId.current) return;
        if (err?.name === 'AbortError') {
          setRun({ state: 'cancelled' });
          return;
        }
        // The whole request failed: the gold file, or a request the core refused.
        const owner =
          err?.file === goldFile.name
            ? goldFile.id
            : systemFiles.find((f) => f.name === err?.file)?.id;
        if (owner !== undefined) setFileErrors({ [owner]: errorText(err) });
        setRun({ state: 'error', error: err });
      }
    },
    [client, beta, options.log2, options.tokenCheck],
  );

  const cancel = () => {
    runId.current += 1;
    client.cancel();
    setRun({ state: 'cancelled' });
  };

  // The core loads in its worker; tests and the footer wait for it.
  useEffect(() => {
    const root = document.documentElement;
    client.ready.then(
      (info) => {
        setVersion(info?.version ?? '');
        setReady('true');
        root.dataset.ready = 'true';
      },
      (err) => {
        setReady('error');
        root.dataset.ready = 'error';
        setRun({ state: 'error', error: err });
      },
    );
  }, [client]);

  // Once, on first open: load the demo files and evaluate them, unless the user has
  // chosen files meanwhile.
  useEffect(() => {
    if (!demo) return;
    let live = true;
    loadDemo(demo).then(
      (files) => {
        if (!live || touched.current) return;
        setGold(files.gold);
        setSystems(files.systems);
        setIsDemo(true);
        evaluate(files.gold, files.systems);
      },
      (err) => console.warn(`The demo files could not be loaded: ${err.message}`),
    );
    return () => {
      live = false;
    };
  }, []);

  const userChange = () => {
    touched.current = true;
    setIsDemo(false);
  };
  const dropError = (id) =>
    setFileErrors((errs) => {
      if (!(id in errs)) return errs;
      const next = { ...errs };
      delete next[id];
      return next;
    });

  const running = run.state === 'running';
  const canEvaluate = gold && systems.length > 0 && betaValid && !running;
  const result = run.state === 'done' ? run.result : null;
  const stale =
    result &&
    (run.fileIds.gold !== gold?.id ||
      run.fileIds.systems.length !== systems.length ||
      run.fileIds.systems.some((id, i) => systems[i]?.id !== id));

  const panelErrors = [];
  if (run.state === 'error') {
    panelErrors.push({ key: 'request', text: errorText(run.error) || 'The evaluation failed.' });
  }
  if (result) {
    result.systems.forEach((s, i) => {
      if (s.error) panelErrors.push({ key: `s${i}`, text: errorText(s.error) });
    });
  }

  return (
    <div class="app" data-ready={ready}>
      <header class="app-header">
        <h1 class="app-title">clustereval</h1>
        <p class="app-tagline">
          Score induced clusterings against a gold standard, right in this page: no file leaves
          your computer.
        </p>
      </header>

      <main class="app-main">
        <section class="app-inputs" aria-labelledby="inputs-title">
          <h2 id="inputs-title" class="visually-hidden">
            Files
          </h2>
          <div class="app-drops">
            <FileDrop
              id="gold"
              title="Gold standard"
              hint="One file: token<TAB>label lines, a blank line between sentences."
              testId="gold-input"
              files={gold ? [gold] : []}
              errors={fileErrors}
              onAdd={([file]) => {
                userChange();
                setGold(entry(file));
              }}
              onRemove={(id) => {
                userChange();
                setGold(null);
                dropError(id);
              }}
            />
            <FileDrop
              id="systems"
              title="Systems"
              hint="One or more induced clusterings of the same tokens, in the same shape."
              multiple
              testId="system-input"
              files={systems}
              errors={fileErrors}
              onAdd={(files) => {
                userChange();
                setSystems((list) => [...list, ...files.map((f) => entry(f))]);
              }}
              onRemove={(id) => {
                userChange();
                setSystems((list) => list.filter((f) => f.id !== id));
                dropError(id);
              }}
            />
          </div>

          <div class="app-run">
            <Options value={options} onChange={setOptions} betaValid={betaValid} />
            <div class="app-actions">
              <button
                type="button"
                class="button button-primary"
                data-testid="evaluate"
                disabled={!canEvaluate}
                onClick={() => evaluate(gold, systems)}
              >
                Evaluate
              </button>
              {running ? (
                <Progress done={progress.done} total={progress.total} onCancel={cancel} />
              ) : (
                <p class="app-status" role="status">
                  {statusText(run, ready, gold, systems)}
                </p>
              )}
            </div>
          </div>
        </section>

        <ErrorPanel errors={panelErrors} />

        <section
          class="app-results"
          data-testid="results"
          data-state={run.state}
          aria-labelledby="results-title"
          aria-busy={running ? 'true' : 'false'}
        >
          <h2 id="results-title" class="app-section-title">
            Results
          </h2>
          {result ? (
            <>
              {isDemo && demo?.caption && !stale && (
                <p class="app-demo-caption" data-testid="demo-caption">
                  {demo.caption}
                </p>
              )}
              {stale && (
                <p class="app-stale">The files changed since these numbers: evaluate again.</p>
              )}
              <GoldSummary gold={result.gold} options={result.options} />
              <ResultsTable result={result} showAll={showAll} />
              <div class="app-table-foot">
                <label class="app-toggle">
                  <input
                    type="checkbox"
                    data-testid="show-all"
                    checked={showAll}
                    onChange={(e) => setShowAll(e.currentTarget.checked)}
                  />
                  Show all measures (entropies and mutual information)
                </label>
                <p class="app-legend">
                  Token level. ↑ higher is better, ↓ lower is better;{' '}
                  <span class="app-legend-best">highlighted</span> is the best in its column. Hover
                  a header for its definition.
                </p>
              </div>
              <Warnings systems={result.systems} />
              <MeasureNotes />
            </>
          ) : (
            <p class="app-placeholder">{placeholderText(run.state)}</p>
          )}
        </section>
      </main>

      <footer class="app-footer">
        <span data-testid="version">clustereval {version || '…'}</span>
        <span>Computed in your browser by a C core compiled to WebAssembly.</span>
      </footer>
    </div>
  );
}

function Warnings({ systems }) {
  const list = (systems ?? []).flatMap((s) => (s.warnings ?? []).map((w) => [s.name, w]));
  if (!list.length) return null;
  return (
    <div class="app-warnings">
      <h3 class="app-warnings-title">Warnings</h3>
      <ul>
        {list.map(([name, w], i) => (
          <li key={i}>
            <span class="app-warnings-name">{name}</span>: {w}
          </li>
        ))}
      </ul>
    </div>
  );
}

function placeholderText(state) {
  if (state === 'running') return 'Evaluating…';
  if (state === 'error') return 'No numbers: the evaluation stopped at the error above.';
  if (state === 'cancelled') return 'No numbers: the evaluation was cancelled.';
  return 'Choose a gold file and one or more system files, then Evaluate.';
}

function statusText(run, ready, gold, systems) {
  if (ready === 'loading') return 'Loading the core…';
  if (run.state === 'cancelled') return 'Cancelled. The files are still loaded.';
  if (run.state === 'done') {
    const n = run.result.systems.length;
    const failed = run.result.systems.filter((s) => s.error).length;
    const took = `Evaluated ${n} ${n === 1 ? 'system' : 'systems'} in ${run.seconds.toFixed(2)} s`;
    return failed ? `${took}; ${failed} stopped at an error.` : `${took}.`;
  }
  if (run.state === 'error') return 'The evaluation stopped at an error.';
  if (!gold) return 'Add a gold file.';
  if (!systems.length) return 'Add at least one system file.';
  return 'Ready.';
}

async function loadDemo(demo) {
  const get = async (path) => {
    const res = await fetch(new URL(path, document.baseURI));
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    const name = path.split('/').pop();
    return entry(await res.blob(), name);
  };
  const [gold, ...systems] = await Promise.all([demo.gold, ...demo.systems].map(get));
  return { gold, systems };
}
