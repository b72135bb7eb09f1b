#!/usr/bin/env node
// Checks the links of the manual: every relative link and image in README.md and docs/*.md
// names a file (or folder) that exists, and every #anchor, within a file or as file.md#anchor,
// names a heading of that file as GitHub makes its anchors. A reader who follows a link from
// the README should never land on nothing.
//
//   node scripts/check_docs.mjs [ROOT]
//
// ROOT is the repository (default: the one holding this script). Prints each broken link as
// `file:line: target` and exits 1 if there is one; exits 0 otherwise. Node 20, no packages.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * GitHub's anchor for a heading's text (as github-slugger makes it): lower case, every
 * character that is not a letter, mark, digit, connector (`_`), `-` or space dropped, each
 * space a `-`. Repeats are told apart by `anchors`.
 */
export function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** `text` with the characters from `start` to `end` made spaces, line ends kept. */
function blank(text, start, end) {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
}

/**
 * The text with fenced code blocks and HTML comments blanked, line ends kept so that offsets
 * still give line numbers: a link or a heading inside them is an example, not a link.
 */
function withoutBlocks(text) {
  const lines = text.split('\n');
  let fence = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) fence = null;
      lines[i] = line.replace(/./g, ' ');
      continue;
    }
    const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    // A backtick fence's info string holds no backtick (else the line is inline code).
    if (open && !(open[1][0] === '`' && open[2].includes('`'))) {
      fence = open[1];
      lines[i] = line.replace(/./g, ' ');
    }
  }
  return lines.join('\n').replace(/<!--[^]*?-->/g, (c) => c.replace(/[^\n]/g, ' '));
}

/** The text with code blocks, HTML comments and inline code spans blanked. */
export function prose(text) {
  let out = withoutBlocks(text);
  // A code span opens with a run of backticks and closes with a run of the same length,
  // within its paragraph: a backtick with no partner before a blank line is a backtick.
  for (let i = 0; ; ) {
    const open = /`+/g;
    open.lastIndex = i;
    const o = open.exec(out);
    if (!o) break;
    const run = o[0];
    const close = new RegExp(`(?<!\`)${run}(?!\`)`, 'g');
    close.lastIndex = o.index + run.length;
    const c = close.exec(out);
    if (!c || /\n[ \t]*\n/.test(out.slice(o.index, c.index))) {
      i = o.index + run.length;
      continue;
    }
    out = blank(out, o.index, c.index + run.length);
    i = c.index + run.length;
  }
  return out;
}

/** The text a heading shows, from which GitHub takes its anchor: markup gone, code kept. */
function headingText(raw) {
  return raw
    .split(/(`+[^`]*`+)/)
    .map((part, i) => {
      if (i % 2 === 1) return part.replace(/^`+|`+$/g, '');
      return part
        .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/<[^>]+>/g, '')
        .replace(/\\([!-/:-@[-`{-~])/g, '$1')
        .replace(/[*~]/g, '')
        .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1');
    })
    .join('')
    .trim();
}

/**
 * The anchors a Markdown file offers: its headings' slugs (ATX and setext; a repeated slug
 * gets -1, -2, … as on GitHub) and the id or name of any HTML element.
 */
export function anchors(text) {
  const found = new Set();
  const seen = new Map();
  const add = (base) => {
    let name = base;
    if (seen.has(base)) {
      let n = seen.get(base);
      do name = `${base}-${++n}`;
      while (seen.has(name));
      seen.set(base, n);
    }
    seen.set(name, 0);
    found.add(name);
  };
  const lines = withoutBlocks(text).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const atx = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) {
      add(slug(headingText(atx[2] ?? '')));
      continue;
    }
    const next = lines[i + 1];
    const underlined = next !== undefined && /^ {0,3}(=+|-+)[ \t]*$/.test(next);
    const paragraph =
      line.trim() !== '' && !/^ {0,3}([-*+]|\d+[.)]|>)[ \t]/.test(line) && !line.includes('|');
    if (underlined && paragraph) {
      add(slug(headingText(line.trim())));
      i++;
    }
  }
  for (const m of text.matchAll(/<[a-z][^>]*\s(?:id|name)\s*=\s*["']([^"']+)["']/gi)) {
    found.add(m[1]);
  }
  return found;
}

// An inline link or image: [text](target "title"), the text possibly over several lines and
// holding one level of brackets, the target possibly in <> or holding balanced parentheses.
const INLINE_LINK = new RegExp(
  String.raw`!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\([ \t]*(<[^>\n]*>|(?:[^\s()]|\([^\s()]*\))+)` +
    String.raw`(?:[ \t\n]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*\)`,
  'g',
);
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm;
const HTML_LINK = /<(?:img|a|source)\b[^>]*?\s(?:src|href)\s*=\s*["']([^"']+)["']/gi;

/**
 * Every link target of a Markdown text with its 1-based line: inline links and images,
 * reference definitions, and the src or href of HTML tags.
 */
export function links(text) {
  const body = prose(text);
  const lineAt = (offset) => body.slice(0, offset).split('\n').length;
  const unbracket = (target) => target.replace(/^<|>$/g, '');
  const out = [];
  for (const m of body.matchAll(INLINE_LINK)) {
    out.push({ target: unbracket(m[1]), line: lineAt(m.index + m[0].lastIndexOf(m[1])) });
  }
  for (const m of body.matchAll(REFERENCE_DEFINITION)) {
    out.push({ target: unbracket(m[1]), line: lineAt(m.index) });
  }
  for (const m of body.matchAll(HTML_LINK)) out.push({ target: m[1], line: lineAt(m.index) });
  return out.sort((a, b) => a.line - b.line);
}

const decode = (s) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The broken links of `files` (paths relative to `root`), each {file, line, target}. */
export function check(root, files) {
  const cache = new Map();
  const anchorsOf = (path) => {
    if (!cache.has(path)) cache.set(path, anchors(readFileSync(path, 'utf8')));
    return cache.get(path);
  };
  const broken = [];
  for (const file of files) {
    const path = join(root, file);
    for (const { target, line } of links(readFileSync(path, 'utf8'))) {
      // Other sites and mail addresses are not the manual's to check.
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const hash = target.indexOf('#');
      const to = decode(hash < 0 ? target : target.slice(0, hash));
      const anchor = hash < 0 ? '' : decode(target.slice(hash + 1));
      const base = to.startsWith('/') ? root : dirname(path);
      const dest = to === '' ? path : join(base, to);
      let ok = existsSync(dest);
      if (ok && anchor !== '' && /\.md$/i.test(dest) && statSync(dest).isFile()) {
        ok = anchorsOf(dest).has(anchor);
      }
      if (!ok) broken.push({ file, line, target });
    }
  }
  return broken;
}

/** README.md and every docs/*.md under `root`, relative to it. */
export function manualFiles(root) {
  const files = existsSync(join(root, 'README.md')) ? ['README.md'] : [];
  const docs = join(root, 'docs');
  if (existsSync(docs)) {
    for (const name of readdirSync(docs).sort()) {
      if (/\.md$/i.test(name) && statSync(join(docs, name)).isFile()) files.push(`docs/${name}`);
    }
  }
  return files;
}

function main() {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const files = manualFiles(root);
  const broken = check(root, files);
  for (const b of broken) console.log(`${b.file}:${b.line}: ${b.target}`);
  if (broken.length > 0) {
    console.error(`check_docs: ${broken.length} broken link(s) in ${files.length} files`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
