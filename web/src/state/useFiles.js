import {
  NO_FILES,
  allFiles,
  changesReading,
  fileEntry,
  filesReducer,
  headBytes,
  previewRequest,
  waitingPreviews,
} from './files.js';
import { useStore } from './store.js';

/**
 * The files on the page (files.js) and their previews, which the core worker reads. Returns
 * the state and what the page does with it.
 */
export function useFiles(client) {
  const [files, act, latest] = useStore(filesReducer, NO_FILES);

  const loadPreview = async (f) => {
    if (typeof client.preview !== 'function') {
      act({ type: 'preview', id: f.id, preview: { state: 'unavailable' } });
      return;
    }
    act({ type: 'preview', id: f.id, preview: { state: 'loading' } });
    try {
      const data = await client.preview(previewRequest(f, await headBytes(f.blob)));
      act({ type: 'preview', id: f.id, preview: { state: 'done', data } });
    } catch (error) {
      if (error?.name === 'AbortError') return;
      act({ type: 'preview', id: f.id, preview: { state: 'error', error } });
    }
  };

  return {
    files,
    /** Hears a run's events (useRun's `report`). */
    report: act,
    // The gold file's preview is read as soon as it is chosen, shown or not: it gives the
    // detected format, and a counts or joint file is evaluated alone, so Evaluate must know
    // it before any run.
    setGold(blob) {
      const file = fileEntry(blob);
      act({ type: 'gold', file });
      loadPreview(file);
    },
    addSystems: (blobs) => act({ type: 'add', files: blobs.map((b) => fileEntry(b)) }),
    /** The phone alignment of a tde run (SPEC §3.8). */
    setPhones: (blob) => act({ type: 'phones', file: { ...fileEntry(blob), format: 'tde-words' } }),
    remove: (id) => act({ type: 'remove', id }),
    patch(id, patch) {
      act({ type: 'patch', id, patch });
      const f = allFiles(latest.current).find((x) => x.id === id);
      const seen = latest.current.open.includes(id) || id === latest.current.gold?.id;
      if (f && changesReading(patch) && seen) loadPreview(f);
    },
    showPreview(f, open) {
      act({ type: 'previewOpen', id: f.id, open });
      if (open) loadPreview(f);
    },
    /** Asks again for the previews a cancelled worker left unanswered. */
    retryPreviews: () => waitingPreviews(latest.current).forEach(loadPreview),
    /** Takes the demo's files unless the user has chosen files meanwhile; true when it did. */
    offerDemo(gold, systems, phones = null) {
      act({ type: 'demo', gold, systems, phones });
      return latest.current.demo;
    },
  };
}
