import { useState } from 'preact/hooks';
import { classRows, classSystems, fragmentTimes, sortClassRows } from '../../classes.js';
import { formatCount, formatValue } from '../../format.js';
import './style.css';

// Rows drawn at once: a ZeroSpeech system holds some 10^4 classes.
const PAGE_ROWS = 200;

/**
 * A spoken-term-discovery run class by class (SPEC §3.8): each class of a chosen system with
 * its NED as the core computed it and its fragments, their files, times and transcriptions
 * (the phones tdev2's rule keeps), from the system's `tde.by_class`. Sortable by NED (the
 * worst classes first), by size and by name.
 */
export function ClassTable({ result }) {
  const systems = classSystems(result);
  const [pick, setPick] = useState(0);
  const [order, setOrder] = useState({ sort: 'ned', dir: 'desc' });
  const [shown, setShown] = useState(PAGE_ROWS);
  const chosen = systems.find(({ index }) => index === pick) ?? systems[0];
  if (!chosen) return <p class="view-empty">This result holds no classes to list.</p>;
  const rows = sortClassRows(classRows(chosen.system), order.sort, order.dir);

  const sortBy = (sort) =>
    setOrder((o) =>
      o.sort === sort
        ? { sort, dir: o.dir === 'asc' ? 'desc' : 'asc' }
        : { sort, dir: sort === 'name' ? 'asc' : 'desc' },
    );
  const ariaSort = (sort) =>
    order.sort === sort ? (order.dir === 'asc' ? 'ascending' : 'descending') : undefined;
  const head = (sort, label) => (
    <th scope="col" aria-sort={ariaSort(sort)}>
      <button type="button" class="classes-sort" data-testid={`classes-sort-${sort}`} onClick={() => sortBy(sort)}>
        {label}
        <span class="classes-sortmark" aria-hidden="true">
          {order.sort === sort ? (order.dir === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );

  return (
    <div class="classes" data-testid="classes">
      <div class="view-controls">
        <label class="view-field">
          System
          <select
            value={chosen.index}
            onChange={(e) => {
              setPick(Number(e.currentTarget.value));
              setShown(PAGE_ROWS);
            }}
            data-testid="classes-system"
          >
            {systems.map(({ system, index }) => (
              <option key={index} value={index}>
                {system.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="view-caption" data-testid="classes-caption">
        {formatCount(rows.length)} classes; each with its NED (the mean normalised edit distance of
        its pairs of fragments, n/a below two) and its fragments, transcribed by the phones tdev2
        keeps. An empty transcription is a fragment the rule dropped.
      </p>
      <div class="classes-scroll" tabIndex={0} role="region" aria-label="Classes and fragments">
        <table class="classes-table" data-testid="classes-table">
          <caption class="visually-hidden">
            The classes of {chosen.system.name}; column headers sort the rows.
          </caption>
          <thead>
            <tr>
              {head('name', 'Class')}
              {head('size', 'Fragments')}
              {head('ned', 'NED')}
              <th scope="col">File, times and transcription</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((row) => (
              <tr key={row.name} data-testid="class-row" data-class={row.name}>
                <th scope="row" class="classes-name">
                  {row.name}
                </th>
                <td class="classes-value">{row.size}</td>
                <td
                  class={`classes-value${row.ned === null ? ' is-na' : ''}`}
                  data-testid="class-ned"
                  data-value={row.ned === null ? undefined : String(row.ned)}
                >
                  {row.ned === null ? 'n/a' : formatValue(row.ned)}
                </td>
                <td>
                  <ul class="classes-fragments">
                    {row.fragments.map((f, k) => (
                      <li key={k} data-testid="class-fragment">
                        <span class="classes-file">{f.file}</span>{' '}
                        <span class="classes-times">{fragmentTimes(f)}</span>{' '}
                        <span class={`classes-phones${f.transcription ? '' : ' is-dropped'}`}>
                          {f.transcription || 'dropped'}
                        </span>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > shown && (
        <button type="button" class="button" data-testid="classes-more" onClick={() => setShown((n) => n + PAGE_ROWS)}>
          Show {formatCount(Math.min(PAGE_ROWS, rows.length - shown))} more of{' '}
          {formatCount(rows.length - shown)}
        </button>
      )}
    </div>
  );
}
