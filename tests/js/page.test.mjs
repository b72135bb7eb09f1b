// A saved page's data (web/src/page/payload.js) read back as written, and the check of
// reported numbers through the binding, cell for cell the command line's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import {
  base64Encoder,
  encodePage,
  manifestParts,
  MANIFEST_GLOBAL,
  pageOpening,
  writePayload,
} from '../../web/src/page/payload.js';
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

test('base64 written chunk by chunk is the base64 of the chunks joined, at every cut', () => {
  const bytes = new Uint8Array(randomBytes(200));
  for (const cut of [1, 2, 3, 4, 7, 64, 199]) {
    const encoder = base64Encoder();
    let out = '';
    for (let i = 0; i < bytes.length; i += cut) out += encoder.push(bytes.subarray(i, i + cut));
    out += encoder.end();
    assert.equal(out, Buffer.from(bytes).toString('base64'), `chunks of ${cut}`);
  }
});

test("a payload is written a piece at a time: no piece holds a file's base64, and the input read is counted", async () => {
  // 3 MB that gzip cannot shrink: its base64 is 4 MB, far more than any one piece may hold.
  const bytes = randomBytes(3e6);
  const pieces = [];
  let read = 0;
  const stored = await writePayload(
    { files: [{ role: 'gold', name: 'g.tsv', blob: new Blob([bytes]) }] },
    (text) => pieces.push(text),
    (n) => (read += n),
  );
  assert.equal(read, bytes.length);
  const longest = Math.max(...pieces.map((p) => p.length));
  assert.ok(longest < 1e6, `a piece of ${longest} characters`);
  const payload = JSON.parse(pieces.join(''));
  const packed = Buffer.from(payload.files[0].gzip, 'base64');
  assert.equal(packed.length, stored);
  assert.deepEqual(gunzipSync(packed), bytes);
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
