import { formatCount } from '../../format.js';
import './style.css';

const LOGS = { e: 'natural log', 2: 'log base 2' };

/** The gold standard as the core read it, and the options in force. */
export function GoldSummary({ gold, options }) {
  if (!gold) return null;
  const facts = [
    ['tokens', gold.tokens],
    ['sentences', gold.sentences],
    ['items', gold.items],
    ['classes', gold.classes],
  ];
  if (gold.polysemous_items > 0) facts.push(['polysemous items', gold.polysemous_items]);
  if (gold.excluded_tokens > 0) facts.push(['excluded tokens', gold.excluded_tokens]);
  return (
    <div class="gold-summary" data-testid="gold-summary">
      <p class="gold-summary-line">
        <span class="gold-summary-label">Gold</span>
        <span class="gold-summary-name">{gold.name}</span>
        <span class="gold-summary-format" title="Format detected by the reader">
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
        <p class="gold-summary-options">
          {LOGS[options.log] ?? `log base ${options.log}`}
          {options.beta !== undefined && ` · β = ${options.beta}`}
          {options.token_check !== undefined &&
            ` · token check ${options.token_check ? 'on' : 'off'}`}
        </p>
      )}
    </div>
  );
}
