import { bootstrapWhy } from '../../state/result.js';
import { bootstrapNote } from '../../table.js';
import './style.css';

/** What the bracketed intervals rest on, or why the core could not resample. */
export function BootstrapLegend({ bootstrap }) {
  if (!bootstrap) return null;
  const note = bootstrapNote(bootstrap);
  const why = bootstrapWhy(bootstrap);
  return (
    <p class="app-legend app-legend-bootstrap" data-testid="bootstrap-note">
      {note ? (
        <>In brackets under each value: {note} Sorting and the best mark follow the values.</>
      ) : (
        <>No bootstrap intervals{why ? `: ${why}.` : '.'}</>
      )}
    </p>
  );
}
