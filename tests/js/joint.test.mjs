// Joint counts made by a real engine: DuckDB (@duckdb/node-api) runs scripts/joint-counts.sql
// on corpus pairs, and clustereval on those counts gives what it gives on the corpora
// themselves, every measure of both levels to 1e-12: the demo (with options, and two systems
// at once), CoNLL-U, Parquet shards, and a generated 5M-token pair. The Spark job runs the same
// SQL text (compared here: Spark itself cannot be installed), and the manual shows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOINT_CHECK_SQL, JOINT_COUNTS_SQL, jointCounts } from '../../scripts/joint-counts.mjs';
import { root } from './load-core.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'joint-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

const cli = (...args) =>
  JSON.parse(
    execFileSync(`${root}build/clustereval`, ['--format', 'json', ...args], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    }),
  );

/**
 * The rows of two results side by side: every measure of both levels defined in both or in
 * neither, within 1e-12; the gold statistics but the sentences (counts keep none). Returns
 * how many values were compared.
 */
function assertSame(corpus, joint, what) {
  for (const key of ['tokens', 'items', 'classes', 'polysemous_items', 'excluded_tokens'])
    assert.equal(joint.gold[key], corpus.gold[key], `${what}: gold ${key}`);
  assert.equal(joint.systems.length, corpus.systems.length, what);
  let compared = 0;
  corpus.systems.forEach((row, i) => {
    const other = joint.systems[i];
    assert.equal(other.error, undefined, `${what}: ${other.error?.message}`);
    assert.equal(other.missing, row.missing, `${what}: ${row.name} missing`);
    assert.equal(other.clusters, row.clusters, `${what}: ${row.name} clusters`);
    for (const level of ['token', 'type']) {
      for (const [id, want] of Object.entries(row[level] ?? {})) {
        if (id === 'sub_p' || id === 'sub_r') continue;
        const got = other[level][id];
        const where = `${what}: ${row.name} ${level}.${id}`;
        if (want === null) assert.equal(got, null, where);
        else assert.ok(Math.abs(got - want) <= 1e-12, `${where}: joint ${got}, corpus ${want}`);
        compared += want !== null;
      }
    }
  });
  return compared;
}

test('Spark runs the same SQL text as DuckDB, and the manual shows it', () => {
  const spark = readFileSync(`${root}scripts/joint_counts_spark.py`, 'utf8');
  const embedded = (name) => spark.match(new RegExp(`^${name} = """\\n([^]*?)"""$`, 'm'))?.[1];
  assert.equal(embedded('JOINT_COUNTS_SQL')?.trim(), JOINT_COUNTS_SQL);
  assert.equal(embedded('JOINT_CHECK_SQL')?.trim(), JOINT_CHECK_SQL);
  const query = JOINT_COUNTS_SQL.split('\n').filter((line) => !line.startsWith('--'));
  const manual = 'docs/huge-corpora.md';
  assert.ok(readFileSync(`${root}${manual}`, 'utf8').includes(query.join('\n')), manual);
});

test('the demo: joint counts of each system score as the corpus pair does, options included', async () => {
  const gold = 'public/demo/brown-gold.tsv';
  const systems = ['public/demo/brown-c50.tsv', 'public/demo/brown-c50-d3.tsv'];
  const joints = [];
  for (const [i, system] of systems.entries()) {
    const out = join(tmp, `demo-${i}.tsv`);
    const { rows } = await jointCounts({ gold: `${root}${gold}`, system: `${root}${system}`, out });
    assert.ok(rows > 1000, `${rows} rows`);
    joints.push(out);
  }
  const optionSets = [
    [],
    ['--gold-map', 'brown-universal', '--min-share', '0.2', '--exclude-punct'],
    ['--exclude-labels', '.,\\,,nn', '--baselines', 'one,majority', '--restarts', '3'],
  ];
  for (const options of optionSets) {
    const corpus = cli(...options, gold, ...systems);
    const joint = cli(...options, ...joints);
    const compared = assertSame(corpus, joint, options.join(' ') || 'defaults');
    assert.ok(compared >= 80, `${compared} values`);
    assert.equal(joint.gold.format, 'joint');
    assert.equal(joint.gold.sentences, 0);
  }
});

test('CoNLL-U, Parquet shards and the token check', async () => {
  const conllu = `${root}tests/data/formats/conllu.conllu`;
  const out = join(tmp, 'conllu.tsv');
  await jointCounts({ gold: conllu, system: conllu, out });
  assertSame(cli(conllu, conllu), cli(out), 'conllu');

  // The demo as a table of tokens with their places, in two Parquet shards.
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await DuckDBInstance.create(':memory:');
  const connection = await db.connect();
  for (const [side, file] of [
    ['gold', 'brown-gold.tsv'],
    ['system', 'brown-c50.tsv'],
  ]) {
    const path = `${root}public/demo/${file}`;
    await connection.run(
      `CREATE TABLE ${side} AS SELECT 'brown' AS doc, 0 AS sent, row_number() OVER () AS pos, ` +
        `token, label FROM read_csv('${path}', delim = '\\t', header = false, quote = '', ` +
        `escape = '', auto_detect = false, columns = {'token': 'VARCHAR', 'label': 'VARCHAR'})`,
    );
    for (const shard of [0, 1])
      await connection.run(
        `COPY (SELECT * FROM ${side} WHERE pos % 2 = ${shard}) TO '${tmp}/${side}-${shard}.parquet' (FORMAT parquet)`,
      );
  }
  const fromParquet = join(tmp, 'parquet.tsv');
  const fromTsv = join(tmp, 'tsv.tsv');
  await jointCounts({ gold: `${tmp}/gold-*.parquet`, system: `${tmp}/system-*.parquet`, out: fromParquet });
  await jointCounts({
    gold: `${root}public/demo/brown-gold.tsv`,
    system: `${root}public/demo/brown-c50.tsv`,
    out: fromTsv,
  });
  assert.equal(readFileSync(fromParquet, 'utf8'), readFileSync(fromTsv, 'utf8'));

  await assert.rejects(
    jointCounts({
      gold: `${root}tests/data/small-gold.tsv`,
      system: `${root}tests/data/bad/sys-text-differs.tsv`,
      out: join(tmp, 'bad.tsv'),
    }),
    /sys-text-differs\.tsv does not pair with .*small-gold\.tsv: token 22: gold 'saw', system 'sew'/,
  );
});

test('a generated 5M-token pair: DuckDB counts, clustereval scores, as on the raw files', async () => {
  const gen = join(tmp, 'gen_corpus');
  execFileSync('cc', ['-O2', '-std=c11', `${root}bench/gen_corpus.c`, '-lm', '-o', gen]);
  const [gold, system, out] = ['gold.tsv', 'sys.tsv', 'joint.tsv'].map((f) => join(tmp, f));
  execFileSync(gen, [gold, system, '5000000', '20000', '45', '200']);
  const started = performance.now();
  // The pair is generated aligned: the token check (run on the demo above) is left out.
  const { rows, seconds } = await jointCounts({ gold, system, out, check: false });
  const options = ['--restarts', '2', '--measures', 'all'];
  const corpus = cli(...options, gold, system);
  const joint = cli(...options, out);
  const compared = assertSame(corpus, joint, '5M tokens');
  assert.equal(joint.gold.tokens, 5000000);
  console.log(
    `5M tokens: ${rows} joint counts in ${seconds.toFixed(1)} s (DuckDB), ${compared} values ` +
      `equal; ${((performance.now() - started) / 1000).toFixed(1)} s in all`,
  );
});
