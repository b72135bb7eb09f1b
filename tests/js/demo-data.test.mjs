// The demos the build ships (public/demos.json): each one's files are there, the SemEval-2013
// keys are the test data's byte for byte, and demo.js's list of demos reads back as the page
// reads it, picking a demo by the link's query.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { chosenDemo, demoLink, demoScript, demosDeclaration, offeredDemos } from '../../web/src/page/demos.js';
import { root } from './load-core.mjs';

const DEMOS = JSON.parse(readFileSync(`${root}public/demos.json`, 'utf8'));

test('every demo of public/demos.json names a manifest whose files are beside it', () => {
  assert.deepEqual(DEMOS.map((d) => d.id), ['brown', 'semeval2013', 'tde', 'coref']);
  for (const demo of DEMOS) {
    const manifest = `${root}public/${demo.manifest}`;
    const spec = JSON.parse(readFileSync(manifest, 'utf8'));
    const dir = manifest.slice(0, manifest.lastIndexOf('/') + 1);
    const files = [spec.gold, ...spec.systems, ...(spec.phones ? [spec.phones] : [])];
    for (const file of files) assert.ok(existsSync(`${dir}${file}`), `${demo.id}: ${file}`);
    assert.ok(existsSync(`${dir}README.md`) || demo.id === 'brown', `${demo.id} says where its data come from`);
  }
});

test("the SemEval-2013 demo's keys are the test data's, byte for byte", () => {
  const copies = {
    'semeval2013-all.key': 'gold/all.key',
    'AI-KU-base.key': 'systems/y-22-cluster-test.key',
    'Unimelb-50k.key': 'systems/hdp-wsi-sample-50k.key',
    'UoS-top-3.key': 'systems/UoS.DEPENDENCYPARSED.MAXMAX.ALLCLUSTERS.key',
    'baseline-MFS.key': 'baselines/mfs.wn.key',
    'baseline-random-2-senses.key': 'baselines/random.2-senses.induced.key',
  };
  const spec = JSON.parse(readFileSync(`${root}public/demo-semeval2013/demo.json`, 'utf8'));
  assert.deepEqual([spec.gold, ...spec.systems].sort(), Object.keys(copies).sort());
  for (const [copy, original] of Object.entries(copies)) {
    const a = readFileSync(`${root}public/demo-semeval2013/${copy}`);
    const b = readFileSync(`${root}tests/data/wsi/semeval2013/${original}`);
    assert.ok(a.equals(b), `${copy} differs from ${original}`);
  }
});

test("the coreference demo's files are the test data's, byte for byte", () => {
  const spec = JSON.parse(readFileSync(`${root}public/demo-coref/demo.json`, 'utf8'));
  for (const file of [spec.gold, ...spec.systems]) {
    const a = readFileSync(`${root}public/demo-coref/${file}`);
    assert.ok(a.equals(readFileSync(`${root}tests/data/coref/${file}`)), `${file} differs from the test data's`);
  }
});

test("demo.js's list of demos reads back; the link's query picks one, else the first", () => {
  const scope = {};
  runInNewContext(demosDeclaration(DEMOS), { globalThis: scope });
  // Plain objects of this realm: the script ran in another.
  const demos = JSON.parse(JSON.stringify(offeredDemos(scope)));
  assert.deepEqual(demos, [
    { id: 'brown', label: DEMOS[0].label, script: null },
    { id: 'semeval2013', label: DEMOS[1].label, script: demoScript('semeval2013') },
    { id: 'tde', label: DEMOS[2].label, script: demoScript('tde') },
    { id: 'coref', label: DEMOS[3].label, script: demoScript('coref') },
  ]);
  assert.equal(demoScript('semeval2013'), 'demo-semeval2013.js');
  assert.equal(chosenDemo(demos, '?demo=semeval2013').id, 'semeval2013');
  assert.equal(chosenDemo(demos, '').id, 'brown');
  assert.equal(chosenDemo(demos, '?demo=nope').id, 'brown');
  assert.equal(chosenDemo([], '?demo=semeval2013'), null);
  assert.equal(demoLink(demos[1]), '?demo=semeval2013');
  // A list that points a demo at another script, or names it oddly, offers nothing of it.
  const odd = { clusterevalDemos: [{ id: 'x', label: 'X', script: 'https://example.org/x.js' }, { id: '../y', label: 'Y', script: null }] };
  assert.deepEqual(offeredDemos(odd), []);
  assert.deepEqual(offeredDemos({}), []);
});
