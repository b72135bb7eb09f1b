import { useMemo, useRef, useState } from 'preact/hooks';
import { saveBlob, stem } from '../../download.js';
import { formatBytes } from '../../format.js';
import { savePageInWorker } from '../../page/save.js';
import { ownParts, pageParts } from '../../page/template.js';
import './style.css';

/**
 * The inputs a saved page may hold, in bytes as loaded. Above it the page says so and saves
 * nothing: what a browser opens comfortably was measured (docs/page.md, "Share a page"; bench/).
 */
export const MAX_SAVED_INPUT_BYTES = 250e6;

const mb = (bytes) => `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;

/** The files to save, with their roles and how each is read. */
function savedFiles(files, maps) {
  const read = (role) => (f) => ({ role, name: f.name, format: f.format, column: f.column, depth: f.depth, blob: f.blob });
  const out = [];
  if (files.gold) out.push(read('gold')(files.gold));
  out.push(...files.systems.map(read('system')));
  if (files.phones) out.push(read('phones')(files.phones));
  if (maps.gold) out.push({ role: 'gold-map', name: maps.gold.name, blob: maps.gold.blob });
  if (maps.induced) out.push({ role: 'induced-map', name: maps.induced.name, blob: maps.induced.blob });
  return out;
}

/**
 * "Save as page": one HTML file of this app with the loaded inputs (compressed by the
 * browser's CompressionStream), the options, a title and caption, and the reported numbers,
 * which opens from disk, offline, and evaluates at once (web/src/page/). The inputs are
 * compressed and encoded in a worker (page/save.js), with their progress and a Cancel that
 * ends it. `options` is the link's fragment; `maps` the uploaded label maps the options use
 * ({gold, induced}, each null or {name, blob}).
 */
export function SavePage({ files, maps, options, reported, title, caption, onTitle, onCaption }) {
  const [said, setSaid] = useState('');
  const [progress, setProgress] = useState(null); // {done, total} while saving
  const saving = useRef(null); // the save going on: {cancel}
  // The app's own text, a megabyte and more: read from the document once.
  const parts = useMemo(() => (typeof document === 'undefined' ? null : ownParts(document)), []);
  const list = files.gold ? savedFiles(files, maps) : [];
  const size = list.reduce((n, f) => n + f.blob.size, 0);

  const save = async () => {
    if (size > MAX_SAVED_INPUT_BYTES) {
      setSaid(
        `The inputs hold ${mb(size)}, more than the ${mb(MAX_SAVED_INPUT_BYTES)} a saved page opens comfortably: ` +
          'nothing was saved. Save fewer or smaller files, or share them beside the page.',
      );
      return;
    }
    setSaid('');
    setProgress({ done: 0, total: size });
    const [before, after] = pageParts({ ...parts, manifest: false });
    const payload = { title: title.trim(), caption: caption.trim(), options, reported, files: list };
    const job = savePageInWorker({ before, after, payload }, setProgress);
    saving.current = job;
    try {
      const { blob, stored } = await job.saved;
      const name = `${stem(title.trim() || files.gold.name)}.html`;
      saveBlob(blob, name);
      setSaid(`Saved ${name}: ${mb(blob.size)}, the inputs (${mb(size)}) compressed to ${mb(stored)}.`);
    } catch (error) {
      setSaid(
        error?.name === 'AbortError'
          ? 'Cancelled: nothing was saved.'
          : `The page could not be saved: ${error.message}`,
      );
    } finally {
      saving.current = null;
      setProgress(null);
    }
  };

  return (
    <details class="savepage" data-testid="save-page">
      <summary class="button button-small">Save as page…</summary>
      <div class="savepage-panel">
        <p class="savepage-hint">
          One HTML file with this app, the files loaded here, the options and the reported numbers: it opens from disk
          or any static host, offline, and evaluates at once.
        </p>
        <label class="savepage-field">
          Title
          <input type="text" data-testid="save-title" value={title} onInput={(e) => onTitle(e.currentTarget.value)} />
        </label>
        <label class="savepage-field">
          Caption
          <textarea data-testid="save-caption" rows={3} value={caption} onInput={(e) => onCaption(e.currentTarget.value)} />
        </label>
        <div class="savepage-actions">
          <button
            type="button"
            class="button button-small button-primary"
            data-testid="save-page-button"
            disabled={!parts || !files.gold || progress !== null}
            onClick={save}
          >
            Save as page
          </button>
          {progress ? (
            <SaveProgress {...progress} onCancel={() => saving.current?.cancel()} />
          ) : (
            <span class="savepage-said" role="status" data-testid="save-said">
              {parts ? said : 'Saving a page needs the built app (make web), not the development server.'}
            </span>
          )}
        </div>
        {files.gold && (
          <p class="savepage-size">
            {list.length} {list.length === 1 ? 'file' : 'files'}, {mb(size)}
            {reported ? ', with the reported numbers' : ''}.
          </p>
        )}
      </div>
    </details>
  );
}

/** How much of the inputs a save has compressed, with its Cancel button. */
function SaveProgress({ done, total, onCancel }) {
  return (
    <span class="savepage-progress" data-testid="save-progress" data-done={done} data-total={total}>
      <progress max={total || 1} value={Math.min(done, total)} aria-label="Saving the page" />
      <span role="status">
        Compressing {formatBytes(done)} of {formatBytes(total)}
      </span>
      <button type="button" class="button button-small" data-testid="save-cancel" onClick={onCancel}>
        Cancel
      </button>
    </span>
  );
}
