// The manual: README.md stays the front door (short, with the two set-up commands), and every
// relative link and anchor of README.md and docs/*.md lands somewhere (scripts/check_docs.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { anchors, slug } from '../../scripts/check_docs.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const checker = join(root, 'scripts', 'check_docs.mjs');

const runChecker = (...args) =>
  spawnSync(process.execPath, [checker, ...args], { cwd: root, encoding: 'utf8' });

test('every relative link, image and anchor of README.md and docs/*.md resolves', () => {
  const run = runChecker();
  assert.equal(run.status, 0, `broken links:\n${run.stdout}${run.stderr}`);
});

test('the README is the front door: at most 300 lines, with the two set-up commands', () => {
  const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const count = lines.length;
  assert.ok(count <= 300, `README.md has ${count} lines; the manual belongs in docs/`);
  for (const command of ['make demo', 'make test']) {
    assert.ok(
      lines.some((line) => line === command || line.startsWith(`${command} `)),
      `README.md has no line '${command}'`,
    );
  }
});

test('anchors follow GitHub: lower case, punctuation dropped but - and _, spaces to -', () => {
  assert.equal(slug('M-1 mappings: optimal and bound'), 'm-1-mappings-optimal-and-bound');
  assert.equal(slug('Intervals: --ci bca|percentile|basic'), 'intervals---ci-bcapercentilebasic');
  assert.equal(slug("Check a paper's numbers"), 'check-a-papers-numbers');
  assert.equal(slug('min_share and Ünïcode'), 'min_share-and-ünïcode');
  const found = anchors(
    [
      '# Title',
      '## Intervals: `--ci bca`',
      '```sh',
      '# not a heading',
      '```',
      '## Title',
      '',
      'Setext',
      '---',
    ].join('\n'),
  );
  assert.deepEqual([...found].sort(), ['intervals---ci-bca', 'setext', 'title', 'title-1']);
});

test('the checker names each broken link as file:line: target and exits 1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-docs-'));
  try {
    mkdirSync(join(dir, 'docs'));
    writeFileSync(
      join(dir, 'README.md'),
      [
        '# Demo',
        '',
        'See [the guide](docs/guide.md), [a section](docs/guide.md#usage) and',
        '[a missing one](docs/guide.md#nowhere), [no file](docs/missing.md),',
        '![a picture](docs/missing.png) and [here](#demo).',
        '',
        '```md',
        '[inside code](docs/ignored.md)',
        '```',
        '',
        'Not a link: `[x](docs/also-ignored.md)`; [a site](https://example.org/x.md).',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'docs', 'guide.md'),
      '# Guide\n\n## Usage\n\nBack to [the top](../README.md#demo), [a\nwrapped link](#gone).\n',
    );
    const run = runChecker(dir);
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(run.stdout.trim().split('\n'), [
      'README.md:4: docs/guide.md#nowhere',
      'README.md:4: docs/missing.md',
      'README.md:5: docs/missing.png',
      'docs/guide.md:6: #gone',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The `$ build/clustereval …` commands of the manual's console blocks, with what they print;
 * a block cut short (a line of "…" or "...") is not compared. */
function consoleExamples() {
  const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  const examples = [];
  for (const file of files) {
    const blocks = readFileSync(join(root, file), 'utf8').matchAll(/^```console\n([^]*?)^```$/gm);
    for (const [, block] of blocks) {
      const [command, ...printed] = block.split('\n').slice(0, -1);
      const cut = printed.some((line) => /^(\.\.\.|…)$/.test(line.trim()) || line.endsWith('…'));
      if (command.startsWith('$ build/clustereval ') && !cut) examples.push({ file, command: command.slice(2), printed });
    }
  }
  return examples;
}

test("the command line's examples in the manual print what the manual shows", () => {
  const examples = consoleExamples();
  assert.ok(examples.length >= 2, 'the README and docs/cli.md show one each');
  for (const { file, command, printed } of examples) {
    const [cli, ...args] = command.split(' ');
    const run = spawnSync(join(root, cli), args, { cwd: root, encoding: 'utf8' });
    assert.equal(run.status, 0, `${file}: ${command}\n${run.stderr}`);
    assert.deepEqual(run.stdout.trimEnd().split('\n'), printed, `${file}: ${command}`);
  }
});
