// Writes a tagged corpus pair of a shape that the type level once took minutes on, for
// bench/shapes_bench.sh (random labels come from bench/gen_labels.c):
//   one-token  every token its own word type and its own gold class; clusters of the tokens
//              drawn uniformly from 0.6·TOKENS (entities or senses: all classes alike)
//   real       a Zipfian vocabulary of 10^5 types (exponent 1.05), each type drawing its gold
//              classes once (1 + geometric(0.55), at most 6), each token one of its type's
//              classes; the system sends a class to its own cluster 85% of the time, to one
//              confusable neighbour cluster 14.5%, uniformly 0.5%
//   node bench/gen_shapes.mjs one-token|real GOLD_OUT SYSTEM_OUT TOKENS [CLASSES CLUSTERS]
// Deterministic: a fixed generator, the same files for the same arguments. A blank line ends
// a sentence every 20 tokens.
import { createWriteStream } from 'node:fs';

const [shape, goldPath, systemPath, tokensText, classesText = '7100', clustersText = '8700'] =
  process.argv.slice(2);
if (!['one-token', 'real'].includes(shape) || !systemPath || !Number(tokensText)) {
  console.error('usage: gen_shapes.mjs one-token|real GOLD_OUT SYSTEM_OUT TOKENS [CLASSES CLUSTERS]');
  process.exit(1);
}
const tokens = Number(tokensText);
const classes = Number(classesText);
const clusters = Number(clustersText);

let state = 0x2545f491n;
/** A uniform draw in [0, 1), from a 64-bit linear congruential generator's high bits. */
const unit = () => {
  state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
  return Number(state >> 11n) / 2 ** 53;
};
const below = (n) => Math.floor(unit() * n);

/** The tokens, as [word, class, cluster], one at a time. */
function* oneToken() {
  const spread = Math.max(1, Math.floor(0.6 * tokens));
  for (let t = 0; t < tokens; t++) yield [`w${t}`, `c${t}`, `k${below(spread)}`];
}

function* realShaped() {
  const types = 100_000;
  const cdf = new Float64Array(types);
  let total = 0;
  for (let r = 0; r < types; r++) cdf[r] = total += 1 / (r + 1) ** 1.05;
  const own = new Map();
  const neighbour = Int32Array.from({ length: classes }, () => below(clusters));
  for (let t = 0; t < tokens; t++) {
    const u = unit() * total;
    let lo = 0;
    let hi = types - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    if (!own.has(lo)) {
      const drawn = [below(classes)];
      while (drawn.length < 6 && unit() >= 0.55) drawn.push(below(classes));
      own.set(lo, drawn);
    }
    const drawn = own.get(lo);
    const c = drawn[below(drawn.length)];
    const v = unit();
    const k = v < 0.85 ? c % clusters : v < 0.995 ? neighbour[c] : below(clusters);
    yield [`w${lo}`, `C${c}`, `K${k}`];
  }
}

const gold = createWriteStream(goldPath);
const system = createWriteStream(systemPath);
let t = 0;
let goldText = '';
let systemText = '';
for (const [word, cls, cluster] of shape === 'one-token' ? oneToken() : realShaped()) {
  const end = ++t % 20 === 0 ? '\n' : '';
  goldText += `${word}\t${cls}\n${end}`;
  systemText += `${word}\t${cluster}\n${end}`;
  if (goldText.length > 1 << 20) {
    gold.write(goldText);
    system.write(systemText);
    goldText = systemText = '';
  }
}
gold.end(goldText);
system.end(systemText);
