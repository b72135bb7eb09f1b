// Reading at the speed of memory: the token level of one gold and one system file against
// `wc -l` over the same two files and the scikit-learn script (bench/sklearn_all.py), in one
// run, each command timed whole (start-up included), the median of --rounds runs taken in
// turn; then the reading rate (MB/s, --verbose's "read and counted") of each token format
// natively on one thread and on two, and of the wasm core under Node on one thread.
// Usage: node bench/read_speed.mjs GOLD SYSTEM [--rounds N] [--sklearn-rounds N]
//   (GOLD and SYSTEM tagged files, e.g. full Brown and bench/gen_hmm.c's tagging of it)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCore, root } from '../tests/js/load-core.mjs';

const [goldPath, systemPath, ...flags] = process.argv.slice(2);
if (!goldPath || !systemPath) throw new Error('usage: node bench/read_speed.mjs GOLD SYSTEM [--rounds N]');
const option = (name, fallback) => {
  const at = flags.indexOf(name);
  return at >= 0 ? Number(flags[at + 1]) : fallback;
};
const rounds = option('--rounds', 7);
const sklearnRounds = option('--sklearn-rounds', 1);
const cli = join(root, 'build/clustereval');
const python = '/usr/bin/python3';
const mb = (statSync(goldPath).size + statSync(systemPath).size) / 1e6;

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** Wall seconds of one run of `command`, its output thrown away; fails loudly. */
function wall(command, args) {
  const start = process.hrtime.bigint();
  const run = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')}: exit ${run.status}\n${run.stderr}`);
  return seconds;
}

/** The median wall time of each command over `n` rounds, the commands taken in turn. */
function medians(commands, n) {
  const times = commands.map(() => []);
  for (let round = 0; round < n; round++)
    commands.forEach(([command, args], j) => times[j].push(wall(command, args)));
  return times.map(median);
}

const token = ['--format', 'json', '--levels', 'token', goldPath, systemPath];
const [wc, ours, oursOne] = medians(
  [
    ['wc', ['-l', goldPath, systemPath]],
    [cli, token],
    [cli, ['--threads', '1', ...token]],
  ],
  rounds,
);
const [sklearn] = medians([[python, [join(root, 'bench/sklearn_all.py'), goldPath, systemPath]]], sklearnRounds);
console.log(`${mb.toFixed(1)} MB, whole process, median of ${rounds} runs in turn (scikit-learn: ${sklearnRounds}):`);
console.log(`  wc -l over both files          ${wc.toFixed(4)} s`);
console.log(`  clustereval --levels token     ${ours.toFixed(4)} s  = ${(ours / wc).toFixed(1)}x wc -l; scikit-learn / clustereval = ${(sklearn / ours).toFixed(0)}x`);
console.log(`  the same, --threads 1          ${oursOne.toFixed(4)} s  = ${(oursOne / wc).toFixed(1)}x wc -l`);
console.log(`  scikit-learn (sklearn_all.py)  ${sklearn.toFixed(2)} s`);

/** --verbose's reading rate, MB/s, the best of `n` runs. */
function readRate(args, n) {
  let best = 0;
  for (let round = 0; round < n; round++) {
    const run = spawnSync(cli, ['--verbose', '--format', 'json', '--levels', 'token', ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    const found = /\(([0-9.]+) MB\/s\)/.exec(run.stderr);
    if (!found) throw new Error(`no reading rate in: ${run.stderr}`);
    best = Math.max(best, Number(found[1]));
  }
  return best;
}

// The same corpus in the other token formats, written once (gold side; the system stays tagged).
const dir = mkdtempSync(join(tmpdir(), 'ce-read-'));
try {
  const lines = readFileSync(goldPath, 'utf8').split('\n');
  let conllu = '';
  let inline = '';
  let sentence = [];
  let id = 0;
  for (const line of lines) {
    if (!line.trim()) {
      if (sentence.length) inline += sentence.join(' ') + '\n';
      if (id) conllu += '\n';
      sentence = [];
      id = 0;
      continue;
    }
    const [word, tag] = line.split('\t');
    id++;
    conllu += `${id}\t${word}\t_\t${tag}\t_\t_\t0\t_\t_\t_\n`;
    sentence.push(`${word.replaceAll(' ', '_')}/${tag}`);
  }
  if (sentence.length) inline += sentence.join(' ') + '\n';
  writeFileSync(join(dir, 'gold.conllu'), conllu);
  writeFileSync(join(dir, 'gold.pos'), inline);
  const formats = [
    ['tagged', goldPath],
    ['conllu', join(dir, 'gold.conllu')],
    ['inline', join(dir, 'gold.pos')],
  ];
  console.log('reading and counting, --verbose, best of 3 (the system file tagged):');
  for (const [name, gold] of formats) {
    const two = readRate([gold, systemPath], 3);
    const one = readRate(['--threads', '1', gold, systemPath], 3);
    console.log(`  ${name.padEnd(7)} ${one.toFixed(0)} MB/s on one thread, ${two.toFixed(0)} MB/s on two`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// The wasm core under Node, one thread: reading ends at the last 'read' progress report.
const core = await loadCore();
const read = (path) => ({ name: path.split('/').pop(), bytes: readFileSync(path) });
const inputs = { gold: read(goldPath), systems: [read(systemPath)] };
const wasmRead = [];
const wasmWhole = [];
for (let round = 0; round < rounds; round++) {
  const start = process.hrtime.bigint();
  let readEnd = start;
  core.evaluate({ ...inputs, options: { levels: 'token' } }, (done, total, phase) => {
    if (phase === 'read') readEnd = process.hrtime.bigint();
  });
  wasmWhole.push(Number(process.hrtime.bigint() - start) / 1e9);
  wasmRead.push(Number(readEnd - start) / 1e9);
}
console.log(
  `wasm (one thread): the token level ${median(wasmWhole).toFixed(3)} s; reading and counting ${(mb / median(wasmRead)).toFixed(0)} MB/s (median of ${rounds})`,
);
