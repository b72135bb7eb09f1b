// A paths system at every depth on the page: the option asks the core for the sweep, the
// "Every depth" view draws a measure against depth with the best depth ringed, and the
// numbers are the command line's --depth-sweep JSON.
// tests/data/paths-gold.tsv against tests/data/formats/paths.paths: type M-1 is 4/7 at depth 1
// and 5/7 from depth 2 on (docs/inputs.md works it out), so the best depth is 2.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  ROOT,
  clearFiles,
  cliJson,
  download,
  evaluateAndWait,
  openOptions,
  useBrowser,
  waitForResult,
} from './harness.mjs';

const env = useBrowser();
const GOLD = join(ROOT, 'tests', 'data', 'paths-gold.tsv');
const PATHS = join(ROOT, 'tests', 'data', 'formats', 'paths.paths');

test('every depth of a paths system, drawn and as the command line computes it', async () => {
  const { page } = await env.open();
  await waitForResult(page);
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(GOLD);
  await page.getByTestId('system-input').setInputFiles(PATHS);
  await openOptions(page);
  await page.getByLabel('Every depth of a paths system (Brown clusters)').check();
  await evaluateAndWait(page, 'paths.paths');

  await page.getByTestId('tab-depths').click();
  const figure = page.getByTestId('sweepplot');
  await figure.waitFor();
  assert.equal(await page.getByTestId('sweep-measure').inputValue(), 'type.m1');
  const best = figure.locator('circle[data-best="paths.paths"]');
  assert.equal(await best.getAttribute('data-depth'), '2');

  const cli = cliJson('--depth-sweep', GOLD, PATHS).systems[0].sweep;
  assert.deepEqual(
    cli.map((p) => [p.depth, p.type.m1]),
    [1, 2, 3, 4, 5, 6, 7, 8].map((d) => [d, d === 1 ? 4 / 7 : 5 / 7]),
  );
  // The exported SVG is the drawn one at the size asked for.
  const svg = await download(page, () => page.getByTestId('sweep-svg').click());
  assert.match(svg.name, /-depths-type\.m1\.svg$/);
  assert.match(svg.text, /<circle data-best="paths.paths" data-depth="2"/);
  // scripts/figure.mjs draws the same file from the command line's JSON.
  const json = join(tmpdir(), 'clustereval-sweep.json');
  writeFileSync(json, JSON.stringify(cliJson('--depth-sweep', GOLD, PATHS)));
  const script = execFileSync(
    'node',
    [join(ROOT, 'scripts', 'figure.mjs'), json, '--figure', 'depths', '--measure', 'type.m1', '--size', 'screen'],
    { encoding: 'utf8' },
  );
  assert.equal(script, svg.text);
});
