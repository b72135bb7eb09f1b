import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from '../../format.js';
import './style.css';

/** What a reported number came to: 'reproduces', 'differs' or 'unmatched'. */
export const verdictOf = (cell) =>
  cell.computed === null ? 'unmatched' : cell.reproduced ? 'reproduces' : 'differs';

/** "12 of 14 reported numbers reproduce; 1 differs; 1 could not be compared." */
export function checkSummary(cells) {
  const count = (v) => cells.filter((c) => verdictOf(c) === v).length;
  const [good, differ, unmatched] = [count('reproduces'), count('differs'), count('unmatched')];
  let text = `${good} of ${cells.length} reported ${cells.length === 1 ? 'number reproduces' : 'numbers reproduce'}`;
  if (differ) text += `; ${differ} ${differ === 1 ? 'differs' : 'differ'}`;
  if (unmatched) text += `; ${unmatched} could not be compared`;
  return `${text}.`;
}

/** A value with the decimals it was printed with and two more. */
function shown(value, cell) {
  const decimals = Math.max(0, Math.min(12, Math.ceil(-Math.log10(2 * cell.tolerance) - 1e-9) + 2));
  return value.toFixed(decimals);
}

/** Rows whose name matched no file, or were read as one by the reader's choice. */
function assignable(cells, reported) {
  const rows = new Set(Object.keys(reported?.assign ?? {}));
  for (const c of cells) if (c.row === null && c.measure !== null) rows.add(c.system);
  return [...rows];
}

/**
 * The numbers a paper or a README reports, checked against the result by the core (its
 * worker's `check`): each reported cell beside the computed one, reproduced or not, with the
 * difference, and a summary. `reported` is {name, text, assign: {row: file name}}; a row whose
 * name matches no file can be read as one. When the page opened with reported numbers
 * (`openOnCheck`), the check is what the reader sees first.
 */
export function CheckReported({ client, result, runId, stale, reported, onReported, openOnCheck }) {
  const [draft, setDraft] = useState(reported?.text ?? '');
  const [draftName, setDraftName] = useState(reported?.name ?? '');
  const [checked, setChecked] = useState({ key: '', cells: null, error: null });
  const section = useRef(null);
  const systems = result.systems ?? [];
  const key = JSON.stringify([runId, reported]);

  useEffect(() => {
    if (!reported?.text) {
      setChecked({ key, cells: null, error: null });
      return;
    }
    const assign = {};
    for (const [row, file] of Object.entries(reported.assign ?? {})) {
      const i = systems.findIndex((s) => s.name === file);
      if (i >= 0) assign[row] = i;
    }
    let live = true;
    client.check({ name: reported.name || 'reported numbers', text: reported.text, assign }).then(
      (cells) => live && setChecked({ key, cells, error: null }),
      (error) => live && setChecked({ key, cells: null, error }),
    );
    return () => {
      live = false;
    };
  }, [key]);

  useEffect(() => {
    if (!openOnCheck.current || !checked.cells) return;
    openOnCheck.current = false;
    section.current?.scrollIntoView({ block: 'start' });
    section.current?.focus({ preventScroll: true });
  }, [checked.cells]);

  const cells = checked.key === key ? checked.cells : null;
  const submit = (text, name) => {
    setDraft(text);
    setDraftName(name);
    onReported(text.trim() ? { name, text, assign: {} } : null);
  };
  const assign = (row, file) => {
    const next = { ...(reported.assign ?? {}) };
    if (file) next[row] = file;
    else delete next[row];
    onReported({ ...reported, assign: next });
  };

  return (
    <section class="check" data-testid="check" ref={section} tabIndex={-1} aria-labelledby="check-title">
      <h3 id="check-title" class="check-title">
        Reported numbers
      </h3>
      <details class="check-input" open={!reported}>
        <summary>{reported ? `Checking ${reported.name || 'pasted numbers'}: change` : 'Check the numbers a paper reports'}</summary>
        <p class="check-hint">
          Paste a table as it was printed, or choose its file: TSV or CSV (a system column, one column per measure),
          a Markdown table, LaTeX rows (<code>hmm45 &amp; 53.3 &amp; 41.2 \\</code>) or{' '}
          <code>system⇥measure⇥value</code> lines. Systems are matched by file name, measures by id or the names papers
          use; a column printed above 1 is read as percent. A number reproduces when the computed value is within half a
          unit of its last printed digit.
        </p>
        <textarea
          class="check-text"
          data-testid="check-input"
          aria-label="Reported numbers"
          rows={6}
          spellcheck={false}
          value={draft}
          onInput={(e) => setDraft(e.currentTarget.value)}
        />
        <div class="check-actions">
          <button type="button" class="button button-small" data-testid="check-run" onClick={() => submit(draft, draftName || 'pasted')}>
            Check
          </button>
          <label class="button button-small check-file">
            Choose a file…
            <input
              type="file"
              data-testid="check-file"
              class="visually-hidden"
              onChange={async (e) => {
                const input = e.currentTarget;
                const file = input.files?.[0];
                input.value = '';
                if (file) submit(await file.text(), file.name);
              }}
            />
          </label>
          {reported && (
            <button type="button" class="button button-small" data-testid="check-clear" onClick={() => submit('', '')}>
              Clear
            </button>
          )}
        </div>
      </details>
      {stale && reported && (
        <p class="check-note">The files or options changed: the check is of the numbers shown above.</p>
      )}
      {checked.key === key && checked.error && (
        <p class="check-error" role="alert" data-testid="check-error">
          {errorText(checked.error)}
        </p>
      )}
      {cells && (
        <>
          <p class="check-summary" data-testid="check-summary" role="status">
            {checkSummary(cells)}
          </p>
          <div class="check-scroll">
            <table class="check-table">
              <thead>
                <tr>
                  <th scope="col">Reported row</th>
                  <th scope="col">File</th>
                  <th scope="col">Measure</th>
                  <th scope="col" class="check-num">
                    Reported
                  </th>
                  <th scope="col" class="check-num">
                    Computed
                  </th>
                  <th scope="col" class="check-num">
                    Difference
                  </th>
                  <th scope="col">Verdict</th>
                </tr>
              </thead>
              <tbody>
                {cells.map((c, i) => {
                  const verdict = verdictOf(c);
                  return (
                    <tr
                      key={i}
                      class={`check-row check-${verdict}`}
                      data-testid="check-row"
                      data-system={c.system}
                      data-heading={c.heading}
                      data-measure={c.measure ?? ''}
                      data-verdict={verdict}
                    >
                      <td>{c.system}</td>
                      <td>{c.row === null ? '—' : systems[c.row]?.name}</td>
                      <td>
                        {c.heading}
                        {c.measure && c.measure !== c.heading && <span class="check-id"> {c.measure}</span>}
                      </td>
                      <td class="check-num">
                        {c.printed}
                        {c.scale === 100 ? '%' : ''}
                      </td>
                      <td class="check-num">{c.computed === null ? '' : shown(c.computed, c)}</td>
                      <td class="check-num">
                        {c.difference === null ? '' : `${c.difference >= 0 ? '+' : '−'}${shown(Math.abs(c.difference), c)}`}
                      </td>
                      <td class="check-verdict">
                        {verdict === 'reproduces' && `✓ reproduces (±${+c.tolerance.toPrecision(3)})`}
                        {verdict === 'differs' && `✗ differs (±${+c.tolerance.toPrecision(3)})`}
                        {verdict === 'unmatched' && `not compared: ${c.problem}`}
                        {c.note && (
                          <span class="check-note" data-testid="check-note">
                            {' '}
                            ({c.note})
                          </span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {assignable(cells, reported).map((row) => (
            <label key={row} class="check-assign">
              Read the reported row <strong>{row}</strong> as
              <select
                data-testid="check-assign"
                data-row={row}
                value={reported.assign?.[row] ?? ''}
                onChange={(e) => assign(row, e.currentTarget.value)}
              >
                <option value="">— no file —</option>
                {systems
                  .filter((s) => !s.error)
                  .map((s) => (
                    <option key={s.name} value={s.name}>
                      {s.name}
                    </option>
                  ))}
              </select>
            </label>
          ))}
        </>
      )}
    </section>
  );
}
