// The core on threads: served cross-origin isolated (`vite preview`, as `make demo` serves
// it), the page runs the core's threaded build; served by a plain host, or opened from disk,
// the build on one thread. Both give the command line's numbers, to the last bit, on an
// input whose type level is large enough to run side by side.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  clearFiles,
  cliJson,
  download,
  evaluateAndWait,
  startStatic,
  useBrowser,
  waitForResult,
} from './harness.mjs';
import { writePolysemousPair } from '../js/polysemous-pair.mjs';

const env = useBrowser();
let dir = '';
let gold = '';
let system = '';

// The pair: tests/js/polysemous-pair.mjs, in a folder of its own.
function writePair() {
  dir = mkdtempSync(join(tmpdir(), 'clustereval-threads-'));
  [gold, system] = writePolysemousPair(dir);
}

before(writePair);
after(() => rmSync(dir, { recursive: true, force: true }));

/** Evaluates the pair on the open page and returns its JSON export. */
async function pageJson(page) {
  await waitForResult(page);
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(gold);
  await page.getByTestId('system-input').setInputFiles(system);
  await evaluateAndWait(page, 'poly-sys.tsv', 60_000);
  await page.getByTestId('columns').selectOption('all');
  await page.getByTestId('export-format').selectOption('json');
  return JSON.parse((await download(page, () => page.getByTestId('export-download').click())).text);
}

/** Every token and type value of the page's export (every column) equals the command line's. */
function assertSameNumbers(json, cli) {
  const [mine] = json.systems;
  const [want] = cli.systems;
  for (const level of ['token', 'type']) {
    assert.ok(Object.keys(mine[level]).length > 10, `the page's ${level} level`);
    for (const [id, v] of Object.entries(mine[level])) assert.equal(v, want[level][id], `${level}.${id}`);
  }
  assert.ok(want.type.micro_c_m1 > 0 && want.type.ebcubed_f > 0, 'M-1 and extended BCubed ran');
}

test('served cross-origin isolated, the core runs on threads and gives the command line’s numbers', async (t) => {
  const { page } = await env.open();
  await waitForResult(page);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
  const engine = page.getByTestId('engine');
  assert.equal(await engine.getAttribute('data-threaded'), 'true');
  assert.match(await engine.textContent(), /on threads/);
  const json = await pageJson(page);
  // The core's worker and the pool of its threads' workers.
  t.diagnostic(`${page.workers().length} workers`);
  assert.ok(page.workers().length >= 2, `${page.workers().length} workers`);
  assertSameNumbers(json, cliJson(gold, system));
});

test('served without those headers, the core runs on one thread, with the same numbers', async () => {
  const server = await startStatic('/plain/');
  try {
    const { page } = await env.open({ base: server.url });
    await waitForResult(page);
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
    assert.equal(await page.getByTestId('engine').getAttribute('data-threaded'), 'false');
    assertSameNumbers(await pageJson(page), cliJson(gold, system));
  } finally {
    await server.stop();
  }
});
