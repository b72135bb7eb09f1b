// What a saved page (or a site's demo.js) carries: its inputs, compressed with the browser's
// own CompressionStream and written as base64, the options as the link's fragment holds them,
// a title, a caption and the reported numbers to check. One JSON object, version 1:
//
//   {"clustereval_page": 1, "title": "…", "caption": "…", "options": "log2=1&beta=3",
//    "reported": {"name": "table2.tex", "text": "…", "assign": {"hmm45": "hmm45.tsv"}} | null,
//    "files": [{"role": "gold" | "system" | "phones" | "gold-map" | "induced-map",
//               "name": "gold.tsv",
//               "format": "auto", "column": 0, "depth": 0, "size": 45213,
//               "gzip": "H4sI…" (or "text": "…", for a manifest written by hand)}]}
//
// A saved page holds it in <script type="application/json" id="clustereval-page">; demo.js
// is `globalThis.clusterevalPage = {…};`. Every '<' is written as \u003c, so the object can
// never end the element that holds it. The command line writes the same object
// (cli/main.c, --save-page). Runs in the browser and in Node.

import { DATA_ID } from './template.js';

export const PAGE_VERSION = 1;
export const MANIFEST_GLOBAL = 'clusterevalPage';
export const ROLES = ['gold', 'system', 'phones', 'gold-map', 'induced-map'];

/** @param {Uint8Array} bytes */
export function toBase64(bytes) {
  // @ts-ignore: toBase64 is newer than the DOM types
  if (typeof bytes.toBase64 === 'function') return bytes.toBase64();
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x6000) {
    out += btoa(String.fromCharCode.apply(null, bytes.subarray(i, i + 0x6000)));
  }
  return out;
}

/** @param {string} text */
export function fromBase64(text) {
  // @ts-ignore: fromBase64 is newer than the DOM types
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const through = async (blob, stream) =>
  new Uint8Array(await new Response(blob.stream().pipeThrough(stream)).arrayBuffer());

/** gzip of a Blob's bytes, by the platform's CompressionStream. */
export const gzip = (blob) => through(blob, new CompressionStream('gzip'));

/** The bytes a gzip member holds, as a Blob. */
export async function gunzip(bytes) {
  return new Blob([await through(new Blob([bytes]), new DecompressionStream('gzip'))]);
}

/** JSON that no '<' can end a <script> element with. */
export const safeJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Base64 of bytes that come in chunks, written as they come: push(chunk) gives the base64 of
 * every whole 3-byte group so far (the rest waits for the next chunk), end() the last bytes,
 * padded. The pieces joined are the base64 of the chunks joined, so that no string ever holds
 * a whole file's base64.
 */
export function base64Encoder() {
  let carry = new Uint8Array(0);
  return {
    /** @param {Uint8Array} chunk */
    push(chunk) {
      const bytes = carry.length ? new Uint8Array(carry.length + chunk.length) : chunk;
      if (carry.length) {
        bytes.set(carry);
        bytes.set(chunk, carry.length);
      }
      const whole = bytes.length - (bytes.length % 3);
      carry = bytes.slice(whole);
      return toBase64(bytes.subarray(0, whole));
    },
    end() {
      const rest = toBase64(carry);
      carry = new Uint8Array(0);
      return rest;
    },
  };
}

/**
 * A Blob's bytes gzipped, chunk by chunk: calls `onCompressed(chunk)` for each compressed
 * chunk and `onRead(n)` for each n input bytes read. Resolves the compressed size.
 */
async function gzipChunks(blob, onCompressed, onRead) {
  const counted = new TransformStream({
    transform(chunk, controller) {
      onRead(chunk.length);
      controller.enqueue(chunk);
    },
  });
  const reader = blob.stream().pipeThrough(counted).pipeThrough(new CompressionStream('gzip')).getReader();
  let stored = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return stored;
    stored += value.length;
    await onCompressed(value);
  }
}

/**
 * Writes the payload as JSON text, a piece at a time, to `write(text)` (which may return a
 * promise to wait for): each file is compressed and base64-encoded as it is read, so that
 * neither a file's bytes nor its base64 are ever whole in one string or array. `files` are
 * {role, name, format, column, depth, blob}; `onRead(n)` hears each n input bytes read.
 * Resolves the compressed size of the files.
 */
export async function writePayload(
  { title = '', caption = '', options = '', reported = null, files },
  write,
  onRead = () => {},
) {
  const head = {
    clustereval_page: PAGE_VERSION,
    title,
    caption,
    options,
    reported: reported && reported.text ? { name: reported.name ?? '', text: reported.text, assign: reported.assign ?? {} } : null,
  };
  await write(`${safeJson(head).slice(0, -1)},"files":[`);
  let stored = 0;
  for (const [i, f] of files.entries()) {
    const meta = {
      role: f.role,
      name: f.name,
      format: f.format || 'auto',
      column: Number(f.column) || 0,
      depth: Number(f.depth) || 0,
      size: f.blob.size,
    };
    await write(`${i ? ',' : ''}${safeJson(meta).slice(0, -1)},"gzip":"`);
    const base64 = base64Encoder();
    stored += await gzipChunks(f.blob, (chunk) => write(base64.push(chunk)), onRead);
    await write(`${base64.end()}"}`);
  }
  await write(']}');
  return stored;
}

/**
 * The payload as JSON text in parts, for what writes it whole (scripts/manifest.mjs, the
 * tests). Resolves {parts, stored}.
 */
export async function encodePage(payload) {
  const parts = [];
  const stored = await writePayload(payload, (text) => {
    parts.push(text);
  });
  return { parts, stored };
}

/** The payload as demo.js, the manifest a static site serves beside index.html. */
export const manifestParts = (parts) => [`globalThis.${MANIFEST_GLOBAL} = `, ...parts, ';\n'];

/**
 * The payload this page was opened with: its own data slot (a saved page), else the manifest
 * a site's demo.js set; null when there is none. Throws when the data cannot be read.
 */
export function embeddedPayload(doc = document) {
  const slot = doc.getElementById(DATA_ID);
  const text = slot?.textContent?.trim();
  if (text) return JSON.parse(text);
  const manifest = /** @type {any} */ (globalThis)[MANIFEST_GLOBAL];
  return manifest && typeof manifest === 'object' ? manifest : null;
}

/**
 * The payload's files as Blobs: [{role, name, format, column, depth, blob}]. A file of an
 * unknown role, or a payload of a later version, is an error that says so.
 */
export async function decodeFiles(payload) {
  if (!payload || payload.clustereval_page !== PAGE_VERSION)
    throw new Error(`this page's data is of version ${payload?.clustereval_page}, not ${PAGE_VERSION}`);
  const out = [];
  for (const f of payload.files ?? []) {
    if (!ROLES.includes(f.role)) throw new Error(`a file of unknown role '${f.role}' (${f.name})`);
    const blob = typeof f.gzip === 'string' ? await gunzip(fromBase64(f.gzip)) : new Blob([String(f.text ?? '')]);
    out.push({ role: f.role, name: String(f.name), format: f.format || 'auto', column: f.column || 0, depth: f.depth || 0, blob });
  }
  return out;
}

/**
 * What the page opens with, from a payload: {title, caption, options, reported, load()}, where
 * load() resolves the files, {gold, systems, phones, maps: {gold, induced}}, each
 * {role, name, format, column, depth, blob} (phones, the phone alignment of a tde run, and
 * the maps null when absent).
 */
export function pageOpening(payload) {
  const text = (v) => (typeof v === 'string' ? v : '');
  const reported = payload.reported && typeof payload.reported.text === 'string' ? payload.reported : null;
  return {
    title: text(payload.title),
    caption: text(payload.caption),
    options: text(payload.options).replace(/^#/, ''),
    reported: reported && { name: text(reported.name), text: reported.text, assign: { ...(reported.assign ?? {}) } },
    async load() {
      const files = await decodeFiles(payload);
      const gold = files.find((f) => f.role === 'gold');
      if (!gold) throw new Error("this page's data has no gold file");
      return {
        gold,
        systems: files.filter((f) => f.role === 'system'),
        phones: files.find((f) => f.role === 'phones') ?? null,
        maps: {
          gold: files.find((f) => f.role === 'gold-map') ?? null,
          induced: files.find((f) => f.role === 'induced-map') ?? null,
        },
      };
    },
  };
}
