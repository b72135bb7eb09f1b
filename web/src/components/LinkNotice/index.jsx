import { heldText, refusedText } from '../../state/link.js';
import './style.css';

/**
 * What the page says of the link it opened with, when it did not simply take it
 * (state/link.js): costly options it holds, with the reader's two answers, or a fragment too
 * long that it refused. Nothing when the link was taken as it came.
 */
export function LinkNotice({ held, refused, onAccept, onDecline, onDismiss }) {
  if (held) {
    return (
      <div class="link-notice" role="region" aria-label="The link's options" data-testid="link-held">
        <p class="link-notice-text">{heldText(held)}</p>
        <div class="link-notice-actions">
          <button type="button" class="button button-small button-primary" data-testid="link-accept" onClick={onAccept}>
            Evaluate with these options
          </button>
          <button type="button" class="button button-small" data-testid="link-decline" onClick={onDecline}>
            Use the defaults
          </button>
        </div>
      </div>
    );
  }
  if (refused) {
    return (
      <div class="link-notice" role="region" aria-label="The link's options" data-testid="link-refused">
        <p class="link-notice-text">{refusedText(refused)}</p>
        <div class="link-notice-actions">
          <button type="button" class="button button-small" data-testid="link-dismiss" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      </div>
    );
  }
  return null;
}
