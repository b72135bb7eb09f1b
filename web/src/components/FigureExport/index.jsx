import { FIGURE_SIZES } from '../../figures.js';

/**
 * A figure's downloads: the SVG's size (figures.js FIGURE_SIZES; `sizes` lists the ids
 * offered), Download SVG and Download PNG. Test ids `${testPrefix}-svg-size`, `-svg`, `-png`.
 */
export function FigureExport({ sizes, size, onSize, onSvg, onPng, testPrefix }) {
  return (
    <>
      <label class="view-field">
        SVG size
        <select
          value={size}
          onChange={(e) => onSize(e.currentTarget.value)}
          data-testid={`${testPrefix}-svg-size`}
        >
          {sizes.map((id) => (
            <option key={id} value={id}>
              {FIGURE_SIZES[id].label}
            </option>
          ))}
        </select>
      </label>
      {[
        ['svg', 'Download SVG', onSvg],
        ['png', 'Download PNG', onPng],
      ].map(([kind, label, onClick]) => (
        <button
          key={kind}
          type="button"
          class="button button-small"
          onClick={onClick}
          data-testid={`${testPrefix}-${kind}`}
        >
          {label}
        </button>
      ))}
    </>
  );
}
