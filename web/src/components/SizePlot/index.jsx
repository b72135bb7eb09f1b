import { useMemo, useState } from 'preact/hooks';
import { saveBlob, stem, svgToPng } from '../../download.js';
import { FIGURE_SIZES, hasSizes, sizePlotSvg, svgFile } from '../../figures.js';
import { FigureExport } from '../FigureExport/index.jsx';
import { Segmented } from '../Segmented/index.jsx';
import './style.css';

/**
 * Ranked cluster sizes on a log y axis, for gold and each system (as in Frank, Goldwater &
 * Keller 2009, Figure 2), in items or tokens, from the sizes the result JSON ranks (gold.sizes,
 * each system's detail.sizes). The picture is figures.js sizePlotSvg, the SVG that
 * scripts/figure.mjs writes; export as SVG (screen, one column or a full page) and PNG.
 */
export function SizePlot({ result }) {
  const [unit, setUnit] = useState('tokens');
  const [logX, setLogX] = useState(false);
  const [figSize, setFigSize] = useState('screen');
  const svg = useMemo(() => sizePlotSvg(result, { unit, logX }), [result, unit, logX]);

  if (!svg) {
    return (
      <p class="view-empty" data-testid="sizes-empty">
        This result holds no cluster sizes.
      </p>
    );
  }
  const shown = /data-unit="(\w+)"/.exec(svg)[1];
  const fileName = (ext, size = 'screen') =>
    `${stem(result.gold?.name)}-cluster-sizes-${shown}${size === 'screen' ? '' : `-${size}`}.${ext}`;
  const exportSvg = () => {
    const text = svgFile(sizePlotSvg(result, { unit, logX, size: figSize }));
    saveBlob(new Blob([text], { type: 'image/svg+xml' }), fileName('svg', figSize));
  };
  const exportPng = async () => {
    const blob = await svgToPng(svg, 2);
    if (blob) saveBlob(blob, fileName('png'));
  };

  return (
    <div class="sizeplot" data-testid="sizeplot">
      <div class="view-controls">
        <Segmented
          label="Size in"
          name="sizes-unit"
          testPrefix="sizes"
          options={(hasSizes(result, 'mentions') ? ['mentions'] : ['tokens', 'items']).map((u) => ({
            id: u,
            label: u,
            disabled: !hasSizes(result, u),
          }))}
          value={shown}
          onChange={setUnit}
        />
        <label class="view-field">
          <input
            type="checkbox"
            checked={logX}
            onChange={(e) => setLogX(e.currentTarget.checked)}
          />
          log rank axis
        </label>
        <FigureExport
          sizes={Object.keys(FIGURE_SIZES)}
          size={figSize}
          onSize={setFigSize}
          onSvg={exportSvg}
          onPng={exportPng}
          testPrefix="sizes"
        />
      </div>
      {/* The figure module's SVG as it is: the page shows what the export and the script write. */}
      <div class="sizeplot-figure" dangerouslySetInnerHTML={{ __html: svg }} />
    </div>
  );
}
