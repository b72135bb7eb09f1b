#!/usr/bin/env node
// Writes demo.js, the manifest a static site serves beside index.html, from a demo.json that
// names files beside it:
//
//   {"title": "…", "caption": "…", "options": "log2=1", "gold": "gold.tsv",
//    "systems": ["a.tsv", "b.tsv"], "formats": {"a.tsv": "tagged"}, "reported": "table2.tex",
//    "phones": "phones.phn"}
//
// ("phones": the phone alignment of a spoken-term-discovery demo, SPEC §3.8.)
//
//   node scripts/manifest.mjs DEMO_JSON OUT_JS
//
// The page may not fetch (its Content-Security-Policy forbids every connection), so the files
// travel inside demo.js, compressed, as a saved page carries them (web/src/page/payload.js).
// `clustereval --save-page demo.js GOLD SYSTEM...` writes the same file from the command line.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodePage, manifestParts } from '../web/src/page/payload.js';

/** The manifest's text for demo.json at `path`. */
export async function manifestText(path) {
  const dir = dirname(resolve(path));
  const spec = JSON.parse(readFileSync(path, 'utf8'));
  const file = (role, name) => ({
    role,
    name: basename(name),
    format: spec.formats?.[name] ?? 'auto',
    blob: new Blob([readFileSync(join(dir, name))]),
  });
  if (!spec.gold || !Array.isArray(spec.systems)) throw new Error(`${path}: needs "gold" and "systems"`);
  const reported = spec.reported
    ? { name: basename(spec.reported), text: readFileSync(join(dir, spec.reported), 'utf8') }
    : null;
  const { parts } = await encodePage({
    title: spec.title ?? '',
    caption: spec.caption ?? '',
    options: String(spec.options ?? '').replace(/^#/, ''),
    reported,
    files: [
      file('gold', spec.gold),
      ...spec.systems.map((s) => file('system', s)),
      ...(spec.phones ? [{ ...file('phones', spec.phones), format: 'tde-words' }] : []),
    ],
  });
  return manifestParts(parts).join('');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) {
    console.error('usage: node scripts/manifest.mjs DEMO_JSON OUT_JS');
    process.exit(1);
  }
  writeFileSync(output, await manifestText(input));
}
