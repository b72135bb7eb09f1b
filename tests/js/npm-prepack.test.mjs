// npm pack refuses a package without its core: npm/lib/ is built by `make npm`, never
// committed, so a clean checkout has none, and its prepack script (npm/scripts/check-built.mjs,
// not shipped) stops the pack with the command to run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './load-core.mjs';

const npmDir = join(root, 'npm');
const tmp = mkdtempSync(join(tmpdir(), 'clustereval-npm-prepack-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const run = (command, args, cwd) => spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 60_000 });
const RUN_MAKE = "run 'make npm' from the repository root";

/** A copy of npm/ as a clean checkout has it (no lib/, no tarballs), in `repo`/npm. */
const cleanCopy = (repo) => {
  const dir = join(repo, 'npm');
  cpSync(npmDir, dir, { recursive: true, filter: (path) => !/[/\\](lib|node_modules)$|\.tgz$/.test(path) });
  assert.ok(!existsSync(join(dir, 'lib')));
  return dir;
};

test('package.json runs the check before every pack, and the check is not shipped', () => {
  const manifest = JSON.parse(readFileSync(join(npmDir, 'package.json'), 'utf8'));
  assert.equal(manifest.scripts.prepack, 'node scripts/check-built.mjs');
  assert.ok(existsSync(join(npmDir, 'scripts', 'check-built.mjs')));
  assert.ok(manifest.files.every((file) => !file.startsWith('scripts')), manifest.files.join(', '));
});

test('npm pack of a copy without lib/ fails with the command to run, and makes no tarball', () => {
  const dir = cleanCopy(join(tmp, 'clean'));
  const check = run(process.execPath, ['scripts/check-built.mjs'], dir);
  assert.equal(check.status, 1);
  assert.match(check.stderr, /not packing: lib\/clustereval\.mjs, lib\/binding\.js, lib\/threads\/clustereval\.cjs.* are missing/);
  assert.ok(check.stderr.includes(RUN_MAKE), check.stderr);
  const out = join(tmp, 'out');
  mkdirSync(out);
  const pack = run('npm', ['pack', '--pack-destination', out], dir);
  assert.notEqual(pack.status, 0, pack.stdout);
  assert.ok(`${pack.stdout}${pack.stderr}`.includes(RUN_MAKE), pack.stderr);
  assert.deepEqual(readdirSync(out), []);
});

test('one missing file is enough; a lib/binding.js older than wasm/binding.js is refused too', () => {
  const repo = join(tmp, 'partial');
  const dir = cleanCopy(repo);
  cpSync(join(npmDir, 'lib'), join(dir, 'lib'), { recursive: true });
  assert.equal(run(process.execPath, ['scripts/check-built.mjs'], dir).status, 0);
  rmSync(join(dir, 'lib', 'threads', 'clustereval.cjs'));
  const partial = run(process.execPath, ['scripts/check-built.mjs'], dir);
  assert.equal(partial.status, 1);
  assert.match(partial.stderr, /not packing: lib\/threads\/clustereval\.cjs is missing; run 'make npm'/);
  cpSync(join(npmDir, 'lib', 'threads', 'clustereval.cjs'), join(dir, 'lib', 'threads', 'clustereval.cjs'));
  mkdirSync(join(repo, 'wasm'));
  writeFileSync(join(repo, 'wasm', 'binding.js'), `${readFileSync(join(dir, 'lib', 'binding.js'), 'utf8')}// edited\n`);
  const stale = run(process.execPath, ['scripts/check-built.mjs'], dir);
  assert.equal(stale.status, 1);
  assert.match(stale.stderr, /lib\/binding\.js differs from wasm\/binding\.js; run 'make npm'/);
});
