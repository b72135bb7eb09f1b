import { useEffect, useRef } from 'preact/hooks';
import { FAMILIES } from '../../measures.js';
import {
  BASELINES,
  BOOTSTRAP_MAX,
  BOOTSTRAP_PRESETS,
  CI_METHODS,
  DEFAULTS,
  MAP_PRESETS,
  NMI_MEANS,
  LEVELS,
  PUNCT_PRESETS,
  SHUFFLES_MAX,
  TESTS,
  UNCLUSTERED,
  labelList,
  withLabels,
} from '../../options.js';
import './style.css';

const TOKEN_CHECK_HELP =
  'Gold and system must hold the same token strings, position by position; ' +
  'when off, only the token counts are compared.';

const UNCLUSTERED_HELP = {
  merge: 'one extra cluster holds them all',
  split: 'each is a cluster of its own',
  drop: 'they leave the evaluation',
};

const BOOTSTRAP_HELP =
  'Resample the sentences (a lexicon: its items) this many times, seeded by Seed, for a 95% ' +
  'interval of every measure and the paired bootstrap between systems; 0 is off.';

const CI_HELP =
  'BCa corrects the bias and skew of the resamples (scipy’s default); percentile and basic ' +
  'read their quantiles as they are.';

const TEST_HELP =
  'The p-value that two systems differ: the paired bootstrap on the resamples above, or ' +
  'approximate randomization, which swaps the two systems’ outputs sentence by sentence ' +
  '(item by item at the type level).';

const BASELINE_HELP = {
  random: 'each class gets a cluster of as many random item types',
  one: 'everything in one cluster',
  singletons: 'each item its own cluster',
  majority: 'each item in its most frequent gold class',
};

/** A labelled select of `choices` ({value: label}), its help as the tooltip. */
function Choice({ id, label, help, value, choices, onChange }) {
  return (
    <div class="options-field">
      <label for={id} title={help}>
        {label}
      </label>
      <select id={id} value={value} title={help} onChange={(e) => onChange(e.currentTarget.value)}>
        {Object.entries(choices).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
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

        <fieldset class="options-group">
          <legend>Measures</legend>
          <NumberField
            id="opt-beta"
            label="β of V"
            help="weight of completeness; 1 weighs both equally"
            value={value.beta}
            step="0.1"
            min="0"
            error={invalid.beta}
            onInput={(beta) => set({ beta })}
          />
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
            <label for="opt-levels">Levels</label>
            <select
              id="opt-levels"
              value={value.levels}
              onChange={(e) => set({ levels: e.currentTarget.value })}
            >
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l === 'both' ? 'token and type' : `${l} only`}
                </option>
              ))}
            </select>
          </div>
          <div class="options-field">
            <label for="opt-nmi">NMI mean</label>
            <select
              id="opt-nmi"
              value={value.nmiMean}
              onChange={(e) => set({ nmiMean: e.currentTarget.value })}
            >
              {NMI_MEANS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
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

        <fieldset class="options-group">
          <legend>M-1 search and types</legend>
          <NumberField
            id="opt-restarts"
            label="Restarts"
            help="hill-climbing starts of the type-level M-1 measures"
            value={value.restarts}
            step="1"
            min="1"
            error={invalid.restarts}
            onInput={(restarts) => set({ restarts })}
          />
          <NumberField
            id="opt-seed"
            label="Seed"
            help="seeds the random starts and the random baseline"
            value={value.seed}
            step="1"
            min="0"
            error={invalid.seed}
            onInput={(seed) => set({ seed })}
          />
          <NumberField
            id="opt-min-share"
            label="Min. share"
            help="a label enters an item's entry only if at least this share of its tokens carry it"
            value={value.minShare}
            step="0.05"
            min="0"
            max="1"
            error={invalid.minShare}
            onInput={(minShare) => set({ minShare })}
          />
        </fieldset>

        <fieldset class="options-group">
          <legend>Unclustered gold items</legend>
          <div class="options-field">
            <label for="opt-unclustered">Policy</label>
            <select
              id="opt-unclustered"
              value={value.unclustered}
              onChange={(e) => set({ unclustered: e.currentTarget.value })}
              aria-describedby="opt-unclustered-help"
            >
              {UNCLUSTERED.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
            <span id="opt-unclustered-help" class="options-help">
              {UNCLUSTERED_HELP[value.unclustered]}
            </span>
          </div>
          <div class="options-field">
            <label for="opt-unclustered-label">Label</label>
            <input
              id="opt-unclustered-label"
              type="text"
              class="options-short"
              placeholder="e.g. UNK"
              value={value.unclusteredLabel}
              onInput={(e) => set({ unclusteredLabel: e.currentTarget.value })}
            />
          </div>
        </fieldset>

        <fieldset class="options-group options-wide">
          <legend>Excluded tokens</legend>
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
              value={value.excludeLabels}
              onInput={(e) => set({ excludeLabels: e.currentTarget.value })}
            />
            <span id="opt-exclude-help" class="options-help">
              {labelList(value.excludeLabels).length} labels, separated by spaces. Add:{' '}
              {Object.entries(PUNCT_PRESETS).map(([id, p]) => (
                <button
                  key={id}
                  type="button"
                  class="options-chip"
                  title={p.labels.join('  ')}
                  onClick={() => set({ excludeLabels: withLabels(value.excludeLabels, p.labels) })}
                >
                  {p.name}
                </button>
              ))}
              {value.excludeLabels && (
                <button
                  type="button"
                  class="options-chip"
                  onClick={() => set({ excludeLabels: '' })}
                >
                  Clear
                </button>
              )}
            </span>
          </div>
          <Check
            id="opt-substitutable"
            label="Substitutable precision and recall (Frank et al. 2009), gold-free"
            checked={value.substitutable}
            onChange={(substitutable) => set({ substitutable })}
          />
          <Check
            id="opt-exclude-punct"
            label="Exclude tokens made only of Unicode punctuation and symbols"
            checked={value.excludePunct}
            onChange={(excludePunct) => set({ excludePunct })}
          />
        </fieldset>

        <fieldset class="options-group options-wide">
          <legend>Label maps</legend>
          <MapField
            kind="gold"
            label="Gold map"
            value={value.goldMap}
            file={maps.gold}
            onChange={(goldMap) => set({ goldMap })}
            onFile={(f) => onMapFile('gold', f)}
          />
          <MapField
            kind="induced"
            label="System map"
            value={value.inducedMap}
            file={maps.induced}
            onChange={(inducedMap) => set({ inducedMap })}
            onFile={(f) => onMapFile('induced', f)}
          />
          <Check
            id="opt-map-keep"
            label="Keep labels a map lacks (otherwise they are an error)"
            checked={value.mapKeep}
            onChange={(mapKeep) => set({ mapKeep })}
          />
        </fieldset>

        <fieldset class="options-group">
          <legend>Confidence</legend>
          <NumberField
            id="opt-bootstrap"
            label="Bootstrap resamples"
            help={BOOTSTRAP_HELP}
            value={value.bootstrap}
            step="100"
            min="0"
            max={String(BOOTSTRAP_MAX)}
            error={invalid.bootstrap}
            onInput={(bootstrap) => set({ bootstrap })}
          />
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
          <Choice
            id="opt-ci"
            label="Intervals"
            help={CI_HELP}
            value={value.ci}
            choices={CI_METHODS}
            onChange={(ci) => set({ ci })}
          />
          <Choice
            id="opt-test"
            label="Paired test"
            help={TEST_HELP}
            value={value.test}
            choices={TESTS}
            onChange={(test) => set({ test })}
          />
          {value.test === 'ar' && (
            <NumberField
              id="opt-shuffles"
              label="Shuffles"
              help="approximate randomization's shuffles per pair of systems"
              value={value.shuffles}
              step="1000"
              min="1"
              max={String(SHUFFLES_MAX)}
              error={invalid.shuffles}
              onInput={(shuffles) => set({ shuffles })}
            />
          )}
        </fieldset>

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

/** The options that differ from the defaults, in a few words. */
function summaryText(o, maps) {
  const parts = [];
  if (o.beta !== DEFAULTS.beta) parts.push(`β ${o.beta}`);
  if (o.log2) parts.push('bits');
  if (o.nmiMean !== DEFAULTS.nmiMean) parts.push(`NMI ${o.nmiMean}`);
  if (o.levels !== DEFAULTS.levels) parts.push(`${o.levels} level only`);
  if (o.substitutable) parts.push('substitutable scores');
  if (!o.tokenCheck) parts.push('no token check');
  if (o.restarts !== DEFAULTS.restarts) parts.push(`${o.restarts} restarts`);
  if (o.seed !== DEFAULTS.seed) parts.push(`seed ${o.seed}`);
  if (o.minShare !== DEFAULTS.minShare) parts.push(`min. share ${o.minShare}`);
  if (o.unclustered !== DEFAULTS.unclustered) parts.push(`unclustered: ${o.unclustered}`);
  const n = labelList(o.excludeLabels).length;
  if (n) parts.push(`${n} labels excluded`);
  if (o.excludePunct) parts.push('punctuation excluded');
  const mapName = (v, f) => (v === 'file' ? (f?.name ?? 'a file') : v);
  if (o.goldMap) parts.push(`gold map ${mapName(o.goldMap, maps.gold)}`);
  if (o.inducedMap) parts.push(`system map ${mapName(o.inducedMap, maps.induced)}`);
  if (o.baselines.length) parts.push(`baselines: ${o.baselines.join(', ')}`);
  if (o.bootstrap !== DEFAULTS.bootstrap) parts.push(`${o.bootstrap} bootstrap resamples`);
  if (o.ci !== DEFAULTS.ci && o.bootstrap !== '0') parts.push(`${o.ci} intervals`);
  if (o.test === 'ar') parts.push(`approximate randomization, ${o.shuffles} shuffles`);
  const hidden = Object.keys(FAMILIES).length - o.families.length;
  if (hidden) parts.push(`${hidden} families hidden`);
  if (o.mappings.length < 2)
    parts.push(
      o.mappings.length ? `${o.mappings[0] === 'm1' ? 'M-1' : '1-1'} only` : 'no mapping measures',
    );
  return parts.join(' · ');
}
