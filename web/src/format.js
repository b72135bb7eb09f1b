// Small display helpers shared by the views. None of them computes a measure.

/** A byte count for people: "812 B", "14.2 kB", "3.1 MB". */
export function formatBytes(n) {
  if (!Number.isFinite(n)) return '';
  if (n < 1000) return `${n} B`;
  const units = ['kB', 'MB', 'GB'];
  let v = n;
  let i = -1;
  do {
    v /= 1000;
    i += 1;
  } while (v >= 1000 && i < units.length - 1);
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

/** An integer with thin grouping: 1,161,192. */
export function formatCount(n) {
  return Number.isFinite(n) ? n.toLocaleString('en-US') : '–';
}

/** A measure value as shown in the table: four decimals. */
export function formatValue(v) {
  return v.toFixed(4);
}

/**
 * The text of an input error as the core wrote it. The core's message already names
 * file:line; when a message lacks the file name, it is put in front so that every
 * error says where it is.
 */
export function errorText(err) {
  if (!err) return '';
  const message = String(err.message ?? err);
  if (!err.file || message.includes(err.file)) return message;
  const where = err.line ? `${err.file}:${err.line}` : err.file;
  return `${where}: ${message}`;
}
