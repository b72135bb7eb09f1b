import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText, formatBytes } from '../../format.js';
import { FORMATS } from '../../options.js';
import './style.css';

const COLUMN_FORMATS = new Set(['auto', 'tagged', 'conllu', 'lexicon', 'csv']);

/**
 * One loaded file: its display name (renamable), size, format (detected, or forced), label
 * column and, for Brown paths, the depth; its read progress while a run reads it; its error;
 * and a preview of its first lines as the core parses them.
 *
 * file: {id, name, fileName, size, format, column, depth}; detected: the format the core read;
 * progress: 0…1 while running, else null; preview: {state: 'loading'|'done'|'error'|
 * 'unavailable', data, error}; onChange(patch); onRemove(); onPreview(open).
 */
export function FileCard({
  file,
  detected,
  error,
  progress,
  preview,
  onChange,
  onRemove,
  onPreview,
}) {
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const nameInput = useRef(null);
  const renameButton = useRef(null);
  const settled = useRef(false); // Enter or Escape has decided; the blur that follows must not
  const base = `file-${file.id}`;

  useEffect(() => {
    if (editing) {
      settled.current = false;
      nameInput.current?.select();
    }
  }, [editing]);

  const commit = (text) => {
    const name = text.trim();
    if (name && name !== file.name) onChange({ name });
    setEditing(false);
  };

  const shownFormat = file.format === 'auto' ? detected : file.format;
  const showColumn =
    COLUMN_FORMATS.has(file.format) && !['paths', 'counts', 'joint'].includes(shownFormat);
  const showDepth = shownFormat === 'paths' || file.format === 'paths';
  const extras =
    (file.column !== '' ? ` · column ${file.column}` : '') +
    (file.depth !== '' ? ` · ${file.depth} bits` : '');
  const pillText =
    (file.format !== 'auto' ? `${file.format} (forced)` : (detected ?? 'format')) + extras;
  const toggle = () => {
    setOpen(!open);
    onPreview(!open);
  };

  return (
    <div class="filecard" data-file-id={file.id}>
      <div class="filedrop-row">
        {editing ? (
          <input
            ref={nameInput}
            class="filecard-rename"
            type="text"
            defaultValue={file.name}
            aria-label={`New name for ${file.name}`}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                settled.current = true;
                commit(e.currentTarget.value);
                requestAnimationFrame(() => renameButton.current?.focus());
              } else if (e.key === 'Escape') {
                e.preventDefault();
                settled.current = true;
                setEditing(false);
                requestAnimationFrame(() => renameButton.current?.focus());
              }
            }}
            onBlur={(e) => !settled.current && commit(e.currentTarget.value)}
          />
        ) : (
          <span
            class="filedrop-name"
            title={file.name === file.fileName ? file.name : `${file.name} (file ${file.fileName})`}
          >
            {file.name}
          </span>
        )}
        <button
          type="button"
          class={`filecard-format${file.format !== 'auto' ? ' is-forced' : ''}`}
          aria-expanded={open ? 'true' : 'false'}
          aria-controls={`${base}-settings`}
          aria-label={`${pillText}: format and preview of ${file.name}`}
          title="Format, label column and a preview of the first lines"
          data-testid="preview-toggle"
          onClick={toggle}
        >
          {file.format === 'auto' && detected ? (
            <span>
              <span data-testid="detected-format">{detected}</span>
              {extras}
            </span>
          ) : (
            <span>{pillText}</span>
          )}
          <span class="filecard-caret" aria-hidden="true">
            {open ? '▴' : '▾'}
          </span>
        </button>
        <span class="filedrop-size">{formatBytes(file.size)}</span>
        <button
          type="button"
          ref={renameButton}
          class="filecard-icon"
          aria-label={`Rename ${file.name}`}
          title="Rename (the name shown in the results)"
          onClick={() => setEditing(true)}
          hidden={editing}
        >
          <span aria-hidden="true">✎</span>
        </button>
        <button
          type="button"
          class="filedrop-remove"
          aria-label={`Remove ${file.name}`}
          title={`Remove ${file.name}`}
          onClick={onRemove}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>

      {open && (
        <div id={`${base}-settings`} class="filecard-panel">
          <div class="filecard-settings">
            <label class="filecard-field" for={`${base}-format`}>
              <span>Format</span>
              <select
                id={`${base}-format`}
                data-testid="file-format"
                aria-label={`Format of ${file.name}`}
                value={file.format}
                onChange={(e) => onChange({ format: e.currentTarget.value })}
              >
                {FORMATS.map(([id, label]) => (
                  <option key={id} value={id}>
                    {id === 'auto' && detected ? `auto (${detected})` : label}
                  </option>
                ))}
              </select>
            </label>
            {showColumn && (
              <label class="filecard-field" for={`${base}-column`}>
                <span>Column</span>
                <input
                  id={`${base}-column`}
                  type="number"
                  min="1"
                  step="1"
                  inputMode="numeric"
                  placeholder="last"
                  aria-label={`Label column of ${file.name}`}
                  value={file.column}
                  onInput={(e) => onChange({ column: e.currentTarget.value })}
                />
              </label>
            )}
            {showDepth && (
              <label class="filecard-field" for={`${base}-depth`}>
                <span>Bits</span>
                <input
                  id={`${base}-depth`}
                  type="number"
                  min="1"
                  step="1"
                  inputMode="numeric"
                  placeholder="all"
                  aria-label={`Cluster depth in bits of ${file.name}`}
                  value={file.depth}
                  onInput={(e) => onChange({ depth: e.currentTarget.value })}
                />
              </label>
            )}
          </div>
          <Preview id={`${base}-preview`} name={file.name} preview={preview} />
        </div>
      )}

      {progress !== null && progress !== undefined && (
        <progress
          class="filecard-progress"
          max="1"
          value={progress}
          data-testid="file-progress"
          aria-label={`Reading ${file.name}`}
        />
      )}

      {error && (
        <p class="filedrop-error" data-testid="file-error">
          {error}
        </p>
      )}
    </div>
  );
}

const KIND_TEXT = {
  token: 'token',
  break: 'sentence break',
  entry: 'entry',
  count: 'count',
  joint: 'joint count',
};

function Preview({ id, name, preview }) {
  let body;
  if (!preview || preview.state === 'loading') {
    body = <p class="filecard-preview-note">Reading the first lines…</p>;
  } else if (preview.state === 'unavailable') {
    body = <p class="filecard-preview-note">This build of the core gives no preview.</p>;
  } else if (preview.state === 'error') {
    body = (
      <p class="filedrop-error" data-testid="preview-error">
        {errorText(preview.error)}
      </p>
    );
  } else {
    const { format, error } = preview.data ?? {};
    // A conll file's records are documents and mentions: the document's name, or the mention's
    // entity and tokens (0-based in its document), as the core read them.
    const records = (preview.data?.records ?? []).map((r) =>
      r.kind === 'document'
        ? { line: r.line, item: `document ${r.item}`, label: '' }
        : r.kind === 'mention'
          ? { line: r.line, item: `tokens ${r.count}–${r.end}`, label: `entity ${r.label}` }
          : r,
    );
    const hasCount = records.some((r) => r.count !== undefined && r.count !== null);
    // Joint counts hold a class between the item and the cluster.
    const hasClass = records.some((r) => r.class !== undefined);
    const columns = 2 + hasClass + hasCount;
    body = (
      <>
        <p class="filecard-preview-note">
          The first {records.length} {records.length === 1 ? 'record' : 'records'} as read
          {format ? (
            <>
              {' '}
              in the <strong data-testid="preview-format">{format}</strong> format
              {preview.data.detected === true && ' (detected)'}
              {preview.data.detected === false && ' (as chosen)'}
            </>
          ) : null}
          .
        </p>
        {records.length > 0 && (
          <div class="filecard-preview-scroll">
            <table class="filecard-preview-table" data-testid="preview-table">
              <caption class="visually-hidden">
                The first records of {name} as the core reads them
              </caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Item</th>
                  {hasClass && <th scope="col">Class</th>}
                  <th scope="col">{hasClass ? 'Cluster' : 'Label'}</th>
                  {hasCount && <th scope="col">Count</th>}
                </tr>
              </thead>
              <tbody>
                {records.map((r, i) =>
                  r.kind === 'break' ? (
                    <tr key={i} class="is-break">
                      <td>{r.line}</td>
                      <td colSpan={columns}>{KIND_TEXT.break}</td>
                    </tr>
                  ) : (
                    <tr key={i}>
                      <td>{r.line}</td>
                      <td class="filecard-preview-item">{show(r.item)}</td>
                      {hasClass && <td class="filecard-preview-label">{show(r.class)}</td>}
                      <td class="filecard-preview-label">{show(r.label)}</td>
                      {hasCount && <td>{r.count ?? ''}</td>}
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
        )}
        {error && (
          <p class="filedrop-error" data-testid="preview-error">
            {errorText(error)}
          </p>
        )}
      </>
    );
  }
  return (
    <div id={id} class="filecard-preview" data-testid="preview" aria-live="polite">
      {body}
    </div>
  );
}

const show = (v) => (Array.isArray(v) ? v.join(' ') : (v ?? ''));
