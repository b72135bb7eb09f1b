import { formatBytes } from '../../format.js';
import './style.css';

/** The progress of a running evaluation (bytes read) with its Cancel button. */
export function Progress({ done, total, onCancel }) {
  const known = Number.isFinite(total) && total > 0;
  const value = known ? Math.min(done, total) : undefined;
  return (
    <div class="progress" data-testid="progress">
      <progress
        class="progress-bar"
        max={known ? total : undefined}
        value={value}
        aria-label="Evaluation progress"
      />
      <span class="progress-text">
        {known ? `${formatBytes(value)} of ${formatBytes(total)} read` : 'Starting…'}
      </span>
      <button type="button" class="button" data-testid="cancel" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
