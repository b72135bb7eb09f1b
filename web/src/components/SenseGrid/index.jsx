import { formatValue } from '../../format.js';
import { senseGrid } from '../../lemmas.js';
import './style.css';

/**
 * One lemma of a sense run as a heatmap: gold senses as rows, a system's induced senses as
 * columns, each cell the memberships its gold instances give the two senses together, summed
 * (the core's `cells`); the darker, the more. `systems` are lemmaSystems' entries.
 */
export function SenseGrid({ systems, lemma, pick, onPick }) {
  const chosen = systems[pick] ?? systems[0];
  const grid = chosen ? senseGrid(chosen.system, lemma) : null;
  return (
    <section class="sensegrid" data-testid="sensegrid" aria-label={`Senses of ${lemma}`}>
      <PictureHead systems={systems} pick={pick} onPick={onPick} testId="sensegrid-system">
        Senses of <strong>{lemma}</strong>
      </PictureHead>
      {!grid ? (
        <p class="view-empty">This result holds no sense cells for the lemma (evaluate with details).</p>
      ) : (
        <div class="lemmas-scroll" tabIndex={0} role="region" aria-label={`Sense grid of ${lemma}`}>
          <table class="sensegrid-table" data-testid="sensegrid-table" data-lemma={lemma}>
            <caption class="visually-hidden">
              Gold senses of {lemma} against the induced senses of {chosen.system.name}: the memberships summed.
            </caption>
            <thead>
              <tr>
                <th scope="col">gold \ induced</th>
                {grid.induced.map((k) => (
                  <th key={k} scope="col">
                    {k}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.gold.map((g, r) => (
                <tr key={g}>
                  <th scope="row">{g}</th>
                  {grid.weight[r].map((w, c) => (
                    <td
                      key={c}
                      data-gold={g}
                      data-induced={grid.induced[c]}
                      data-value={String(w)}
                      style={{ '--share': grid.max > 0 ? w / grid.max : 0 }}
                      class={`sensegrid-cell${w > 0 ? '' : ' is-empty'}`}
                    >
                      {w > 0 ? formatValue(w) : ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The title of a lemma's (document's) picture and the system it is drawn for. */
export function PictureHead({ systems, pick, onPick, testId, children }) {
  return (
    <div class="view-controls">
      <span class="sensegrid-title">{children}</span>
      <label class="view-field">
        System
        <select value={String(pick)} onChange={(e) => onPick(Number(e.currentTarget.value))} data-testid={testId}>
          {systems.map(({ system }, i) => (
            <option key={i} value={String(i)}>
              {system.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
