import { useEffect } from 'preact/hooks';
import { openedState } from './opening.js';

/**
 * Once, on first open: loads the files the page opens with (`opening`, payload.js, or null)
 * and evaluates them with `start(gold, systems, options, maps, phones)`, unless the user has chosen
 * files meanwhile (`files`, useFiles), or the options wait for the reader's answer (`waiting()`
 * true: a link asked for costly ones, link.js; the answer evaluates). The map files it
 * carries replace `maps` and set their options (setMaps, setOptions). `optionsNow()` gives the
 * options as they are when the files have loaded.
 */
export function useOpening(opening, { files, optionsNow, waiting, setOptions, setMaps, start }) {
  useEffect(() => {
    if (!opening) return;
    let live = true;
    opening.load().then(
      (loaded) => {
        if (!live) return;
        const next = openedState(loaded, optionsNow());
        if (next.withMaps) {
          setMaps(next.maps);
          setOptions(next.options);
        }
        if (files.offerDemo(next.gold, next.systems, next.phones) && !waiting()) {
          start(next.gold, next.systems, next.options, next.maps, next.phones);
        }
      },
      (err) => console.warn(`The files of this page could not be loaded: ${err.message}`),
    );
    return () => {
      live = false;
    };
  }, []);
}
