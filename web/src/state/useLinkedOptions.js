import { useEffect, useState } from 'preact/hooks';
import { fromHash, toHash } from '../options.js';

/**
 * The options, kept in the link's fragment: a link with options opens with them, and going
 * back or forward through fragments changes them. Returns [options, setOptions].
 */
export function useLinkedOptions() {
  const [options, setOptions] = useState(() => fromHash(window.location.hash));
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
  return [options, setOptions];
}
