import './style.css';

/**
 * Every error of the last run in one place. errors: [{key, text}], each text naming its
 * file and line. Rendered as an alert so that a screen reader announces it when it appears.
 */
export function ErrorPanel({ errors }) {
  if (!errors.length) return null;
  const title =
    errors.length === 1
      ? 'The evaluation met an error'
      : `The evaluation met ${errors.length} errors`;
  return (
    <div class="error-panel" role="alert" data-testid="error-panel">
      <h2 class="error-panel-title">{title}</h2>
      <ul class="error-panel-list">
        {errors.map((e) => (
          <li key={e.key}>{e.text}</li>
        ))}
      </ul>
      <p class="error-panel-help">
        The files stay loaded: fix or remove the file named above and evaluate again.
      </p>
    </div>
  );
}
