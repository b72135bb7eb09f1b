import { useCallback, useRef, useState } from 'preact/hooks';

/**
 * A pure reducer as a hook, whose latest state can also be read at once through `latest`:
 * code that goes on after an await acts on what is true now, not on what was last rendered.
 * Returns [state, act, latest].
 */
export function useStore(reducer, initial) {
  const latest = useRef(initial);
  const [state, setState] = useState(initial);
  const act = useCallback(
    (action) => {
      latest.current = reducer(latest.current, action);
      setState(latest.current);
    },
    [reducer],
  );
  return [state, act, latest];
}
