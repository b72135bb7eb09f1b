#!/usr/bin/env node
// The page's figures from the command line, for papers that rebuild their figures from the
// data: reads the JSON of `clustereval --format json --detail GOLD SYSTEM...` and writes the
// mapping heatmap, the ranked cluster sizes or a depth sweep as SVG, drawn by web/src/figures.js,
// the code the page draws and exports them with.
//
//   node scripts/figure.mjs RESULT.json [options] > figure.svg
//
// Options (the page's controls):
//   --figure heatmap|sizes|depths   which figure (default heatmap)
//   --size column|page|screen  3.5 in, 7 in (default page), or the page's on-screen size
//   --out FILE               write FILE instead of standard output
//   heatmap:
//   --system NAME|N          the system by file name or 0-based index (default the first)
//   --counts tokens|items    what a cell counts (default tokens; items for lexicons)
//   --mapping ID             m1 (default), o1, macro_i_m1, micro_c_o1, …, or none
//   --fold-rows P, --fold-cols P   fold rows (columns) below P% of the counts into `other`
//   sizes:
//   --unit tokens|items      cluster size in tokens (default) or items
//   --log-rank               a log rank axis
//   depths (a result of --depth-sweep):
//   --measure LEVEL.ID       the measure against depth (default token.m1, else the first)
// RESULT.json may be `-` for standard input. Exit codes: 0 done, 1 usage, 2 input error.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  FIGURE_SIZES,
  heatmapFigure,
  sizePlotSvg,
  svgFile,
  sweepMeasure,
  sweepMeasures,
  sweepPlotSvg,
} from '../web/src/figures.js';

const USAGE = readFileSync(new URL(import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('//'))
  .slice(4, 21)
  .map((l) => l.slice(3))
  .join('\n');

function fail(code, message) {
  process.stderr.write(`figure.mjs: ${message}\n`);
  if (code === 1) process.stderr.write(`usage:\n${USAGE}\n`);
  process.exit(code);
}

const FLAGS = new Set(['--log-rank', '--help']);
const VALUES = new Set([
  '--figure',
  '--size',
  '--out',
  '--system',
  '--counts',
  '--mapping',
  '--fold-rows',
  '--fold-cols',
  '--unit',
  '--measure',
]);
const opts = {};
const files = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (FLAGS.has(a)) opts[a] = true;
  else if (VALUES.has(a)) {
    if (i + 1 >= args.length) fail(1, `${a} needs a value`);
    opts[a] = args[++i];
  } else if (a.startsWith('--')) fail(1, `unknown option ${a}`);
  else files.push(a);
}
if (opts['--help']) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (files.length !== 1) fail(1, "give one result file (the CLI's --format json --detail output)");

const choose = (name, allowed, fallback) => {
  const v = opts[name] ?? fallback;
  if (!allowed.includes(v)) fail(1, `${name} must be one of ${allowed.join(', ')}, not ${v}`);
  return v;
};
const figure = choose('--figure', ['heatmap', 'sizes', 'depths'], 'heatmap');
const size = choose('--size', Object.keys(FIGURE_SIZES), 'page');
const share = (name) => {
  if (opts[name] === undefined) return 0;
  const p = Number(opts[name]);
  if (!(p >= 0 && p <= 100)) fail(1, `${name} takes a percentage from 0 to 100, not ${opts[name]}`);
  return p / 100;
};

let result;
try {
  const text = readFileSync(files[0] === '-' ? 0 : files[0], 'utf8');
  result = JSON.parse(text);
} catch (err) {
  fail(2, `${files[0]}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
}
if (!result || typeof result !== 'object' || !Array.isArray(result.systems))
  fail(2, `${files[0]}: not a clustereval result (no "systems")`);

// Files as the page names them: without their directories.
if (result.gold?.name) result.gold.name = basename(result.gold.name);
for (const s of result.systems)
  if (s.name && !s.name.startsWith('baseline:')) s.name = basename(s.name);

let svg;
try {
  if (figure === 'heatmap') {
    const want = opts['--system'];
    svg = heatmapFigure(result, {
      system: want === undefined ? 0 : /^\d+$/.test(want) ? Number(want) : basename(want),
      counts: choose('--counts', ['tokens', 'items'], 'tokens'),
      mapping: opts['--mapping'] ?? 'm1',
      rowShare: share('--fold-rows'),
      colShare: share('--fold-cols'),
      size,
    });
  } else if (figure === 'depths') {
    const keys = sweepMeasures(result);
    if (!keys.length) throw new Error('the result holds no depth sweep (run the CLI with --depth-sweep)');
    const key = opts['--measure'] ?? (keys.includes('token.m1') ? 'token.m1' : keys[0]);
    if (!keys.includes(key)) throw new Error(`no sweep holds ${key}; it holds ${keys.join(', ')}`);
    svg = sweepPlotSvg(result, { key, ...sweepMeasure(key), size });
  } else {
    svg = sizePlotSvg(result, {
      unit: choose('--unit', ['tokens', 'items'], 'tokens'),
      logX: Boolean(opts['--log-rank']),
      size,
    });
    if (!svg) throw new Error('the result holds no cluster sizes (run the CLI with --detail)');
  }
} catch (err) {
  fail(2, `${files[0]}: ${err.message}`);
}
if (opts['--out']) writeFileSync(opts['--out'], svgFile(svg));
else process.stdout.write(svgFile(svg));
