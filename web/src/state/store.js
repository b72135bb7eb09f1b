import { useCallback, useRef, useState } from 'preact/hooks';

/**
 * A pure reducer as a hook, whose latest state can also be read at once through `latest`:
 * code that goes on after an await acts on what is true now, not on what was last rendered.
 * `init(initial)`, when given, makes the first state (on the first render only).
 * Returns [state, act, latest].
 */
export function useStore(reducer, initial, init = null) {
  const [state, setState] = useState(() => (init ? init(initial) : initial));
  const latest = useRef(state);
  const act = useCallback(
    (action) => {
      latest.current = reducer(latest.current, action);
      setState(latest.current);
    },
    [reducer],
  );
  return [state, act, latest];
}
