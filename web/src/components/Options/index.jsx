import { useEffect, useRef } from 'preact/hooks';
import { FAMILIES } from '../../measures.js';
import {
  BASELINES,
  BOOTSTRAP_PRESETS,
  CORE_OPTIONS,
  DEFAULTS,
  MAP_PRESETS,
  PAGE_GROUPS,
  PUNCT_PRESETS,
  labelList,
  withLabels,
} from '../../options.js';
import { MAP_KINDS, MAP_OPTION } from '../../state/maps.js';
import './style.css';

const MAP_LABELS = { gold: 'Gold map', induced: 'System map' };

const BASELINE_HELP = {
  random: 'each class gets a cluster of as many random item types',
  one: 'everything in one cluster',
  singletons: 'each item its own cluster',
  majority: 'each item in its most frequent gold class',
};

/** A labelled select of `choices` (names), its help as the tooltip. */
function Choice({ id, label, help, value, choices, onChange }) {
  return (
    <div class="options-field">
      <label for={id} title={help}>
        {label}
      </label>
      <select id={id} value={value} title={help} onChange={(e) => onChange(e.currentTarget.value)}>
        {choices.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The options of the command line, in a collapsible panel: what the table shows (families,
 * mappings) and what the core computes. value: the page's options (see options.js);
 * onChange(next); invalid: {key: message}; maps: {gold, induced} uploaded map files;
 * onMapFile(kind, File|null).
 */
export function Options({ value, onChange, invalid, maps, onMapFile }) {
  const set = (patch) => onChange({ ...value, ...patch });
  const toggle = (key, item, on) => {
    const list = value[key].filter((x) => x !== item);
    if (on) list.push(item);
    // Keep the canonical order, so that the link does not depend on the clicking order.
    const order =
      key === 'families' ? Object.keys(FAMILIES) : key === 'mappings' ? ['m1', 'o1'] : BASELINES;
    set({ [key]: order.filter((x) => list.includes(x)) });
  };
  const summary = summaryText(value, maps);
  const bad = Object.keys(invalid).length > 0;
  const panel = useRef(null);
  // A field that cannot be sent opens the panel, so that its message is seen.
  useEffect(() => {
    if (bad && panel.current) panel.current.open = true;
  }, [bad]);

  return (
    <details ref={panel} class="options" data-testid="options">
      <summary class="options-summary">
        <span class="options-title">Options</span>
        <span class="options-digest" data-testid="options-digest">
          {summary || 'defaults of the command line'}
        </span>
        {bad && <span class="options-bad">check the fields marked</span>}
      </summary>

      <div class="options-grid">
        <fieldset class="options-group">
          <legend>Show</legend>
          <div class="options-checks" role="group" aria-label="Measure families to show">
            {Object.entries(FAMILIES).map(([id, label]) => (
              <Check
                key={id}
                id={`opt-family-${id}`}
                label={label}
                checked={value.families.includes(id)}
                onChange={(on) => toggle('families', id, on)}
              />
            ))}
          </div>
          <div class="options-checks options-inline" role="group" aria-label="Mappings to show">
            <span class="options-caption">Mappings</span>
            <Check
              id="opt-map-m1"
              label="M-1"
              checked={value.mappings.includes('m1')}
              onChange={(on) => toggle('mappings', 'm1', on)}
            />
            <Check
              id="opt-map-o1"
              label="1-1"
              checked={value.mappings.includes('o1')}
              onChange={(on) => toggle('mappings', 'o1', on)}
            />
          </div>
        </fieldset>

        {PAGE_GROUPS.map((group) => {
          const rows = Object.values(CORE_OPTIONS).filter((row) => row.group === group);
          const extra = GROUP_EXTRAS[group];
          return (
            <fieldset key={group} class={`options-group${extra?.wide ? ' options-wide' : ''}`}>
              <legend>{rows[0].groupTitle}</legend>
              {extra?.before?.({ value, set, maps, onMapFile })}
              {rows
                .filter((row) => !extra?.hidden?.(row.id, value))
                .map((row) => (
                  <CoreField
                    key={row.id}
                    row={row}
                    value={value[row.id]}
                    error={invalid[row.id]}
                    onChange={(v) => set({ [row.id]: v })}
                    after={extra?.after?.[row.id]?.({ value, set })}
                  />
                ))}
            </fieldset>
          );
        })}

        <fieldset class="options-group">
          <legend>Baselines</legend>
          <div class="options-checks">
            {BASELINES.map((b) => (
              <Check
                key={b}
                id={`opt-baseline-${b}`}
                label={b}
                title={BASELINE_HELP[b]}
                checked={value.baselines.includes(b)}
                onChange={(on) => toggle('baselines', b, on)}
              />
            ))}
          </div>
        </fieldset>
      </div>
      <p class="options-foot">
        The options live in this page's link: copy it to share them (uploaded map files stay here).{' '}
        <button
          type="button"
          class="options-chip"
          data-testid="options-reset"
          onClick={() =>
            onChange({
              ...DEFAULTS,
              families: [...DEFAULTS.families],
              mappings: [...DEFAULTS.mappings],
            })
          }
        >
          Reset to defaults
        </button>
      </p>
    </details>
  );
}

/** The field's id: "opt-min-share" for min_share. */
const fieldId = (id) => `opt-${id.replaceAll('_', '-')}`;

/** One option of the core's table, as its kind asks: a number, a check box or a select. */
function CoreField({ row, value, error, onChange, after }) {
  const id = fieldId(row.id);
  let field;
  if (row.kind === 'flag') {
    field = (
      <div class="options-field">
        <Check id={id} label={row.label} title={row.help} checked={value} onChange={onChange} />
      </div>
    );
  } else if (row.kind === 'choice') {
    field = (
      <Choice
        id={id}
        label={row.label}
        help={row.help}
        value={value}
        choices={row.choices}
        onChange={onChange}
      />
    );
  } else {
    field = (
      <NumberField
        id={id}
        label={row.label}
        help={row.help}
        value={value}
        step={row.kind === 'integer' ? '1' : 'any'}
        min={String(row.min)}
        max={String(row.max)}
        error={error}
        onInput={onChange}
      />
    );
  }
  return (
    <>
      {field}
      {after}
    </>
  );
}

/**
 * What a group of the core's options shows besides them: fields of the run's own before
 * them, something after one of them, a field hidden while it does not apply.
 */
const GROUP_EXTRAS = {
  tokens: { wide: true, before: ({ value, set }) => <ExcludeField value={value} set={set} /> },
  unclustered: {
    after: {
      unclustered: ({ value, set }) => (
        <div class="options-field">
          <label for="opt-unclustered-label">Label</label>
          <input
            id="opt-unclustered-label"
            type="text"
            class="options-short"
            placeholder="e.g. UNK"
            value={value.unclustered_label}
            onInput={(e) => set({ unclustered_label: e.currentTarget.value })}
          />
        </div>
      ),
    },
  },
  maps: {
    wide: true,
    before: ({ value, set, maps, onMapFile }) => (
      <>
        {MAP_KINDS.map((kind) => (
          <MapField
            key={kind}
            kind={kind}
            label={MAP_LABELS[kind]}
            value={value[MAP_OPTION[kind]]}
            file={maps[kind]}
            onChange={(choice) => set({ [MAP_OPTION[kind]]: choice })}
            onFile={(f) => onMapFile(kind, f)}
          />
        ))}
      </>
    ),
  },
  statistics: {
    after: {
      bootstrap: ({ value, set }) => (
        <span class="options-help">
          {BOOTSTRAP_PRESETS.map((n) => (
            <button
              key={n}
              type="button"
              class={`options-chip${value.bootstrap === n ? ' is-chosen' : ''}`}
              aria-pressed={value.bootstrap === n ? 'true' : 'false'}
              data-testid={`bootstrap-${n}`}
              onClick={() => set({ bootstrap: n })}
            >
              {n === '0' ? 'off' : n}
            </button>
          ))}{' '}
          95% intervals, paired comparisons; more resamples take longer
        </span>
      ),
    },
    // Shuffles only for approximate randomization; what a sense run's resamples draw only
    // with resamples.
    hidden: (id, value) =>
      (id === 'shuffles' && value.test !== 'ar') ||
      (id === 'resample' && Number(value.bootstrap) === 0),
  },
};

/** The gold labels whose tokens leave the evaluation, with the punctuation presets. */
function ExcludeField({ value, set }) {
  return (
    <div class="options-field options-stack">
      <label for="opt-exclude">Gold labels to exclude</label>
      <input
        id="opt-exclude"
        type="text"
        class="options-labels"
        spellcheck={false}
        autocomplete="off"
        placeholder="labels separated by spaces"
        aria-describedby="opt-exclude-help"
        value={value.exclude_labels}
        onInput={(e) => set({ exclude_labels: e.currentTarget.value })}
      />
      <span id="opt-exclude-help" class="options-help">
        {labelList(value.exclude_labels).length} labels, separated by spaces. Add:{' '}
        {Object.entries(PUNCT_PRESETS).map(([id, p]) => (
          <button
            key={id}
            type="button"
            class="options-chip"
            title={p.labels.join('  ')}
            onClick={() => set({ exclude_labels: withLabels(value.exclude_labels, p.labels) })}
          >
            {p.name}
          </button>
        ))}
        {value.exclude_labels && (
          <button type="button" class="options-chip" onClick={() => set({ exclude_labels: '' })}>
            Clear
          </button>
        )}
      </span>
    </div>
  );
}

function Check({ id, label, checked, onChange, title }) {
  return (
    <span class="options-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <label for={id} title={title}>
        {label}
      </label>
    </span>
  );
}

function NumberField({ id, label, help, value, step, min, max, error, onInput }) {
  return (
    <div class="options-field">
      <label for={id} title={help}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        max={max}
        value={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-help` : undefined}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      {error && (
        <span id={`${id}-help`} class="options-invalid">
          {error}
        </span>
      )}
    </div>
  );
}

function MapField({ kind, label, value, file, onChange, onFile }) {
  const id = `opt-${kind}-map`;
  return (
    <div class="options-field options-map">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">none</option>
        {Object.entries(MAP_PRESETS).map(([p, name]) => (
          <option key={p} value={p}>
            {name}
          </option>
        ))}
        <option value="file">a from&lt;TAB&gt;to file…</option>
      </select>
      {value === 'file' && (
        <>
          <input
            id={`${id}-file`}
            class="visually-hidden filedrop-input"
            type="file"
            aria-label={`${label}: choose a from<TAB>to file`}
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              if (f) onFile(f);
              e.currentTarget.value = '';
            }}
          />
          <label for={`${id}-file`} class="options-chip options-file">
            {file ? 'Replace file' : 'Choose file'}
          </label>
          {file && (
            <span class="options-file-name" data-testid={`${kind}-map-file`}>
              {file.name}
            </span>
          )}
        </>
      )}
    </div>
  );
}

/** An option of the core's table that differs from its default, in a few words. */
function coreWords(row, v) {
  if (row.kind === 'flag') return v ? row.label : `not: ${row.label.toLowerCase()}`;
  return `${row.label.toLowerCase()}: ${v}`;
}

/** The options that differ from the defaults, in a few words. */
function summaryText(o, maps) {
  const parts = [];
  for (const row of Object.values(CORE_OPTIONS)) {
    if (o[row.id] !== DEFAULTS[row.id]) parts.push(coreWords(row, o[row.id]));
  }
  if (o.unclustered_label.trim()) parts.push(`unclustered label ${o.unclustered_label.trim()}`);
  const n = labelList(o.exclude_labels).length;
  if (n) parts.push(`${n} labels excluded`);
  const mapName = (v, f) => (v === 'file' ? (f?.name ?? 'a file') : v);
  if (o.gold_map) parts.push(`gold map ${mapName(o.gold_map, maps.gold)}`);
  if (o.induced_map) parts.push(`system map ${mapName(o.induced_map, maps.induced)}`);
  if (o.baselines.length) parts.push(`baselines: ${o.baselines.join(', ')}`);
  const hidden = Object.keys(FAMILIES).length - o.families.length;
  if (hidden) parts.push(`${hidden} families hidden`);
  if (o.mappings.length < 2)
    parts.push(
      o.mappings.length ? `${o.mappings[0] === 'm1' ? 'M-1' : '1-1'} only` : 'no mapping measures',
    );
  return parts.join(' · ');
}
