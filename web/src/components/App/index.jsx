import { useState } from 'preact/hooks';
import { NO_MAPS, mapsInUse, withMapFile } from '../../state/maps.js';
import { openingHeading } from '../../state/opening.js';
import { pageState, runPlan, savedOptions, viewOf } from '../../state/page.js';
import { isTdeRun } from '../../state/files.js';
import { fileShares, placeholderText, runErrors, shownState, statusText } from '../../state/run.js';
import { useFiles } from '../../state/useFiles.js';
import { useLinkedOptions } from '../../state/useLinkedOptions.js';
import { useOpening } from '../../state/useOpening.js';
import { usePageText } from '../../state/usePageText.js';
import { useRun } from '../../state/useRun.js';
import { DemoMenu } from '../DemoMenu/index.jsx';
import { ErrorPanel } from '../ErrorPanel/index.jsx';
import { FileCard } from '../FileCard/index.jsx';
import { FileDrop } from '../FileDrop/index.jsx';
import { LinkNotice } from '../LinkNotice/index.jsx';
import { Options } from '../Options/index.jsx';
import { Progress } from '../Progress/index.jsx';
import { ResultView } from '../ResultView/index.jsx';
import { SavePage } from '../SavePage/index.jsx';
import './style.css';

/**
 * The page. `client` is the core client (wasm/client.js); `opening` is what the page opens
 * with (web/src/page/payload.js: a saved page's data or a site's demo.js), evaluated at once:
 * {title, caption, options, reported, load()}, or null; `demos` the demos a served build offers
 * and `demo` the one opened (page/demos.js). The state lives in web/src/state/:
 * the runs (useRun), the files (useFiles), the options in the link (useLinkedOptions), the
 * uploaded maps (maps.js), a saved page's text (usePageText), the opening (useOpening), and
 * what the page shows of them (page.js). This composes them.
 */
export function App({ client, opening, demos = [], demo = null }) {
  const { run, core, evaluate, cancel } = useRun(client);
  const files = useFiles(client);
  const { gold, systems, phones } = files.files;
  const [options, setOptions, link] = useLinkedOptions();
  const [maps, setMaps] = useState(NO_MAPS);
  const text = usePageText(opening);
  const page = pageState({ run, files: files.files, options, maps });
  const { invalid, optionsValid, running, bothSides, canEvaluate, shown, result, stale } = page;

  const start = (g, s, o = options, m = maps, p = files.files.phones) =>
    evaluate(g, s, runPlan(g, s, o, m, files.report, p));
  useOpening(opening, {
    files,
    optionsNow: () => link.latest.current.options,
    waiting: () => link.latest.current.held !== null,
    setOptions,
    setMaps,
    start,
  });

  /** The reader's answer to a link's costly options: evaluates with the options it leaves,
   * unless the numbers shown are already theirs. */
  const answerLink = (answer) => {
    const next = answer();
    const after = pageState({ run, files: files.files, options: next, maps });
    if (after.canEvaluate && !(after.result && !after.stale)) start(gold, systems, next);
  };

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

  const heading = openingHeading(opening, { demo: files.files.demo, stale });
  const setView = (patch) => setOptions((o) => ({ ...o, ...patch }));

  return (
    <div class="app" data-ready={core.ready}>
      <header class="app-header">
        <h1 class="app-title">clustereval</h1>
        <p class="app-tagline">
          Score induced clusterings against a gold standard, right in this page: no file leaves your
          computer.
        </p>
        <DemoMenu demos={demos} current={demo} />
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
              hint="Tagged tokens (token<TAB>label, CoNLL-U, word/TAG), a lexicon, clusters, paths, counts, joint counts, CSV, a SemEval sense key, a CoNLL-2012 coreference key, or a word alignment (file onset offset word)."
              testId="gold-input"
              files={gold ? [gold] : []}
              renderFile={renderFile}
              onAdd={([file]) => files.setGold(file)}
            />
            <FileDrop
              id="systems"
              title="Systems"
              hint="One or more induced clusterings of the same tokens or items; after joint counts, more joint counts; after a sense key, the systems' sense keys; after a coreference key, the responses; after a word alignment, term discovery class files."
              multiple
              testId="system-input"
              files={systems}
              renderFile={renderFile}
              onAdd={(blobs) => files.addSystems(blobs)}
            />
            {(phones || isTdeRun(files.files)) && (
              <FileDrop
                id="phones"
                title="Phone alignment"
                hint="Spoken term discovery: the corpus' phones (file onset offset phone), which transcribe the systems' fragments as tdev2 does."
                testId="phones-input"
                files={phones ? [phones] : []}
                renderFile={renderFile}
                onAdd={([file]) => files.setPhones(file)}
              />
            )}
          </div>

          <div class="app-run">
            <Options
              value={options}
              onChange={setOptions}
              invalid={invalid}
              maps={maps}
              onMapFile={(kind, file) => setMaps((m) => withMapFile(m, kind, file))}
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
                  {statusText(shown, { core: core.ready, gold, systems, bothSides, optionsValid })}
                </p>
              )}
            </div>
          </div>
        </section>

        <LinkNotice
          held={link.held}
          refused={link.refused}
          onAccept={() => answerLink(link.accept)}
          onDecline={() => answerLink(link.decline)}
          onDismiss={link.dismiss}
        />

        <ErrorPanel errors={runErrors(shown)} />

        <section
          class="app-results"
          data-testid="results"
          data-state={shownState(shown)}
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
              maps={mapsInUse(options, maps)}
              options={savedOptions(options)}
              reported={text.reported}
              title={text.title}
              caption={text.caption}
              onTitle={text.setTitle}
              onCaption={text.setCaption}
            />
          </div>
          {result ? (
            <ResultView
              client={client}
              result={result}
              runId={run.id}
              view={viewOf(options)}
              setView={setView}
              heading={heading}
              stale={stale}
              text={text}
            />
          ) : (
            <p class="app-placeholder">{placeholderText(shown, { held: link.held !== null })}</p>
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
