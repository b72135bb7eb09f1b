// The class view of a spoken-term-discovery run as data (SPEC §3.8): a row a discovered
// class, read from each system's `tde.by_class` (with detail): its NED as the core gave it,
// its fragments with their times and transcriptions. Nothing here computes a measure; the
// rows are only ordered.

/** The systems with classes to show, in the result's order: [{system, index}]. */
export function classSystems(result) {
  return (result?.systems ?? [])
    .map((system, index) => ({ system, index }))
    .filter(({ system }) => !system.error && Array.isArray(system.tde?.by_class));
}

/**
 * A system's rows: [{name, ned, size, fragments: [{file, onset, offset, transcription}]}],
 * `ned` null where the class has fewer than two fragments, in the core's order.
 */
export function classRows(system) {
  return (system?.tde?.by_class ?? []).map((c) => ({
    name: String(c.class),
    ned: typeof c.ned === 'number' && Number.isFinite(c.ned) ? c.ned : null,
    size: c.fragments.length,
    fragments: c.fragments.map(([file, onset, offset, transcription]) => ({
      file,
      onset,
      offset,
      transcription,
    })),
  }));
}

/**
 * The rows in display order: by `sort`, 'ned', 'size' or 'name', in `dir` ('asc' | 'desc').
 * Rows without a NED go last whatever the direction; ties keep the core's order.
 */
export function sortClassRows(rows, sort, dir) {
  const sign = dir === 'asc' ? 1 : -1;
  const key = (row) => (sort === 'name' ? row.name : row[sort]);
  return rows
    .map((row, at) => ({ row, at }))
    .sort((a, b) => {
      const x = key(a.row);
      const y = key(b.row);
      if (x === null || y === null) return x === y ? a.at - b.at : x === null ? 1 : -1;
      const c =
        sort === 'name' ? x.localeCompare(y, undefined, { numeric: true }) : x < y ? -1 : x > y ? 1 : 0;
      return c ? sign * c : a.at - b.at;
    })
    .map(({ row }) => row);
}

/** A fragment's times as the class file writes them, in seconds: "1.250–1.730 s". */
export const fragmentTimes = (f) => `${f.onset.toFixed(3)}–${f.offset.toFixed(3)} s`;
