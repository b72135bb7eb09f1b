// Saving what the page made (tables, pictures) as files, and copying text: no request leaves
// the page; the file is made from an object URL of a Blob.

import { svgFile } from './figures.js';

/** Offers `blob` as a download named `name`. */
export function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Let the download start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Copies text to the clipboard; resolves true when it went there. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (or an insecure context): the older way, through a selection.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** A file name stem from a gold file name: "brown-gold.tsv" → "brown-gold". */
export function stem(name) {
  return (
    String(name ?? 'clustereval')
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w.-]+/g, '_') || 'clustereval'
  );
}

/** The SVG text drawn onto a canvas at `scale` times its size: a PNG Blob. */
export function svgToPng(svg, scale) {
  const [, w, h] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg).map(Number);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(new Blob([svgFile(svg)], { type: 'image/svg+xml' }));
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      URL.revokeObjectURL(url);
      canvas.toBlob(resolve, 'image/png');
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    img.src = url;
  });
}
