import { demoLink } from '../../page/demos.js';
import './style.css';

/**
 * The demos a served build offers (page/demos.js), as links: each opens the page on its
 * demo's files, the one open marked. Nothing when the page offers one demo or none (a saved
 * page, a site's own demo.js).
 */
export function DemoMenu({ demos, current }) {
  if (!demos || demos.length < 2) return null;
  return (
    <nav class="demo-menu" aria-label="Demos" data-testid="demo-menu">
      <span class="demo-menu-title">Demos:</span>
      <ul class="demo-menu-list">
        {demos.map((d) => (
          <li key={d.id}>
            <a
              href={demoLink(d)}
              class="demo-menu-link"
              data-testid={`demo-link-${d.id}`}
              aria-current={d.id === current?.id ? 'page' : undefined}
            >
              {d.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
