import { formatBytes, formatCount } from '../../format.js';
import './style.css';

/**
 * The progress of a running evaluation with its Cancel button: bytes read (phase 'read'),
 * then, with bootstrap resamples asked for, the resamples and the jackknife's replicates done
 * (phase 'bootstrap'), then with approximate randomization its shuffles (phase 'shuffle').
 */
export function Progress({ done, total, phase = 'read', onCancel }) {
  const known = Number.isFinite(total) && total > 0;
  const value = known ? Math.min(done, total) : undefined;
  const resampling = phase === 'bootstrap';
  const shuffling = phase === 'shuffle';
  let text = 'Starting…';
  if (known && resampling) text = `Resampling ${formatCount(value)} / ${formatCount(total)}`;
  else if (known && shuffling) text = `Shuffling ${formatCount(value)} / ${formatCount(total)}`;
  else if (known) text = `${formatBytes(value)} of ${formatBytes(total)} read`;
  return (
    <div class="progress" data-testid="progress" data-phase={phase}>
      <progress
        class="progress-bar"
        max={known ? total : undefined}
        value={value}
        aria-label={
          resampling
            ? 'Bootstrap resampling progress'
            : shuffling
              ? 'Approximate randomization progress'
              : 'Evaluation progress'
        }
      />
      <span class="progress-text" data-testid="progress-text">
        {text}
      </span>
      <button type="button" class="button" data-testid="cancel" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
