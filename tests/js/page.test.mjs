// A saved page's data (web/src/page/payload.js) read back as written, and the check of
// reported numbers through the binding, cell for cell the command line's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { encodePage, manifestParts, MANIFEST_GLOBAL, pageOpening } from '../../web/src/page/payload.js';
import { DATA_CLOSE, DATA_OPEN, pageParts, unsafeInline } from '../../web/src/page/template.js';
import { loadCore, input, root } from './load-core.mjs';

const text = (s) => new Blob([s]);

test('a payload reads back as written, and nothing in it can end its element', async () => {
  const files = [
    { role: 'gold', name: 'g.tsv', format: 'tagged', column: '2', depth: '', blob: text('a\tX\n</script>\tY\n') },
    { role: 'system', name: 's.tsv', blob: text('a\t1\n<!--\t2\n') },
    { role: 'gold-map', name: 'm.tsv', blob: text('X\tNOUN\n') },
  ];
  const { parts } = await encodePage({
    title: 'T </script>',
    caption: 'C',
    options: 'log2=1',
    reported: { name: 'r.tex', text: 'a & 1 \\\\ </script>', assign: { hmm: 's.tsv' } },
    files,
  });
  const json = parts.join('');
  assert.equal(unsafeInline(json, 'script'), null);
  const [before, after] = pageParts({ csp: "default-src 'none'", css: 'p{}', app: 'void 0' });
  const html = before + json + after;
  const start = html.indexOf(DATA_OPEN) + DATA_OPEN.length;
  const payload = JSON.parse(html.slice(start, html.indexOf(DATA_CLOSE, start)));
  const opening = pageOpening(payload);
  assert.equal(opening.title, 'T </script>');
  assert.equal(opening.options, 'log2=1');
  assert.deepEqual(opening.reported, { name: 'r.tex', text: 'a & 1 \\\\ </script>', assign: { hmm: 's.tsv' } });
  const loaded = await opening.load();
  assert.equal(await loaded.gold.blob.text(), 'a\tX\n</script>\tY\n');
  assert.deepEqual([loaded.gold.format, loaded.gold.column], ['tagged', 2]);
  assert.equal(await loaded.systems[0].blob.text(), 'a\t1\n<!--\t2\n');
  assert.equal(await loaded.maps.gold.blob.text(), 'X\tNOUN\n');
  assert.equal(loaded.maps.induced, null);
  // demo.js is the same object as a script.
  const context = {};
  vm.runInNewContext(manifestParts(parts).join(''), { globalThis: context });
  assert.deepEqual(JSON.parse(JSON.stringify(context[MANIFEST_GLOBAL])), payload);
});

test("the check through the binding gives the command line's cells", async () => {
  const core = await loadCore();
  const files = ['brown-gold.tsv', 'brown-c50.tsv', 'brown-c50-d3.tsv'].map((f) => `public/demo/${f}`);
  const [gold, ...systems] = files.map((f) => input(f));
  core.evaluate({ gold, systems });
  for (const name of ['wrong.tex', 'fraction.md', 'long.tsv']) {
    const path = `${root}tests/data/check/${name}`;
    const cells = core.check({ name, text: readFileSync(path, 'utf8') });
    let out;
    try {
      out = execFileSync(`${root}build/clustereval`, ['--format', 'json', '--check', path, ...files], { cwd: root, encoding: 'utf8' });
    } catch (err) {
      assert.equal(err.status, 4);
      out = err.stdout;
    }
    const cli = JSON.parse(out).check.map((c) => ({ ...c, system: c.system }));
    assert.deepEqual(cells, cli, name);
  }
  // A reported row read as a file.
  const cells = core.check({ name: 'wrong.tex', text: readFileSync(`${root}tests/data/check/wrong.tex`, 'utf8'), assign: { hmm45: 0 } });
  assert.deepEqual(
    cells.filter((c) => c.system === 'hmm45').map((c) => c.row),
    [0, 0, 0, 0],
  );
  assert.throws(() => core.check({ name: 'empty', text: 'nothing' }), /empty: no reported number found/);
});
