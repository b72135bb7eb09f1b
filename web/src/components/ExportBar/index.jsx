import { useState } from 'preact/hooks';
import { errorText } from '../../format.js';
import { copyText, saveBlob, stem } from '../../download.js';
import { EXPORTS, tableRequest, toJSON } from '../../table.js';
import './style.css';

/**
 * Copy or download the table as shown (columns, order) as CSV, Markdown, LaTeX or JSON.
 * The core writes CSV, Markdown and LaTeX from the last evaluation, which its worker keeps
 * (`client.table`), as the command line writes them: CSV with every digit, Markdown and LaTeX
 * with four decimals and the best in bold. JSON keeps every digit of the result.
 */
export function ExportBar({ client, result, columns, rows, preset }) {
  const [format, setFormat] = useState('csv');
  const [said, setSaid] = useState('');
  const make = () =>
    EXPORTS[format].core
      ? client.table(tableRequest(format, columns, rows))
      : Promise.resolve(toJSON(result, columns, rows));
  const name = `${stem(result.gold?.name)}-scores${preset === 'reichart' ? '-table1' : ''}.${EXPORTS[format].ext}`;
  // The core may refuse (a worker that was replaced holds no evaluation): say so here.
  const failed = (err) => setSaid(`The table could not be made: ${errorText(err)}`);

  return (
    <div class="exportbar" role="group" aria-label="Export the table">
      <label for="export-format">Export as</label>
      <select
        id="export-format"
        data-testid="export-format"
        value={format}
        onChange={(e) => {
          setFormat(e.currentTarget.value);
          setSaid('');
        }}
      >
        {Object.entries(EXPORTS).map(([id, e]) => (
          <option key={id} value={id}>
            {e.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        class="button button-small"
        data-testid="export-copy"
        onClick={() =>
          make().then(async (text) => {
            const ok = await copyText(text);
            setSaid(
              ok
                ? `Copied as ${EXPORTS[format].label}.`
                : 'The browser refused the clipboard: download instead.',
            );
          }, failed)
        }
      >
        Copy
      </button>
      <button
        type="button"
        class="button button-small"
        data-testid="export-download"
        onClick={() =>
          make().then((text) => {
            saveBlob(new Blob([text], { type: `${EXPORTS[format].mime};charset=utf-8` }), name);
            setSaid(`Saved ${name}.`);
          }, failed)
        }
      >
        Download
      </button>
      <span class="exportbar-said" role="status">
        {said}
      </span>
    </div>
  );
}
