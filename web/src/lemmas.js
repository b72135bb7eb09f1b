// The per-lemma view of a sense run as data: a row a gold lemma, the systems' values of one
// measure side by side, read from each system's `senses.by_lemma` (SPEC §3.7, with detail);
// and the per-document view of a coreference run alike, a row a key document, read from each
// system's `coref_by_document` (SPEC §3.6, with detail). `kind` says which: 'senses' or 'coref'.
// Nothing here computes a measure: a row's spread is the distance between the largest and the
// smallest value the core gave it, which orders the rows so that the lemmas on which the
// systems disagree most come first.

/** A system's values by unit (lemma or document) for a kind of run, or undefined. */
const UNITS = {
  senses: (system) => system.senses?.by_lemma,
  coref: (system) => system.coref_by_document,
};

/** The systems with per-lemma (per-document) values, in the result's order: [{system, index}]. */
export function lemmaSystems(result, kind = 'senses') {
  return (result?.systems ?? [])
    .map((system, index) => ({ system, index }))
    .filter(({ system }) => !system.error && UNITS[kind](system));
}

/**
 * The rows for measure `id`: [{lemma, values, spread}], `values` one a system of `systems`
 * (lemmaSystems), null where that system has no number for the lemma; `spread` the largest
 * value less the smallest among the systems at the positions in `spreadOver` (a Set; every
 * system when null), null with fewer than two numbers there. A task's baseline key may be
 * left out of the spread, so that it orders the lemmas by how the systems differ. The
 * lemmas are the gold key's, in the order the core lists them (every system lists the same).
 */
export function lemmaRows(systems, id, spreadOver = null, kind = 'senses') {
  const lemmas = new Set();
  for (const { system } of systems) for (const lemma of Object.keys(UNITS[kind](system))) lemmas.add(lemma);
  return [...lemmas].map((lemma) => {
    const values = systems.map(({ system }) => {
      const v = UNITS[kind](system)[lemma]?.[id];
      return typeof v === 'number' && Number.isFinite(v) ? v : null;
    });
    const numbers = values.filter((v, i) => v !== null && (!spreadOver || spreadOver.has(i)));
    const spread = numbers.length >= 2 ? Math.max(...numbers) - Math.min(...numbers) : null;
    return { lemma, values, spread };
  });
}

/**
 * The rows in display order: by `sort`, 'spread', 'lemma' or the position of a system among
 * the row's values (a number), in `dir` ('asc' | 'desc'). Rows without a number for the key
 * go last whatever the direction; ties keep the core's order.
 */
export function sortLemmaRows(rows, sort, dir) {
  const sign = dir === 'asc' ? 1 : -1;
  const keyOf = (row) => (sort === 'spread' ? row.spread : row.values[sort] ?? null);
  const order = new Map(rows.map((row, i) => [row, i]));
  return [...rows].sort((a, b) => {
    if (sort === 'lemma') return sign * a.lemma.localeCompare(b.lemma) || order.get(a) - order.get(b);
    const va = keyOf(a);
    const vb = keyOf(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
      return order.get(a) - order.get(b);
    }
    return sign * (va - vb) || order.get(a) - order.get(b);
  });
}

/**
 * The position of the best value of a row by the measure's direction (`higherIsBetter`)
 * among the systems the spread is over (`spreadOver`, a Set; every system when null), or -1
 * where fewer than two of them have a number or they tie at the best.
 */
export function bestInRow(row, higherIsBetter, spreadOver = null) {
  const counted = row.values
    .map((v, i) => [v, i])
    .filter(([v, i]) => v !== null && (!spreadOver || spreadOver.has(i)));
  if (counted.length < 2) return -1;
  const numbers = counted.map(([v]) => v);
  const best = higherIsBetter ? Math.max(...numbers) : Math.min(...numbers);
  const at = counted.filter(([v]) => v === best);
  return at.length === 1 ? at[0][1] : -1;
}

/**
 * A lemma's sense grid for one system, from `senses.by_lemma[lemma].cells` (the core's
 * [gold sense, induced sense, weight], with detail): {gold, induced, weight, max}, the senses
 * in the order the core met them, weight[g][k] the summed membership (0 where no instance
 * joins them), max the largest; null when the core gave no cells.
 */
export function senseGrid(system, lemma) {
  const cells = system?.senses?.by_lemma?.[lemma]?.cells;
  if (!Array.isArray(cells)) return null;
  const gold = [];
  const induced = [];
  for (const [g, k] of cells) {
    if (!gold.includes(g)) gold.push(g);
    if (!induced.includes(k)) induced.push(k);
  }
  const weight = gold.map(() => induced.map(() => 0));
  let max = 0;
  for (const [g, k, w] of cells) {
    weight[gold.indexOf(g)][induced.indexOf(k)] = w;
    max = Math.max(max, w);
  }
  return { gold, induced, weight, max };
}

/**
 * A key document of a coreference run as the mapping heatmap draws a system's table, from
 * `coref_by_document[document]` (the core's entities and [key, response, shared mentions, φ4,
 * aligned] cells, with detail): {name, detail: {classes, clusters, cells, mapping}}, key
 * entities as the rows, response entities as the columns, named by their marks; the mapping
 * is CEAF-e's optimal alignment (response entity → its key entity). Null without cells.
 */
export function corefDetail(system, document) {
  const doc = system?.coref_by_document?.[document];
  if (!doc || !Array.isArray(doc.cells)) return null;
  const name = (side, i) => `${side}${doc[side === 'K' ? 'key' : 'response'].marks[i] ?? i}`;
  const ceafe = doc.response.sizes.map(() => -1);
  for (const [k, r, , , aligned] of doc.cells) if (aligned) ceafe[r] = k;
  return {
    name: system.name,
    detail: {
      classes: doc.key.sizes.map((_, i) => name('K', i)),
      clusters: doc.response.sizes.map((_, i) => name('R', i)),
      cells: doc.cells.map(([k, r, n]) => [k, r, n]),
      mapping: { ceafe },
    },
  };
}
