import {
  FAMILIES,
  LEVELS,
  MEASURES,
  SENSE_MEASURES,
  COREF_MEASURES,
  direction,
  formulaSentence,
} from '../../measures.js';
import './style.css';

/**
 * What each measure means, by family, for readers who cannot hover a column header; a sense
 * run's measures apart, since its V and PF are SemEval-2010's, not those of the token level.
 */
export function MeasureNotes() {
  const sections = [
    ...Object.entries(FAMILIES).map(([family, title]) => [
      family,
      title,
      MEASURES.filter(
        (m) => m.family === family && !m.levels.every((l) => l === 'senses' || l === 'coref'),
      ),
    ]).filter(([family]) => family !== 'coref'),
    ['senses', 'Word-sense induction (a sense run)', SENSE_MEASURES],
    ['coref', 'Coreference (a conll run)', COREF_MEASURES],
  ];
  return (
    <details class="measure-notes" data-testid="measure-notes">
      <summary>What the measures mean</summary>
      {sections.map(([key, title, measures]) => (
        <section key={key} class="measure-family" aria-labelledby={`notes-${key}`}>
          <h4 id={`notes-${key}`} class="measure-family-title">
            {title}
          </h4>
          <dl>
            {measures.map((m) => (
              <div key={m.id} class="measure-note" id={`measure-${key === 'senses' || key === 'coref' ? `${key}-` : ''}${m.id}`}>
                <dt>
                  {m.label} <span class="measure-note-name">{m.name}</span>{' '}
                  <code class="measure-note-id">{key === 'senses' || key === 'coref' ? `${key}.${m.id}` : m.id}</code>
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
