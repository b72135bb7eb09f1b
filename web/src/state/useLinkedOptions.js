import { useCallback, useEffect } from 'preact/hooks';
import { linkHash, linkReducer, readLink } from './link.js';
import { useStore } from './store.js';

/**
 * The options, kept in the link's fragment: a link with options opens with them, and going
 * back or forward through fragments changes them; options that cost more than an evaluation
 * at once may wait for the reader's answer, and a fragment too long is refused (link.js).
 * Returns [options, setOptions, link]: `link` is {held, refused, latest, accept(), decline(),
 * dismiss()}, where accept() and decline() return the options they leave and `latest` holds
 * the state as it is now (for code that goes on after an await).
 */
export function useLinkedOptions() {
  const [state, act, latest] = useStore(linkReducer, null, () => readLink(window.location.hash));
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    const next = linkHash(state);
    if (next !== hash && !(next === '' && hash === '#')) {
      window.history.replaceState(window.history.state, '', `${pathname}${search}${next}`);
    }
  }, [state.options, state.held]);
  useEffect(() => {
    const onHash = () => act({ type: 'read', hash: window.location.hash });
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const setOptions = useCallback((options) => act({ type: 'set', options }), [act]);
  const answer = (type) => () => {
    act({ type });
    return latest.current.options;
  };
  const link = {
    held: state.held,
    refused: state.refused,
    latest,
    accept: answer('accept'),
    decline: answer('decline'),
    dismiss: () => act({ type: 'dismiss' }),
  };
  return [state.options, setOptions, link];
}
