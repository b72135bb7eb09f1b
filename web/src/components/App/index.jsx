import { useEffect, useState } from 'preact/hooks';
import { computeSignature, readMaps, requestOptions, validate } from '../../options.js';
import { evaluateRequest, fileSignature, newId } from '../../state/files.js';
import {
  fileShares,
  isBusy,
  placeholderText,
  runErrors,
  shownState,
  statusText,
} from '../../state/run.js';
import { loadDemo, useFiles } from '../../state/useFiles.js';
import { useLinkedOptions } from '../../state/useLinkedOptions.js';
import { useRun } from '../../state/useRun.js';
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

/**
 * The page. `client` is the core client (wasm/client.js); `demo` lists the demo files to load
 * and evaluate on first open: {gold: path, systems: [path], caption}, or null. The state lives
 * in web/src/state/: the runs (useRun), the files (useFiles), the options in the link
 * (useLinkedOptions); this composes them.
 */
export function App({ client, demo }) {
  const { run, core, evaluate, cancel } = useRun(client);
  const files = useFiles(client);
  const { gold, systems } = files.files;
  const [options, setOptions] = useLinkedOptions();
  const [maps, setMaps] = useState({ gold: null, induced: null });

  const invalid = validate(options);
  const optionsValid = Object.keys(invalid).length === 0;
  const signatureOf = (g, s) =>
    `${fileSignature(g ? [g, ...s] : s)}|${computeSignature(options, maps)}`;
  const signature = signatureOf(gold, systems);

  const start = (g, s) =>
    evaluate(g, s, {
      signature: signatureOf(g, s),
      request: async () => evaluateRequest(g, s, requestOptions(options, await readMaps(maps))),
      report: files.report,
    });

  // Once, on first open: load the demo files and evaluate them, unless the user has chosen
  // files meanwhile.
  useEffect(() => {
    if (!demo) return;
    let live = true;
    loadDemo(demo).then(
      (loaded) => {
        if (live && files.offerDemo(loaded.gold, loaded.systems))
          start(loaded.gold, loaded.systems);
      },
      (err) => console.warn(`The demo files could not be loaded: ${err.message}`),
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

  // A counts table holds both sides of the table: read as counts, it comes alone (SPEC §2).
  const countsAlone = gold?.format === 'counts' && systems.length === 0;
  const canEvaluate = gold && (systems.length > 0 || countsAlone) && optionsValid && !running;
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
              hint="Tagged tokens (token<TAB>label, CoNLL-U, word/TAG), a lexicon, clusters, paths, counts or CSV."
              testId="gold-input"
              files={gold ? [gold] : []}
              renderFile={renderFile}
              onAdd={([file]) => files.setGold(file)}
            />
            <FileDrop
              id="systems"
              title="Systems"
              hint="One or more induced clusterings of the same tokens or items."
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
                  {statusText(run, { core: core.ready, gold, systems, optionsValid })}
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
          </div>
          {result ? (
            <ResultView
              client={client}
              result={result}
              view={view}
              setView={setView}
              caption={files.files.demo && demo?.caption && !stale ? demo.caption : null}
              stale={stale}
            />
          ) : (
            <p class="app-placeholder">{placeholderText(run)}</p>
          )}
        </section>
      </main>

      <footer class="app-footer">
        <span data-testid="version">clustereval {core.version || '…'}</span>
        <span>Computed in your browser by a C core compiled to WebAssembly.</span>
      </footer>
    </div>
  );
}

function ResultView({ client, result, view, setView, caption, stale }) {
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
