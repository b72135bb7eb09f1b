import { warningsByText } from '../../state/result.js';
import './style.css';

/** The systems' warnings, each text once with the systems that gave it. */
export function Warnings({ systems }) {
  const warnings = warningsByText(systems);
  if (!warnings.length) return null;
  return (
    <div class="app-warnings" data-testid="warnings">
      <h3 class="app-warnings-title">Warnings</h3>
      <ul>
        {warnings.map(([w, names]) => (
          <li key={w}>
            <span class="app-warnings-name">{names.join(', ')}</span>: {w}
          </li>
        ))}
      </ul>
    </div>
  );
}
