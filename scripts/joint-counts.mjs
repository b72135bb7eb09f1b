#!/usr/bin/env node
// Joint counts (clustereval's `joint` format) of a gold corpus and a system corpus, counted by
// DuckDB where the data lives: the query of scripts/joint-counts.sql, after the token check of
// scripts/joint-check.sql. clustereval then scores the counts at both levels.
//
//   node scripts/joint-counts.mjs [options] GOLD SYSTEM OUT
//
// GOLD and SYSTEM are, by their names or as --gold-format / --induced-format say:
//   tagged   token<TAB>label lines, a blank line between sentences (the default)
//   conllu   CoNLL-U (comments, multiword and empty-node lines skipped; UPOS)
//   parquet  a table of one row per token: doc, sent, pos, token, label (*.parquet)
//   tsv      the same table as TSV with a header line
// A glob reads shards: a table's in any order (its rows say where each token stands), a
// tagged or CoNLL-U corpus's one file after another in name order, numbered in that order.
// OUT gets `item<TAB>class<TAB>cluster<TAB>count` rows, sorted, with a header line
// (--no-header: none, as Spark's text parts have). --no-token-check skips the check;
// --print-sql prints the statements instead of running them.
//
//   node scripts/joint-counts.mjs --placed [--gold-format F] INPUT OUT.parquet
//
// writes a corpus' tokens with their places (doc, sent, pos, token, label) as Parquet: the
// table the Spark job reads, once uploaded where it runs.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const SCRIPTS = new URL('./', import.meta.url);
export const JOINT_COUNTS_SQL = readFileSync(new URL('joint-counts.sql', SCRIPTS), 'utf8').trim();
export const JOINT_CHECK_SQL = readFileSync(new URL('joint-check.sql', SCRIPTS), 'utf8').trim();

const literal = (text) => `'${String(text).replace(/'/g, "''")}'`;
const CONLLU_COLUMNS = ['id', 'form', 'lemma', 'upos', 'xpos', 'feats', 'head', 'deprel', 'deps', 'misc'];
// Plain TSV: no quoting, no escapes, numbered in file order (row_number() over an empty window
// keeps the order of the scan). One thread reads it: DuckDB's parallel CSV reader stops on some
// large files of this kind ("does not support a full read on this file", duckdb#24237); the
// counting after it is parallel.
const plainTsv = (path, columns, extra = '') =>
  `read_csv(${literal(path)}, delim = '\\t', header = false, quote = '', escape = '', ` +
  `auto_detect = false, parallel = false${extra}, ` +
  `columns = {${columns.map((c) => `'${c}': 'VARCHAR'`).join(', ')}})`;

/** The SELECT that turns an input into rows of (doc, sent, pos, token, label). */
export function tokensQuery(path, format) {
  switch (format) {
    case 'tagged':
      return `SELECT '' AS doc, 0 AS sent, row_number() OVER () AS pos, token, label FROM ${plainTsv(path, ['token', 'label'])}`;
    case 'conllu':
      return (
        `SELECT '' AS doc, 0 AS sent, row_number() OVER () AS pos, form AS token, upos AS label ` +
        `FROM ${plainTsv(path, CONLLU_COLUMNS, ", comment = '#'")} WHERE id NOT LIKE '%-%' AND id NOT LIKE '%.%'`
      );
    case 'parquet':
      return `SELECT doc, sent, pos, token, label FROM read_parquet(${literal(path)})`;
    case 'tsv':
      return `SELECT doc, sent, pos, token, label FROM read_csv(${literal(path)}, delim = '\\t', header = true, quote = '', escape = '')`;
    default:
      throw new Error(`unknown input format '${format}' (tagged, conllu, parquet, tsv)`);
  }
}

/** The format a file's name suggests. */
export const formatOf = (path) =>
  /\.parquet$/i.test(path) ? 'parquet' : /\.conllu$/i.test(path) ? 'conllu' : 'tagged';

/** Every statement of one run, in order: the two views, the check, the COPY. */
export function statements({ gold, system, out, goldFormat, systemFormat, header = true }) {
  return {
    views: [
      `CREATE VIEW gold_tokens AS ${tokensQuery(gold, goldFormat ?? formatOf(gold))}`,
      `CREATE VIEW system_tokens AS ${tokensQuery(system, systemFormat ?? formatOf(system))}`,
    ],
    check: JOINT_CHECK_SQL,
    copy: `COPY (\n${JOINT_COUNTS_SQL}\n) TO ${literal(out)} (FORMAT csv, DELIMITER '\\t', HEADER ${header}, QUOTE '')`,
  };
}

/** Writes the tokens of `path` with their places as a Parquet table at `out`. */
export async function placedTokens({ path, format, out }) {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const query = tokensQuery(path, format ?? formatOf(path));
  await connection.run(`COPY (${query}) TO ${literal(out)} (FORMAT parquet)`);
}

/**
 * Counts with DuckDB (@duckdb/node-api). Throws when the corpora do not pair, naming the first
 * places. Returns {rows: the joint counts written, seconds}.
 */
export async function jointCounts({ check = true, ...options }) {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const started = performance.now();
  const db = await DuckDBInstance.create(':memory:');
  const connection = await db.connect();
  try {
    const sql = statements(options);
    for (const view of sql.views) await connection.run(view);
    if (check) {
      const unpaired = (await connection.runAndReadAll(sql.check)).getRowObjects();
      if (unpaired.length) {
        const where = unpaired.map((r) => {
          const place = `${r.doc ? `doc ${r.doc}, ` : ''}${r.sent ? `sentence ${r.sent}, ` : ''}token ${r.pos}`;
          const show = (t) => (t === null ? 'nothing' : `'${t}'`);
          return `${place}: gold ${show(r.gold_token)}, system ${show(r.system_token)}`;
        });
        throw new Error(`${options.system} does not pair with ${options.gold}: ${where.join('; ')}`);
      }
    }
    const copied = await connection.runAndReadAll(sql.copy);
    const rows = Number(copied.getRowObjects()[0]?.Count ?? 0);
    return { rows, seconds: (performance.now() - started) / 1000 };
  } finally {
    connection.closeSync?.();
  }
}

async function main(argv) {
  const args = [];
  const options = { check: true, header: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--gold-format') options.goldFormat = argv[++i];
    else if (arg === '--induced-format') options.systemFormat = argv[++i];
    else if (arg === '--no-token-check') options.check = false;
    else if (arg === '--no-header') options.header = false;
    else if (arg === '--print-sql') options.print = true;
    else if (arg === '--placed') options.placed = true;
    else if (arg.startsWith('--')) throw new Error(`unknown option '${arg}'`);
    else args.push(arg);
  }
  if (options.placed && args.length === 2) {
    await placedTokens({ path: args[0], format: options.goldFormat, out: args[1] });
    return;
  }
  if (args.length !== 3) throw new Error('usage: node scripts/joint-counts.mjs [options] GOLD SYSTEM OUT');
  [options.gold, options.system, options.out] = args;
  if (options.print) {
    const sql = statements(options);
    console.log([...sql.views, ...(options.check ? [sql.check] : []), sql.copy].join(';\n\n') + ';');
    return;
  }
  const { rows, seconds } = await jointCounts(options);
  console.error(`joint-counts: ${rows} rows to ${options.out} in ${seconds.toFixed(2)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`joint-counts: ${error.message}`);
    process.exit(1);
  });
}
