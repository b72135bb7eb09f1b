// Save as page, off the page's thread: the inputs are compressed and base64-encoded here, as
// they are read, into Blobs, and the page gets one Blob back. The page's thread never holds
// a file's base64, so saving 250 MB leaves it free to draw (docs/page.md, "Share a page").
// Bundled inline with the app (save.js), so a saved page can save again from disk, offline.
//
//   in:  {type: 'save', data: {before, after, payload}}   (template.js pageParts, payload.js)
//   out: {type: 'progress', data: {done, total}}   input bytes read, about 20 a second
//        {type: 'done', data: {blob, stored}}      the page; the inputs' compressed size
//        {type: 'error', data: {message}}

import { writePayload } from './payload.js';

/** Text gathered before it goes into a Blob: a Blob of strings stores them as bytes, so the
 * worker holds at most this much text at once. */
const PIECE_CHARS = 4 << 20;
const PROGRESS_MS = 50;

/** A writer of text into Blobs: write(text), then blobs() gives them all. */
function blobWriter() {
  const blobs = [];
  let pending = [];
  let chars = 0;
  const flush = () => {
    if (pending.length) blobs.push(new Blob(pending));
    pending = [];
    chars = 0;
  };
  return {
    write(text) {
      pending.push(text);
      chars += text.length;
      if (chars >= PIECE_CHARS) flush();
    },
    blobs() {
      flush();
      return blobs;
    },
  };
}

/** Posts the bytes read so far at most every PROGRESS_MS, and always the last. */
function progressReporter(total) {
  let done = 0;
  let last = 0;
  return (n) => {
    done += n;
    const now = performance.now();
    if (now - last < PROGRESS_MS && done < total) return;
    last = now;
    self.postMessage({ type: 'progress', data: { done, total } });
  };
}

self.onmessage = async ({ data: message }) => {
  if (message?.type !== 'save') return;
  const { before, after, payload } = message.data;
  try {
    const total = payload.files.reduce((n, f) => n + f.blob.size, 0);
    const out = blobWriter();
    const stored = await writePayload(payload, out.write, progressReporter(total));
    const blob = new Blob([before, ...out.blobs(), after], { type: 'text/html;charset=utf-8' });
    self.postMessage({ type: 'done', data: { blob, stored } });
  } catch (error) {
    self.postMessage({ type: 'error', data: { message: error?.message ?? String(error) } });
  }
};
