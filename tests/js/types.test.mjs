// The worker protocol (wasm/protocol.js) is one typed description, and tsc holds the page's
// client, the worker, the binding and the fixture worker to it (tsconfig.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './load-core.mjs';

const TSC = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** tsconfig.json without its comments. */
const readConfig = () =>
  JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));

const tsc = (args) => spawnSync(process.execPath, [TSC, ...args], { cwd: root, encoding: 'utf8' });

test('tsc finds no type error in the worker protocol and the code that speaks it', () => {
  const run = tsc(['-p', 'tsconfig.json']);
  assert.equal(run.status, 0, `tsc -p tsconfig.json:\n${run.stdout}${run.stderr}`);
});

test('tsc rejects a message the protocol does not describe', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clustereval-types-'));
  try {
    const protocol = join(root, 'wasm', 'protocol.js');
    writeFileSync(
      join(dir, 'bad.js'),
      [
        `/** @typedef {import(${JSON.stringify(protocol)}).WorkerMessage} WorkerMessage */`,
        '/** @type {WorkerMessage} a progress message without its phase */',
        "export const progress = { id: 1, type: 'progress', data: { done: 1, total: 2 } };",
        '/** @type {WorkerMessage} a reply of a type that does not exist */',
        "export const reply = { id: 1, type: 'answer', data: {} };",
        '',
      ].join('\n'),
    );
    // The repository's settings, less the page's ambient types.
    const options = { ...readConfig().compilerOptions, types: [] };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['bad.js'] }));
    const run = tsc(['-p', join(dir, 'tsconfig.json')]);
    assert.notEqual(run.status, 0);
    assert.match(run.stdout, /bad\.js\(3,\d+\): error TS2322/);
    assert.match(run.stdout, /bad\.js\(5,.*"answer"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
