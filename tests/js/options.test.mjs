// The core's option table is the one description of every option (SPEC §4 "Options"): the
// files made from it match it, and the page's defaults, checks, request and link come from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { loadCore, root } from './load-core.mjs';
import { expectedFiles } from '../../scripts/gen-options.mjs';
import { CORE_OPTIONS, DEFAULTS, fromHash, requestOptions, toHash, validate } from '../../web/src/options.js';
import { OPTION_TABLE } from '../../web/src/option-table.js';

const core = await loadCore();

test('the files made from the option table match it (make options writes them)', () => {
  const run = spawnSync(process.execPath, ['scripts/gen-options.mjs', '--check'], { cwd: root, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(OPTION_TABLE, core.optionTable);
  // The check fails when the table has a row the files lack.
  const grown = [...core.optionTable, { ...core.optionTable[0], id: 'not_yet', help: 'a new option' }];
  const files = expectedFiles(grown);
  assert.match(files['npm/index.d.ts'], /not_yet\?: number;/);
  assert.match(files['wasm/protocol.js'], /\[not_yet\] a new option/);
  assert.match(files['docs/options.md'], /\| `not_yet` \| `--not-yet X` \|/);
});

test("the page's defaults are the core's, and what it sends by default is what the core has", () => {
  for (const row of core.optionTable) {
    if (!CORE_OPTIONS[row.id]) continue;
    const shown = DEFAULTS[row.id];
    assert.equal(typeof shown === 'string' && row.kind !== 'choice' ? Number(shown) : shown, row.default, row.id);
  }
  const result = core.evaluate({
    gold: { name: 'g', bytes: new TextEncoder().encode('a\tX\nb\tY\n') },
    systems: [{ name: 's', bytes: new TextEncoder().encode('a\tk\nb\tk\n') }],
    options: requestOptions(DEFAULTS),
  });
  for (const id of Object.keys(CORE_OPTIONS)) assert.equal(result.options[id], core.optionTable.find((r) => r.id === id).default, id);
});

test("a field is checked against the core's bounds, and the core takes every value the page lets through", () => {
  for (const row of Object.values(CORE_OPTIONS)) {
    if (row.kind !== 'integer' && row.kind !== 'number') continue;
    const at = (value) => validate({ ...DEFAULTS, [row.id]: String(value) })[row.id];
    assert.equal(at(row.min), undefined, `${row.id} ${row.min}`);
    assert.equal(at(row.max), undefined, `${row.id} ${row.max}`);
    assert.match(at(row.max * 2 + 1), new RegExp(`from ${row.min} to ${row.max}`), row.id);
    assert.ok(at('x'), row.id);
    if (row.kind === 'integer') assert.match(at(row.min + 0.5), /whole number/, row.id);
  }
  assert.deepEqual(validate(DEFAULTS), {});
});

test('the link holds the options by their ids, and opens links written with the earlier keys', () => {
  const options = { ...DEFAULTS, min_share: '0.25', nmi_mean: 'geometric', token_check: false, gold_map: 'brown-universal' };
  const hash = toHash(options);
  assert.equal(hash, '#token_check=0&nmi_mean=geometric&min_share=0.25&gold_map=brown-universal');
  assert.deepEqual(fromHash(hash), options);
  const old = fromHash('#minshare=0.25&nmi=geometric&tokencheck=0&goldmap=brown-universal');
  assert.deepEqual(old, options);
  assert.equal(fromHash('#nmi_mean=median').nmi_mean, 'arithmetic', 'a name the core lacks is ignored');
});
