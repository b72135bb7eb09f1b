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
    setGold: (blob) => act({ type: 'gold', file: fileEntry(blob) }),
    addSystems: (blobs) => act({ type: 'add', files: blobs.map((b) => fileEntry(b)) }),
    remove: (id) => act({ type: 'remove', id }),
    patch(id, patch) {
      act({ type: 'patch', id, patch });
      const f = allFiles(latest.current).find((x) => x.id === id);
      if (f && changesReading(patch) && latest.current.open.includes(id)) loadPreview(f);
    },
    showPreview(f, open) {
      act({ type: 'previewOpen', id: f.id, open });
      if (open) loadPreview(f);
    },
    /** Asks again for the previews a cancelled worker left unanswered. */
    retryPreviews: () => waitingPreviews(latest.current).forEach(loadPreview),
    /** Takes the demo's files unless the user has chosen files meanwhile; true when it did. */
    offerDemo(gold, systems) {
      act({ type: 'demo', gold, systems });
      return latest.current.demo;
    },
  };
}

/**
 * Fetches the demo's files, beside the page: `demo` is {gold: path, systems: [path]}.
 * Resolves {gold, systems} as file entries.
 */
export async function loadDemo(demo) {
  const get = async (path) => {
    const res = await fetch(new URL(path, document.baseURI));
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return fileEntry(await res.blob(), path.split('/').pop());
  };
  const [gold, ...systems] = await Promise.all([demo.gold, ...demo.systems].map(get));
  return { gold, systems };
}
