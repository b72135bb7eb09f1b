import { FAMILIES, MEASURES, direction, formulaSentence } from '../../measures.js';
import './style.css';

/** What each measure means, for readers who cannot hover a column header. */
export function MeasureNotes() {
  return (
    <details class="measure-notes">
      <summary>What the measures mean</summary>
      <dl>
        {MEASURES.map((m) => (
          <div key={m.id} class="measure-note">
            <dt>
              {m.label} <span class="measure-note-name">{m.name}</span>
            </dt>
            <dd>
              {formulaSentence(m)}{' '}
              <span class="measure-note-meta">
                {FAMILIES[m.family]} · {direction(m)} · {m.paper}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
