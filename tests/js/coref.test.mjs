// A coreference run (SPEC §3.6) in the wasm core: the command line's JSON key for key (the
// coref section, its per-document detail with the CEAF-e alignment, intervals over documents,
// approximate randomization and rank correlations), its 'coref.<id>' table columns byte for
// byte, and the reader's errors with file and line. The numbers themselves are checked against
// an independent reading by tests/cli/coref_reference.py and by hand in tests/c/test_coref.c.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { CeError } from '../../wasm/binding.js';
import { COREF_MEASURES } from '../../web/src/measures.js';
import { loadCore, input, root } from './load-core.mjs';

const core = await loadCore();
const CLI = `${root}build/clustereval`;
const DIR = 'tests/data/coref';
const FILES = ['key.conll', 'system-a.conll', 'system-b.conll'];
// Every measure of both responses from an independent reading (tests/golden/make_coref_golden.py).
const GOLDEN = JSON.parse(readFileSync(`${root}tests/golden/coref.json`, 'utf8')).cases;

const cli = (args) => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run 'make native' first`);
  return execFileSync(CLI, [...args, ...FILES], { cwd: `${root}${DIR}`, encoding: 'utf8' });
};
const evaluate = (options = {}) => {
  const [gold, ...systems] = FILES.map((f) => input(`${DIR}/${f}`, f));
  return core.evaluate({ gold, systems, options });
};

test("a coreference run is the command line's JSON, detail and statistics included", () => {
  const options = { detail: true, bootstrap: 40, test: 'ar', shuffles: 60 };
  const got = evaluate(options);
  const expected = JSON.parse(cli(['--format', 'json', '--detail', '--bootstrap', '40', '--test', 'ar', '--shuffles', '60']));
  delete got.options;
  delete expected.options;
  assert.deepEqual(got, expected);
  assert.equal(got.gold.format, 'conll');
  assert.deepEqual([got.gold.documents, got.gold.mentions, got.gold.entities], [3, 25, 11]);
  const [a, b] = got.systems;
  for (const [i, row] of [a, b].entries())
    for (const [id, want] of Object.entries(GOLDEN[i].coref))
      assert.ok(Math.abs(row.coref[id] - want) <= 1e-12, `${row.name} ${id}: ${row.coref[id]}, golden ${want}`);
  assert.equal(got.bootstrap.unit, 'document');
  assert.ok(got.p_values['coref.conll_f']);
  // The key's documents in its order, each with its entities and the CEAF-e alignment.
  assert.deepEqual(Object.keys(a.coref_by_document), ['(story/01); part 000', '(story/02); part 000', '(story/03); part 000']);
  const doc = a.coref_by_document['(story/01); part 000'];
  assert.deepEqual(doc.key, { sizes: [3, 3, 2, 2], marks: ['1', '2', '3', '4'] });
  assert.ok(doc.cells.every(([k, r, n, phi, aligned]) => n > 0 && phi > 0 && phi <= 1 && typeof aligned === 'boolean'));
  // b lacks story/03: its entities are the key's alone.
  assert.deepEqual(b.coref_by_document['(story/03); part 000'].response, { sizes: [], marks: [] });
});

test("a coreference run's table: 'coref.<id>' columns, the command line's for the same columns", () => {
  evaluate();
  const columns = COREF_MEASURES.map((m) => `coref.${m.id}`);
  for (const format of ['csv', 'markdown', 'latex']) {
    const expected = cli(['--format', format, '--measures', columns.join(',')]);
    assert.equal(core.table({ format, columns }), expected, format);
  }
  assert.match(core.table({ format: 'markdown', columns: ['coref.conll_f', 'coref.muc_f'] }), /\| System \| Coref CoNLL F1 \| Coref MUC F \|/);
});

test('a bad conll file is an error naming file, line and column', () => {
  const text = (name, body) => ({ name, bytes: new TextEncoder().encode(body) });
  const gold = text('key.conll', '#begin document d\nw (1\nw -\nw 2)\n#end document\n');
  assert.throws(
    () => core.evaluate({ gold, systems: [text('r.conll', '#begin document d\nw -\n#end document\n')] }),
    (error) => error instanceof CeError && error.file === 'key.conll' && error.line === 4 && error.column === 3 && /2\) closes a mention of entity 2 that is not open/.test(error.message),
  );
});
