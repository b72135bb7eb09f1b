import { sortedRows, tableColumns } from '../../table.js';
import { BootstrapLegend } from '../BootstrapLegend/index.jsx';
import { CheckReported } from '../CheckReported/index.jsx';
import { ExportBar } from '../ExportBar/index.jsx';
import { GoldSummary } from '../GoldSummary/index.jsx';
import { MeasureNotes } from '../MeasureNotes/index.jsx';
import { ResultsTable } from '../ResultsTable/index.jsx';
import { Views } from '../Views/index.jsx';
import { Warnings } from '../Warnings/index.jsx';
import './style.css';

/** The results of a run: `heading` {title, caption} over them, `text` usePageText's. */
export function ResultView({ client, result, runId, view, setView, heading, stale, text }) {
  const columns = tableColumns(result, view);
  const rows = sortedRows(result.systems ?? [], view.sort, view.sortDir, columns);
  return (
    <>
      {heading.title && (
        <p class="app-page-title" data-testid="page-title">
          {heading.title}
        </p>
      )}
      {heading.caption && (
        <p class="app-demo-caption" data-testid="demo-caption">
          {heading.caption}
        </p>
      )}
      {stale && (
        <p class="app-stale" data-testid="stale">
          The files or options changed since these numbers: evaluate again.
        </p>
      )}
      <GoldSummary gold={result.gold} options={result.options} />
      <ResultsTable
        result={result}
        view={view}
        onSort={(sort, sortDir) => setView({ sort, sortDir })}
      />
      <div class="app-table-foot">
        <ExportBar
          client={client}
          result={result}
          columns={columns}
          rows={rows}
          preset={view.columns}
        />
        <p class="app-legend">
          ↑ higher is better, ↓ lower is better; <span class="app-legend-best">highlighted</span> is
          the best system in its column (baselines aside). Under a type-level M-1 value:
          &ldquo;optimal&rdquo; where the search proved it, else the best of its hill-climbing
          starts and a bound no mapping can beat (point at it for the worst start and the hits),
          or where the search stopped at its work budget.
          Click a header to sort; point at it or focus it for its definition.
        </p>
        <BootstrapLegend bootstrap={result.bootstrap} />
      </div>
      <CheckReported
        client={client}
        result={result}
        runId={runId}
        stale={stale}
        reported={text.reported}
        onReported={text.setReported}
        openOnCheck={text.openOnCheck}
      />
      <Warnings systems={result.systems} />
      <Views client={client} result={result} columns={columns} />
      <MeasureNotes />
    </>
  );
}
