import { useEffect, useRef, useState } from 'preact/hooks';
import { computeSignature, readMaps, requestOptions, toHash, validate } from '../../options.js';
import { evaluateRequest, fileEntry, fileSignature, newId } from '../../state/files.js';
import {
  fileShares,
  isBusy,
  placeholderText,
  runErrors,
  shownState,
  statusText,
} from '../../state/run.js';
import { useFiles } from '../../state/useFiles.js';
import { useLinkedOptions } from '../../state/useLinkedOptions.js';
import { useRun } from '../../state/useRun.js';
import { bootstrapNote, sortedRows, tableColumns } from '../../table.js';
import { CheckReported } from '../CheckReported/index.jsx';
import { ErrorPanel } from '../ErrorPanel/index.jsx';
import { ExportBar } from '../ExportBar/index.jsx';
import { FileCard } from '../FileCard/index.jsx';
import { FileDrop } from '../FileDrop/index.jsx';
import { GoldSummary } from '../GoldSummary/index.jsx';
import { MeasureNotes } from '../MeasureNotes/index.jsx';
import { Options } from '../Options/index.jsx';
import { Progress } from '../Progress/index.jsx';
import { ResultsTable } from '../ResultsTable/index.jsx';
import { SavePage } from '../SavePage/index.jsx';
import { Views } from '../Views/index.jsx';
import './style.css';

/** A file the page opened with (payload.js) as a file entry, read as it was saved. */
function openedEntry(f) {
  return {
    ...fileEntry(f.blob, f.name),
    format: f.format || 'auto',
    column: f.column ? String(f.column) : '',
    depth: f.depth ? String(f.depth) : '',
  };
}

/**
 * The page. `client` is the core client (wasm/client.js); `opening` is what the page opens
 * with (web/src/page/payload.js: a saved page's data or a site's demo.js), evaluated at once:
 * {title, caption, options, reported, load()}, or null. The state lives in web/src/state/:
 * the runs (useRun), the files (useFiles), the options in the link (useLinkedOptions); this
 * composes them.
 */
export function App({ client, opening }) {
  const { run, core, evaluate, cancel } = useRun(client);
  const files = useFiles(client);
  const { gold, systems } = files.files;
  const [options, setOptions] = useLinkedOptions();
  const [maps, setMaps] = useState({ gold: null, induced: null });
  // The numbers a paper reports, to check: {name, text, assign: {row: file name}}.
  const [reported, setReported] = useState(opening?.reported ?? null);
  const [title, setTitle] = useState(opening?.title ?? '');
  const [caption, setCaption] = useState(opening?.caption ?? '');
  const openedWithCheck = useRef(Boolean(opening?.reported));

  const invalid = validate(options);
  const optionsValid = Object.keys(invalid).length === 0;
  const signatureOf = (g, s, o = options, m = maps) =>
    `${fileSignature(g ? [g, ...s] : s)}|${computeSignature(o, m)}`;
  const signature = signatureOf(gold, systems);

  const start = (g, s, o = options, m = maps) =>
    evaluate(g, s, {
      signature: signatureOf(g, s, o, m),
      request: async () => evaluateRequest(g, s, requestOptions(o, await readMaps(m))),
      report: files.report,
    });

  // Once, on first open: load the files the page carries and evaluate them, unless the user
  // has chosen files meanwhile.
  useEffect(() => {
    if (!opening) return;
    let live = true;
    opening.load().then(
      (loaded) => {
        if (!live) return;
        const g = openedEntry(loaded.gold);
        const s = loaded.systems.map(openedEntry);
        const m = { gold: null, induced: null };
        const o = { ...options };
        for (const kind of ['gold', 'induced']) {
          const f = loaded.maps[kind];
          if (!f) continue;
          m[kind] = { id: newId(), name: f.name, blob: f.blob };
          o[kind === 'gold' ? 'goldMap' : 'inducedMap'] = 'file';
        }
        if (m.gold || m.induced) {
          setMaps(m);
          setOptions(o);
        }
        if (files.offerDemo(g, s)) start(g, s, o, m);
      },
      (err) => console.warn(`The files of this page could not be loaded: ${err.message}`),
    );
    return () => {
      live = false;
    };
  }, []);

  const running = isBusy(run);
  const shares = fileShares(run);

  const renderFile = (f) => (
    <FileCard
      file={f}
      detected={files.files.detected[f.id]}
      error={files.files.errors[f.id]}
      progress={shares ? (shares[f.id] ?? null) : null}
      preview={files.files.previews[f.id]}
      onChange={(patch) => files.patch(f.id, patch)}
      onRemove={() => files.remove(f.id)}
      onPreview={(open) => files.showPreview(f, open)}
    />
  );

  // A counts table or joint counts hold both sides: read as such, they may come alone (SPEC §2).
  const goldFormat = gold?.format === 'auto' ? files.files.detected[gold.id] : gold?.format;
  const bothSides = goldFormat === 'counts' || goldFormat === 'joint';
  const canEvaluate = gold && (systems.length > 0 || bothSides) && optionsValid && !running;
  const result = run.state === 'done' ? run.result : null;
  const stale = result && run.signature !== signature;

  const view = {
    columns: options.columns,
    families: options.families,
    mappings: options.mappings,
    sort: options.sort,
    sortDir: options.sortDir,
  };
  const setView = (patch) => setOptions((o) => ({ ...o, ...patch }));

  return (
    <div class="app" data-ready={core.ready}>
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
              onAdd={([file]) => files.setGold(file)}
            />
            <FileDrop
              id="systems"
              title="Systems"
              hint="One or more induced clusterings of the same tokens or items; after joint counts, more joint counts."
              multiple
              testId="system-input"
              files={systems}
              renderFile={renderFile}
              onAdd={(blobs) => files.addSystems(blobs)}
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
                  [kind]: file ? { id: newId(), name: file.name, blob: file } : null,
                }))
              }
            />

            <div class="app-actions">
              <button
                type="button"
                class="button button-primary"
                data-testid="evaluate"
                disabled={!canEvaluate}
                onClick={() => start(gold, systems)}
              >
                Evaluate
              </button>
              {running ? (
                <Progress
                  done={run.progress.done}
                  total={run.progress.total}
                  phase={run.progress.phase}
                  onCancel={() => {
                    cancel();
                    // Previews that were waiting in the stopped worker ask the next one.
                    files.retryPreviews();
                  }}
                />
              ) : (
                <p class="app-status" role="status">
                  {statusText(run, { core: core.ready, gold, systems, bothSides, optionsValid })}
                </p>
              )}
            </div>
          </div>
        </section>

        <ErrorPanel errors={runErrors(run)} />

        <section
          class="app-results"
          data-testid="results"
          data-state={shownState(run)}
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
            <SavePage
              files={files.files}
              maps={{
                gold: options.goldMap === 'file' ? maps.gold : null,
                induced: options.inducedMap === 'file' ? maps.induced : null,
              }}
              options={toHash(options).replace(/^#/, '')}
              reported={reported}
              title={title}
              caption={caption}
              onTitle={setTitle}
              onCaption={setCaption}
            />
          </div>
          {result ? (
            <ResultView
              client={client}
              result={result}
              runId={run.id}
              view={view}
              setView={setView}
              title={files.files.demo && !stale ? opening?.title : null}
              caption={files.files.demo && opening?.caption && !stale ? opening.caption : null}
              stale={stale}
              reported={reported}
              setReported={setReported}
              openOnCheck={openedWithCheck}
            />
          ) : (
            <p class="app-placeholder">{placeholderText(run)}</p>
          )}
        </section>
      </main>

      <footer class="app-footer">
        <span data-testid="version">clustereval {core.version || '…'}</span>
        <span data-testid="engine" data-threaded={String(core.threaded)}>
          Computed in your browser by a C core compiled to WebAssembly
          {core.threaded ? ', on threads (this page is cross-origin isolated).' : '.'}
        </span>
      </footer>
    </div>
  );
}

function ResultView({
  client,
  result,
  runId,
  view,
  setView,
  title,
  caption,
  stale,
  reported,
  setReported,
  openOnCheck,
}) {
  const columns = tableColumns(result, view);
  const rows = sortedRows(result.systems ?? [], view.sort, view.sortDir, columns);
  return (
    <>
      {title && (
        <p class="app-page-title" data-testid="page-title">
          {title}
        </p>
      )}
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
        <ExportBar
          client={client}
          result={result}
          columns={columns}
          rows={rows}
          preset={view.columns}
        />
        <p class="app-legend">
          ↑ higher is better, ↓ lower is better; <span class="app-legend-best">highlighted</span> is
          the best system in its column (baselines aside). Under a type-level M-1 value:
          &ldquo;optimal&rdquo; where the search proved it, else the best of its hill-climbing
          starts and a bound no mapping can beat (point at it for the worst start and the hits).
          Click a header to sort; point at it or focus it for its definition.
        </p>
        <BootstrapLegend bootstrap={result.bootstrap} />
      </div>
      <CheckReported
        client={client}
        result={result}
        runId={runId}
        stale={stale}
        reported={reported}
        onReported={setReported}
        openOnCheck={openOnCheck}
      />
      <Warnings systems={result.systems} />
      <Views client={client} result={result} columns={columns} />
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
