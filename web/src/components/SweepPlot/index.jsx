import { useMemo, useState } from 'preact/hooks';
import { saveBlob, stem, svgToPng } from '../../download.js';
import { FIGURE_SIZES, svgFile, sweepMeasure, sweepMeasures, sweepPlotSvg } from '../../figures.js';
import { FigureExport } from '../FigureExport/index.jsx';

/**
 * A `paths` system's measures against the depth its paths are cut at (`--depth-sweep`, the
 * JSON's systems[i].sweep): one measure at a time, a line a system, the best depth ringed.
 * The picture is figures.js sweepPlotSvg; export as SVG and PNG like the other figures.
 */
export function SweepPlot({ result }) {
  const keys = useMemo(() => sweepMeasures(result), [result]);
  const [chosen, setChosen] = useState('token.m1');
  const [figSize, setFigSize] = useState('screen');
  const key = keys.includes(chosen) ? chosen : keys[0];
  const draw = (size) => sweepPlotSvg(result, { key, ...sweepMeasure(key), size });
  const svg = useMemo(() => (key ? draw('screen') : null), [result, key]);
  if (!svg) {
    return (
      <p class="view-empty" data-testid="sweep-empty">
        No system of this result was scored at every depth.
      </p>
    );
  }
  const fileName = (ext, size = 'screen') =>
    `${stem(result.gold?.name)}-depths-${key}${size === 'screen' ? '' : `-${size}`}.${ext}`;
  return (
    <div class="sweepplot" data-testid="sweepplot">
      <div class="view-controls">
        <label class="view-field">
          Measure
          <select value={key} onChange={(e) => setChosen(e.currentTarget.value)} data-testid="sweep-measure">
            {keys.map((k) => (
              <option key={k} value={k}>
                {sweepMeasure(k).label}
              </option>
            ))}
          </select>
        </label>
        <FigureExport
          sizes={Object.keys(FIGURE_SIZES)}
          size={figSize}
          onSize={setFigSize}
          onSvg={() => saveBlob(new Blob([svgFile(draw(figSize))], { type: 'image/svg+xml' }), fileName('svg', figSize))}
          onPng={async () => {
            const blob = await svgToPng(svg, 2);
            if (blob) saveBlob(blob, fileName('png'));
          }}
          testPrefix="sweep"
        />
      </div>
      {/* The figure module's SVG as it is: the page shows what the export writes. */}
      <div class="sizeplot-figure" dangerouslySetInnerHTML={{ __html: svg }} />
    </div>
  );
}
