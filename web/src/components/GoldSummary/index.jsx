import { formatCount } from '../../format.js';
import { OPTION_TABLE } from '../../option-table.js';
import './style.css';

const LOGS = { e: 'natural log', 2: 'log base 2' };

/** The gold standard as the core read it, and the options in force. */
export function GoldSummary({ gold, options }) {
  if (!gold) return null;
  // Joint counts keep no sentences: their 0 would read as a fact about the corpus.
  const sentences = gold.format === 'joint' ? undefined : gold.sentences;
  const facts = [
    ['tokens', gold.tokens],
    ['sentences', sentences],
    ['items', gold.items],
    ['classes', gold.classes],
  ].filter(([, n]) => n !== undefined);
  if (gold.polysemous_items > 0) facts.push(['polysemous items', gold.polysemous_items]);
  if (gold.excluded_tokens > 0) facts.push(['excluded tokens', gold.excluded_tokens]);
  return (
    <div class="gold-summary" data-testid="gold-summary">
      <p class="gold-summary-line">
        <span class="gold-summary-label">Gold</span>
        <span class="gold-summary-name">{gold.name}</span>
        <span class="gold-summary-format" title="Format the core read the file as">
          {gold.format}
        </span>
      </p>
      <ul class="gold-summary-facts">
        {facts.map(([label, n]) => (
          <li key={label} data-fact={label}>
            <strong>{formatCount(n)}</strong> {label}
          </li>
        ))}
      </ul>
      {options && (
        <p class="gold-summary-options" data-testid="options-in-force">
          {optionWords(options).join(' · ')}
        </p>
      )}
    </div>
  );
}

/** The core's default of each option, as the result's JSON writes it. */
const DEFAULT_OF = new Map(OPTION_TABLE.map((row) => [row.id, row.default]));

/** The options of the result (SPEC §4 `options`) in words, known ones first, then those that
 * differ from the core's defaults. */
function optionWords(o) {
  const words = [];
  const seen = new Set();
  const say = (key, text) => {
    seen.add(key);
    if (o[key] !== undefined && text) words.push(text);
  };
  say('log', LOGS[o.log] ?? `log base ${o.log}`);
  seen.add('log2'); // said by 'log'
  // How the run was carried out, not what it computed: the numbers are the same either way.
  seen.add('detail');
  seen.add('threads');
  say('beta', `β = ${o.beta}`);
  say('token_check', `token check ${o.token_check ? 'on' : 'off'}`);
  say('nmi_mean', o.nmi_mean && o.nmi_mean !== 'arithmetic' ? `NMI ${o.nmi_mean} mean` : null);
  say('restarts', `${o.restarts} restarts`);
  say('seed', `seed ${o.seed}`);
  say('unclustered', `unclustered: ${o.unclustered}`);
  say('min_share', o.min_share > 0 ? `min. share ${o.min_share}` : null);
  for (const [key, v] of Object.entries(o)) {
    if (seen.has(key) || v === null || v === false || v === '' || (Array.isArray(v) && !v.length))
      continue;
    if (DEFAULT_OF.has(key) && DEFAULT_OF.get(key) === v) continue;
    if (typeof v === 'object' && !Array.isArray(v)) continue;
    words.push(`${key.replace(/_/g, ' ')}: ${Array.isArray(v) ? v.join(' ') : v}`);
  }
  return words;
}
