import { formatCount } from '../../format.js';
import { OPTION_TABLE } from '../../option-table.js';
import './style.css';

const LOGS = { e: 'natural log', 2: 'log base 2' };

/** The gold standard as the core read it, and the options in force. */
export function GoldSummary({ gold, options }) {
  if (!gold) return null;
  const tde = gold.format === 'tde-words';
  const facts =
    gold.format === 'senses'
      ? senseFacts(gold)
      : gold.format === 'conll'
        ? corefFacts(gold)
        : tde
          ? tdeFacts(gold)
          : corpusFacts(gold);
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
          {tde
            ? `transcribed by ${gold.phones ?? 'no phone alignment'}, scored as tdev2 scores it`
            : gold.format === 'conll'
              ? "scored as the CoNLL-2012 reference scorer (v8.01) scores, micro over the key's documents"
            : optionWords(options, gold.format === 'senses').join(' · ')}
        </p>
      )}
    </div>
  );
}

/** A corpus, a lexicon or counts: [label, count]. */
function corpusFacts(gold) {
  // Joint counts keep no sentences: their 0 would read as a fact about the corpus.
  const sentences = gold.format === 'joint' ? undefined : gold.sentences;
  const facts = [
    ['tokens', gold.tokens],
    ['sentences', sentences],
    ['items', gold.items],
    ['classes', gold.classes],
  ].filter(([, n]) => n !== undefined);
  if (gold.polysemous_items > 0) facts.push(['polysemous items', gold.polysemous_items]);
  return facts;
}

/** A sense key (SPEC §3.7): its items are instances of lemmas, its classes senses; it has no
 * tokens or sentences, whose 0 would read as a fact about the key. */
function senseFacts(gold) {
  const facts = [
    ['lemmas', gold.lemmas],
    ['instances', gold.items],
    ['senses', gold.classes],
  ].filter(([, n]) => n !== undefined);
  if (gold.polysemous_items > 0) facts.push(['instances with several senses', gold.polysemous_items]);
  return facts;
}

/** A word alignment (SPEC §3.8): its words (SIL left out, a repeated line once) and word
 * types; it has no tokens or sentences of a corpus. */
function tdeFacts(gold) {
  return [
    ['words', gold.words],
    ['word types', gold.classes],
  ].filter(([, n]) => n !== undefined);
}

/** A coreference key (SPEC §3.6): documents, mentions and entities; no tokens or classes. */
function corefFacts(gold) {
  return [
    ['documents', gold.documents],
    ['mentions', gold.mentions],
    ['entities', gold.entities],
  ].filter(([, n]) => n !== undefined);
}

/** The core's option table by id: each option's default and group. */
const OPTION_ROWS = new Map(OPTION_TABLE.map((row) => [row.id, row]));

/** Whether a result's option differs from the core's default (a key of the run's own: set). */
const differs = (key, v) => (OPTION_ROWS.has(key) ? OPTION_ROWS.get(key).default !== v : v !== null);

/** The options of the result (SPEC §4 `options`) in words, known ones first, then those that
 * differ from the core's defaults; not those of the group "run" (threads, details), which say
 * how the run was carried out, not what it computed. A sense run (`senses`) is scored as the
 * SemEval scorers score it, in bits, whatever the corpus options say: they are left out. */
function optionWords(o, senses = false) {
  const words = senses ? ["entropies in bits, as the tasks' scorers take them"] : [];
  const seen = new Set(['log2']); // said by "log"
  const say = (key, text) => {
    seen.add(key);
    if (!senses && o[key] !== undefined && text) words.push(text);
  };
  say('log', LOGS[o.log] ?? `log base ${o.log}`);
  say('beta', `β = ${o.beta}`);
  say('token_check', `token check ${o.token_check ? 'on' : 'off'}`);
  say('nmi_mean', differs('nmi_mean', o.nmi_mean) ? `NMI ${o.nmi_mean} mean` : null);
  say('restarts', `${o.restarts} restarts`);
  say('seed', `seed ${o.seed}`);
  say('unclustered', `unclustered: ${o.unclustered}`);
  say('min_share', differs('min_share', o.min_share) ? `min. share ${o.min_share}` : null);
  for (const [key, v] of Object.entries(o)) {
    if (seen.has(key) || OPTION_ROWS.get(key)?.group === 'run' || !differs(key, v)) continue;
    if (v === '' || (Array.isArray(v) && !v.length) || (typeof v === 'object' && !Array.isArray(v)))
      continue;
    words.push(`${key.replace(/_/g, ' ')}: ${Array.isArray(v) ? v.join(' ') : v}`);
  }
  return words;
}
