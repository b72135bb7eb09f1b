import { useState } from 'preact/hooks';
import { copyText, saveBlob, stem } from '../../download.js';
import { EXPORTS, exportModel } from '../../table.js';
import './style.css';

/**
 * Copy or download the table as shown (columns, order) as CSV, Markdown, LaTeX or JSON.
 * CSV and JSON keep every digit; Markdown and LaTeX show four decimals, the best in bold.
 */
export function ExportBar({ result, columns, rows, preset }) {
  const [format, setFormat] = useState('csv');
  const [said, setSaid] = useState('');
  const make = () => {
    const model = exportModel(result, columns, rows);
    return EXPORTS[format].make(model, result);
  };
  const name = `${stem(result.gold?.name)}-scores${preset === 'reichart' ? '-table1' : ''}.${EXPORTS[format].ext}`;

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
        onClick={async () => {
          const ok = await copyText(make());
          setSaid(
            ok
              ? `Copied as ${EXPORTS[format].label}.`
              : 'The browser refused the clipboard: download instead.',
          );
        }}
      >
        Copy
      </button>
      <button
        type="button"
        class="button button-small"
        data-testid="export-download"
        onClick={() => {
          saveBlob(new Blob([make()], { type: `${EXPORTS[format].mime};charset=utf-8` }), name);
          setSaid(`Saved ${name}.`);
        }}
      >
        Download
      </button>
      <span class="exportbar-said" role="status">
        {said}
      </span>
    </div>
  );
}
