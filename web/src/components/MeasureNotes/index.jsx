import { FAMILIES, LEVELS, MEASURES, direction, formulaSentence } from '../../measures.js';
import './style.css';

/** What each measure means, by family, for readers who cannot hover a column header. */
export function MeasureNotes() {
  return (
    <details class="measure-notes" data-testid="measure-notes">
      <summary>What the measures mean</summary>
      {Object.entries(FAMILIES).map(([family, title]) => (
        <section key={family} class="measure-family" aria-labelledby={`notes-${family}`}>
          <h4 id={`notes-${family}`} class="measure-family-title">
            {title}
          </h4>
          <dl>
            {MEASURES.filter((m) => m.family === family).map((m) => (
              <div key={m.id} class="measure-note" id={`measure-${m.id}`}>
                <dt>
                  {m.label} <span class="measure-note-name">{m.name}</span>{' '}
                  <code class="measure-note-id">{m.id}</code>
                </dt>
                <dd>
                  {formulaSentence(m)}{' '}
                  <span class="measure-note-meta">
                    {m.levels.map((l) => LEVELS[l].toLowerCase()).join(' and ')} · {direction(m)} ·{' '}
                    {m.paper}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </details>
  );
}
