import { useState } from 'preact/hooks';
import './style.css';

/**
 * A drop zone with a file picker and the list of files it holds.
 *
 * files: [{id, …}]; renderFile(file) draws one of them (a FileCard); onAdd(File[]).
 * With `multiple`, picked files are appended; without, the first one replaces the current.
 */
export function FileDrop(props) {
  const { id, title, hint, multiple = false, testId, files, renderFile, onAdd } = props;
  const [over, setOver] = useState(false);

  const add = (list) => {
    const picked = Array.from(list ?? []);
    if (picked.length) onAdd(multiple ? picked : picked.slice(0, 1));
  };

  const onDrop = (e) => {
    e.preventDefault();
    setOver(false);
    add(e.dataTransfer?.files);
  };

  const onDragOver = (e) => {
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };

  const inputId = `${id}-input`;
  return (
    <section class="filedrop" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} class="filedrop-title">
        {title}
      </h3>
      <div
        class={`filedrop-zone${over ? ' is-over' : ''}`}
        data-testid={`${id}-drop`}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <input
          id={inputId}
          class="visually-hidden filedrop-input"
          type="file"
          multiple={multiple}
          data-testid={testId}
          aria-label={`${title}: ${multiple ? 'choose files' : 'choose a file'}`}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            add(e.currentTarget.files);
            // Clear the value so that picking the same file again (after fixing it) is seen.
            e.currentTarget.value = '';
          }}
        />
        <label for={inputId} class="filedrop-button">
          {multiple ? 'Choose files' : 'Choose file'}
        </label>
        <span class="filedrop-or">or drop {multiple ? 'them' : 'it'} here</span>
        <p id={`${id}-hint`} class="filedrop-hint">
          {hint}
        </p>
      </div>
      {files.length > 0 && (
        <ul class="filedrop-list" aria-label={`${title}: loaded`}>
          {files.map((f) => (
            <li key={f.id} class="filedrop-item" data-testid="file-item" data-name={f.name}>
              {renderFile(f)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
