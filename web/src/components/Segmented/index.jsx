/**
 * A row of radio buttons shown as one segmented control (styled by `.segmented` in
 * global.css). `options` are {id, label, disabled?, title?}; each input gets the test id
 * `${testPrefix}-${id}` and the group the accessible name `label`.
 */
export function Segmented({ label, name, testPrefix, options, value, onChange }) {
  return (
    <div class="segmented" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <label key={o.id} title={o.title}>
          <input
            type="radio"
            name={name}
            value={o.id}
            checked={value === o.id}
            disabled={o.disabled}
            onChange={() => onChange(o.id)}
            data-testid={`${testPrefix}-${o.id}`}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

/** The two mapping kinds every view offers. */
export const MAPPING_OPTIONS = [
  { id: 'm1', label: 'M-1' },
  { id: 'o1', label: '1-1' },
];
