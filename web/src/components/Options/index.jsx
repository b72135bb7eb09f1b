import './style.css';

const TOKEN_CHECK_HELP =
  'Gold and system must hold the same token strings, position by position; ' +
  'when off, only the token counts are compared.';

/**
 * The evaluation options the core takes: β of the V-measure, the log base and the token check.
 * value: {beta: string, log2: boolean, tokenCheck: boolean}; onChange(next).
 */
export function Options({ value, onChange, betaValid }) {
  const set = (patch) => onChange({ ...value, ...patch });
  return (
    <fieldset class="options">
      <legend class="visually-hidden">Options</legend>
      <div class="options-field">
        <label for="opt-beta" title="1 weighs homogeneity and completeness equally">
          β of V
        </label>
        <input
          id="opt-beta"
          type="number"
          inputMode="decimal"
          min="0"
          step="0.1"
          value={value.beta}
          aria-invalid={betaValid ? undefined : 'true'}
          aria-describedby={betaValid ? undefined : 'opt-beta-help'}
          onInput={(e) => set({ beta: e.currentTarget.value })}
        />
        {!betaValid && (
          <span id="opt-beta-help" class="options-invalid">
            a positive number
          </span>
        )}
      </div>
      <div class="options-field">
        <label for="opt-log">Logarithm</label>
        <select
          id="opt-log"
          value={value.log2 ? '2' : 'e'}
          onChange={(e) => set({ log2: e.currentTarget.value === '2' })}
        >
          <option value="e">natural (nats)</option>
          <option value="2">base 2 (bits)</option>
        </select>
      </div>
      <div class="options-field">
        <input
          id="opt-token-check"
          type="checkbox"
          checked={value.tokenCheck}
          onChange={(e) => set({ tokenCheck: e.currentTarget.checked })}
        />
        <label for="opt-token-check" title={TOKEN_CHECK_HELP}>
          Check that tokens line up
        </label>
      </div>
    </fieldset>
  );
}
