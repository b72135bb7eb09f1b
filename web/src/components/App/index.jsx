import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from '../../format.js';
import { computeSignature, fromHash, requestOptions, toHash, validate } from '../../options.js';
import { bootstrapNote, sortedRows, tableColumns } from '../../table.js';
import { ErrorPanel } from '../ErrorPanel/index.jsx';
import { ExportBar } from '../ExportBar/index.jsx';
import { FileCard } from '../FileCard/index.jsx';
import { FileDrop } from '../FileDrop/index.jsx';
import { GoldSummary } from '../GoldSummary/index.jsx';
import { MeasureNotes } from '../MeasureNotes/index.jsx';
import { Options } from '../Options/index.jsx';
import { Progress } from '../Progress/index.jsx';
import { ResultsTable } from '../ResultsTable/index.jsx';
import { Views } from '../Views/index.jsx';
import './style.css';

let nextId = 1;

/** A loaded file: its bytes stay in the Blob and are read afresh for each run. */
function entry(blob, name = blob.name) {
  return {
    id: nextId++,
    name,
    fileName: name,
    size: blob.size,
    blob,
    format: 'auto',
    column: '',
    depth: '',
  };
}

const PREVIEW_BYTES = 64 * 1024;

/**
 * The file as the worker takes it: {name, blob, format, column?, depth?}. The worker reads the
 * File through its stream, so that a large file is never whole in memory.
 */
function fileRequest(f) {
  const out = { name: f.name, blob: f.blob, format: f.format };
  if (f.column !== '' && Number(f.column) >= 1) out.column = Number(f.column);
  if (f.depth !== '' && Number(f.depth) >= 1) out.depth = Number(f.depth);
  return out;
}

/** The first 64 KB of a file, cut after its last whole line. */
async function headBytes(blob) {
  const bytes = new Uint8Array(await blob.slice(0, PREVIEW_BYTES).arrayBuffer());
  if (blob.size <= PREVIEW_BYTES) return bytes;
  const end = bytes.lastIndexOf(10);
  return end > 0 ? bytes.subarray(0, end + 1) : bytes;
}

/**
 * How far each file has been read, from the bytes fed in all: the core is fed a chunk of each
 * open file in turn, so after `done` bytes every file has been read up to the same level x
 * (or to its end), with Σ min(size, x) = done. Returns a share per file.
 */
function perFile(progress, sizes) {
  // Resampling comes after every file has been read.
  if (progress.phase === 'bootstrap') return sizes.map(() => 1);
  if (Array.isArray(progress.files) && progress.files.length === sizes.length) {
    return progress.files.map((d, i) => (sizes[i] ? Math.min(1, d / sizes[i]) : 1));
  }
  const order = sizes.map((s, i) => [s, i]).sort((a, b) => a[0] - b[0]);
  let left = progress.done;
  let open = sizes.length;
  let level = 0;
  for (const [s] of order) {
    if ((s - level) * open <= left) {
      left -= (s - level) * open;
      level = s;
      open -= 1;
    } else {
      level += left / open;
      break;
    }
  }
  return sizes.map((s) => (s ? Math.min(1, level / s) : 1));
}

const fileSignature = (list) =>
  JSON.stringify(list.map((f) => [f.id, f.name, f.format, f.column, f.depth]));

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
  const [options, setOptions] = useState(() => fromHash(window.location.hash));
  const [maps, setMaps] = useState({ gold: null, induced: null });
  const [run, setRun] = useState(IDLE);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [fileErrors, setFileErrors] = useState({});
  const [detected, setDetected] = useState({});
  const [previews, setPreviews] = useState({});
  const runId = useRef(0);
  const touched = useRef(false);
  const openPreviews = useRef(new Set());

  const invalid = validate(options);
  const optionsValid = Object.keys(invalid).length === 0;
  const signature = `${fileSignature(gold ? [gold, ...systems] : systems)}|${computeSignature(options, maps)}`;

  // The options live in the link's fragment; a link with options opens with them.
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    const next = toHash(options);
    if (next !== hash && !(next === '' && hash === '#')) {
      window.history.replaceState(window.history.state, '', `${pathname}${search}${next}`);
    }
  }, [options]);
  useEffect(() => {
    const onHash = () => setOptions(fromHash(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const evaluate = useCallback(
    async (goldFile, systemFiles, runSignature) => {
      const id = ++runId.current;
      const started = performance.now();
      const list = [goldFile, ...systemFiles];
      const fileIds = { gold: goldFile.id, systems: systemFiles.map((f) => f.id) };
      const sizes = list.map((f) => f.size);
      setRun({ state: 'running', fileIds, sizes });
      setFileErrors({});
      setProgress({ done: 0, total: sizes.reduce((n, s) => n + s, 0), phase: 'read' });
      try {
        const [g, ...s] = list.map(fileRequest);
        const mapBytes = {};
        for (const kind of ['gold', 'induced']) {
          const m = maps[kind];
          if (m)
            mapBytes[kind] = { name: m.name, bytes: new Uint8Array(await m.blob.arrayBuffer()) };
        }
        if (id !== runId.current) return;
        const opts = requestOptions(options, mapBytes);
        // The label column and depth go with each file; when every file sets the same one,
        // it is also the run's option (as the command line's --column would be). A value set
        // on one file only stays that file's: the run's option would reach the others too.
        for (const key of ['column', 'depth']) {
          const values = new Set([g, ...s].map((f) => f[key]));
          if (values.size === 1 && !values.has(undefined)) opts[key] = [...values][0];
        }
        const request = { gold: g, systems: s, options: opts };
        const result = await client.evaluate(request, {
          onProgress: (p) => {
            if (id === runId.current) setProgress(p);
          },
        });
        if (id !== runId.current) return;
        const errors = {};
        const formats = {};
        if (result.gold?.format) formats[goldFile.id] = result.gold.format;
        // A joint gold file is a system too: its row comes before the system files' (SPEC §2).
        const offset = result.gold?.format === 'joint' ? 1 : 0;
        (result.systems ?? []).forEach((sys, i) => {
          const fid = i < offset ? goldFile.id : fileIds.systems[i - offset];
          if (fid === undefined) return;
          if (sys.error) errors[fid] = errorText(sys.error);
          if (sys.format) formats[fid] = sys.format;
        });
        setFileErrors(errors);
        setDetected((d) => ({ ...d, ...formats }));
        setRun({
          state: 'done',
          result,
          fileIds,
          signature: runSignature,
          seconds: (performance.now() - started) / 1000,
        });
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
    [client, options, maps],
  );

  const cancel = () => {
    runId.current += 1;
    client.cancel();
    setRun({ state: 'cancelled' });
    // Previews that were waiting in the stopped worker ask the next one.
    for (const f of [gold, ...systems]) {
      if (f && openPreviews.current.has(f.id) && previews[f.id]?.state === 'loading')
        loadPreview(f);
    }
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
        const sig = `${fileSignature([files.gold, ...files.systems])}|${computeSignature(options, maps)}`;
        evaluate(files.gold, files.systems, sig);
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

  const loadPreview = async (f) => {
    if (typeof client.preview !== 'function') {
      setPreviews((p) => ({ ...p, [f.id]: { state: 'unavailable' } }));
      return;
    }
    setPreviews((p) => ({ ...p, [f.id]: { state: 'loading' } }));
    try {
      const req = { name: f.name, bytes: await headBytes(f.blob), format: f.format };
      if (f.column !== '' && Number(f.column) >= 1) req.column = Number(f.column);
      if (f.depth !== '' && Number(f.depth) >= 1) req.depth = Number(f.depth);
      const data = await client.preview(req);
      setPreviews((p) => ({ ...p, [f.id]: { state: 'done', data } }));
      if (data?.format) setDetected((d) => ({ ...d, [f.id]: data.format }));
    } catch (err) {
      if (err?.name === 'AbortError') return;
      setPreviews((p) => ({ ...p, [f.id]: { state: 'error', error: err } }));
    }
  };

  // The gold file's format, from its head as soon as it is chosen: a counts or joint file is
  // evaluated alone, so Evaluate must know it before any run.
  const detectFormat = async (f) => {
    if (typeof client.preview !== 'function') return;
    try {
      const bytes = await headBytes(f.blob);
      const data = await client.preview({ name: f.name, bytes, format: 'auto' });
      if (data?.format) setDetected((d) => ({ ...d, [f.id]: data.format }));
    } catch {
      // A file that cannot be read says so beside it when it is evaluated.
    }
  };

  const patchFile = (f, patch) => {
    const next = { ...f, ...patch };
    if (f.id === gold?.id) setGold(next);
    else setSystems((list) => list.map((x) => (x.id === f.id ? next : x)));
    if ('format' in patch) {
      setDetected((d) => {
        const copy = { ...d };
        delete copy[f.id];
        return copy;
      });
      if (f.id === gold?.id && next.format === 'auto') detectFormat(next);
    }
    if (
      ('format' in patch || 'column' in patch || 'depth' in patch) &&
      openPreviews.current.has(f.id)
    ) {
      loadPreview(next);
    }
  };

  const running = run.state === 'running';
  let fileProgress = null;
  if (running && run.sizes) {
    const shares = perFile(progress, run.sizes);
    fileProgress = {};
    [run.fileIds.gold, ...run.fileIds.systems].forEach((id, i) => (fileProgress[id] = shares[i]));
  }

  const renderFile = (f) => (
    <FileCard
      file={f}
      detected={detected[f.id]}
      error={fileErrors[f.id]}
      progress={run.state === 'running' && fileProgress ? (fileProgress[f.id] ?? null) : null}
      preview={previews[f.id]}
      onChange={(patch) => {
        if ('name' in patch) userChange();
        patchFile(f, patch);
      }}
      onRemove={() => {
        userChange();
        openPreviews.current.delete(f.id);
        if (f.id === gold?.id) setGold(null);
        else setSystems((list) => list.filter((x) => x.id !== f.id));
        dropError(f.id);
      }}
      onPreview={(open) => {
        if (open) {
          openPreviews.current.add(f.id);
          loadPreview(f);
        } else openPreviews.current.delete(f.id);
      }}
    />
  );

  // A counts table or joint counts hold both sides: read as such, they may come alone (SPEC §2).
  const goldFormat = gold?.format === 'auto' ? detected[gold.id] : gold?.format;
  const bothSides = goldFormat === 'counts' || goldFormat === 'joint';
  const canEvaluate = gold && (systems.length > 0 || bothSides) && optionsValid && !running;
  const result = run.state === 'done' ? run.result : null;
  const stale = result && run.signature !== signature;

  const panelErrors = [];
  if (run.state === 'error') {
    panelErrors.push({ key: 'request', text: errorText(run.error) || 'The evaluation failed.' });
  }
  if (result) {
    result.systems.forEach((s, i) => {
      if (s.error) panelErrors.push({ key: `s${i}`, text: errorText(s.error) });
    });
  }

  const view = {
    columns: options.columns,
    families: options.families,
    mappings: options.mappings,
    sort: options.sort,
    sortDir: options.sortDir,
  };
  const setView = (patch) => setOptions((o) => ({ ...o, ...patch }));

  return (
    <div class="app" data-ready={ready}>
      <header class="app-header">
        <h1 class="app-title">clustereval</h1>
        <p class="app-tagline">
          Score induced clusterings against a gold standard, right in this page: no file leaves your
          computer.
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
              hint="Tagged tokens (token<TAB>label, CoNLL-U, word/TAG), a lexicon, clusters, paths, counts, joint counts or CSV."
              testId="gold-input"
              files={gold ? [gold] : []}
              renderFile={renderFile}
              onAdd={([file]) => {
                userChange();
                if (gold) openPreviews.current.delete(gold.id);
                const added = entry(file);
                setGold(added);
                detectFormat(added);
              }}
            />
            <FileDrop
              id="systems"
              title="Systems"
              hint="One or more induced clusterings of the same tokens or items; after joint counts, more joint counts."
              multiple
              testId="system-input"
              files={systems}
              renderFile={renderFile}
              onAdd={(files) => {
                userChange();
                setSystems((list) => [...list, ...files.map((f) => entry(f))]);
              }}
            />
          </div>

          <div class="app-run">
            <Options
              value={options}
              onChange={setOptions}
              invalid={invalid}
              maps={maps}
              onMapFile={(kind, file) =>
                setMaps((m) => ({
                  ...m,
                  [kind]: file ? { id: nextId++, name: file.name, blob: file } : null,
                }))
              }
            />

            <div class="app-actions">
              <button
                type="button"
                class="button button-primary"
                data-testid="evaluate"
                disabled={!canEvaluate}
                onClick={() => evaluate(gold, systems, signature)}
              >
                Evaluate
              </button>
              {running ? (
                <Progress
                  done={progress.done}
                  total={progress.total}
                  phase={progress.phase}
                  onCancel={cancel}
                />
              ) : (
                <p class="app-status" role="status">
                  {statusText(run, ready, gold, systems.length > 0 || bothSides, optionsValid)}
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
          <div class="app-results-head">
            <h2 id="results-title" class="app-section-title">
              Results
            </h2>
            {result && (
              <label class="app-columns">
                Columns
                <select
                  data-testid="columns"
                  value={options.columns}
                  onChange={(e) => setView({ columns: e.currentTarget.value })}
                >
                  <option value="main">main measures</option>
                  <option value="all">all measures</option>
                  <option value="reichart">Reichart et al. (2010), Table 1</option>
                </select>
              </label>
            )}
          </div>
          {result ? (
            <ResultView
              result={result}
              view={view}
              setView={setView}
              caption={isDemo && demo?.caption && !stale ? demo.caption : null}
              stale={stale}
            />
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

function ResultView({ result, view, setView, caption, stale }) {
  const columns = tableColumns(result, view);
  const rows = sortedRows(result.systems ?? [], view.sort, view.sortDir, columns);
  return (
    <>
      {caption && (
        <p class="app-demo-caption" data-testid="demo-caption">
          {caption}
        </p>
      )}
      {stale && (
        <p class="app-stale" data-testid="stale">
          The files or options changed since these numbers: evaluate again.
        </p>
      )}
      <GoldSummary gold={result.gold} options={result.options} />
      <ResultsTable
        result={result}
        view={view}
        onSort={(sort, sortDir) => setView({ sort, sortDir })}
      />
      <div class="app-table-foot">
        <ExportBar result={result} columns={columns} rows={rows} preset={view.columns} />
        <p class="app-legend">
          ↑ higher is better, ↓ lower is better; <span class="app-legend-best">highlighted</span> is
          the best system in its column (baselines aside). Under a type-level M-1 value: the worst
          of its hill-climbing starts and how many starts reached the best. Click a header to sort;
          point at it or focus it for its definition.
        </p>
        <BootstrapLegend bootstrap={result.bootstrap} />
      </div>
      <Warnings systems={result.systems} />
      <Views result={result} columns={columns} />
      <MeasureNotes />
    </>
  );
}

/** What the bracketed intervals rest on, or why the core could not resample. */
function BootstrapLegend({ bootstrap }) {
  if (!bootstrap) return null;
  const note = bootstrapNote(bootstrap);
  if (note) {
    return (
      <p class="app-legend app-legend-bootstrap" data-testid="bootstrap-note">
        In brackets under each value: {note} Sorting and the best mark follow the values.
      </p>
    );
  }
  // The core's warning reads "bootstrap: n/a (why)": the reason is what is new here.
  const why = /\(([^)]+)\)/.exec(bootstrap.warning ?? '')?.[1] ?? bootstrap.warning;
  return (
    <p class="app-legend app-legend-bootstrap" data-testid="bootstrap-note">
      No bootstrap intervals{why ? `: ${why}.` : '.'}
    </p>
  );
}

/** The systems' warnings, each text once with the systems that gave it. */
function Warnings({ systems }) {
  const byText = new Map();
  for (const s of systems ?? []) {
    for (const w of s.warnings ?? []) byText.set(w, [...(byText.get(w) ?? []), s.name]);
  }
  if (!byText.size) return null;
  return (
    <div class="app-warnings" data-testid="warnings">
      <h3 class="app-warnings-title">Warnings</h3>
      <ul>
        {[...byText].map(([w, names]) => (
          <li key={w}>
            <span class="app-warnings-name">{names.join(', ')}</span>: {w}
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

function statusText(run, ready, gold, scorable, optionsValid) {
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
  if (!scorable) return 'Add at least one system file.';
  if (!optionsValid) return 'Some options cannot be used: see the fields marked.';
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
