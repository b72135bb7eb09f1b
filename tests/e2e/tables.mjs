// Generated contingency tables for the figures' tests, benchmark and screenshots.

/**
 * A `counts` table (class<TAB>cluster<TAB>count lines) of n classes × n clusters: class c has
 * a home cluster c holding 100,000 / (c + 1) tokens and up to 11 more cells at random (seeded),
 * each a tenth of that at most.
 */
export function squareTable(n) {
  let x = 11; // mulberry32
  const rand = () => {
    x = (x + 0x6d2b79f5) | 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const lines = [];
  for (let c = 0; c < n; c++) {
    const size = Math.ceil(100000 / (c + 1));
    const seen = new Set();
    for (let j = 0; j < 12; j++) {
      const k = j === 0 ? c : Math.floor(rand() * n);
      if (seen.has(k)) continue;
      seen.add(k);
      lines.push(`class${c}\tk${k}\t${j === 0 ? size : 1 + Math.floor((rand() * size) / 10)}\n`);
    }
  }
  return lines.join('');
}

/**
 * The first line of a gold file that makes the test fixture worker answer with 100,000 classes
 * × 100,000 clusters in 10^6 sparse cells (tests/e2e/fixtures/contract-worker.js).
 */
export const HUGE_FIXTURE = '#fixture sparse=1000000 classes=100000 clusters=100000\n';
