#!/usr/bin/python3
"""A generated spoken-term-discovery corpus (SPEC §3.8) shaped like a ZeroSpeech one: the word
alignment (tde-words), the phone alignment (--phones) and class files (tde-classes) of
systems that find words with their edges a little off.

Usage: gen_tde.py OUT_DIR [--files F] [--minutes M] [--fragments N] [--classes C]
                          [--systems S] [--seed X]

F recordings of M minutes each: utterances of 3 to 12 words with SIL between them, words of
2 to 7 phones (a lexicon of 5,000 drawn by a Zipf law, 40 phones, SIL and SPN), phones of
30 to 150 ms in steps of 1 ms (two decimals past the ms now and then, as forced aligners
write). Each system's N fragments fall into C classes whose sizes follow a Zipf law, the
largest holding thousands: a class is a word type, its fragments occurrences of the word,
each edge moved by up to 40 ms, one in five fragments anywhere instead (noise). Writes
words.wrd, phones.phn and system<k>.class into OUT_DIR; prints what it wrote.
"""
import argparse
import bisect
import os
import random

PHONES = [f"p{i}" for i in range(40)]


def zipf_weights(n, s=1.05):
    return [1.0 / (k + 1) ** s for k in range(n)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--files", type=int, default=60)
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--fragments", type=int, default=100000)
    ap.add_argument("--classes", type=int, default=10000)
    ap.add_argument("--systems", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    lexicon = [[rng.choice(PHONES) for _ in range(rng.randint(2, 7))] for _ in range(5000)]
    cum = []
    total = 0.0
    for w in zipf_weights(len(lexicon)):
        total += w
        cum.append(total)
    occurrences = {}  # word type -> [(file, onset, offset)]
    n_words = n_phones = 0
    with open(os.path.join(a.out, "words.wrd"), "w") as words, \
            open(os.path.join(a.out, "phones.phn"), "w") as phones:
        for f in range(a.files):
            name = f"s{f:03d}"
            t, end = 0, int(a.minutes * 60000)  # ms
            while t < end:
                d = rng.randint(150, 600)
                words.write(f"{name} {t / 1000:.3f} {(t + d) / 1000:.3f} SIL\n")
                phones.write(f"{name} {t / 1000:.3f} {(t + d) / 1000:.3f} SIL\n")
                t += d
                for _ in range(rng.randint(3, 12)):
                    w = bisect.bisect_left(cum, rng.random() * total)
                    start = t
                    for ph in lexicon[w]:
                        d = rng.randint(30, 150)
                        phones.write(f"{name} {t / 1000:.3f} {(t + d) / 1000:.3f} {ph}\n")
                        t += d
                        n_phones += 1
                    words.write(f"{name} {start / 1000:.3f} {t / 1000:.3f} w{w}\n")
                    occurrences.setdefault(w, []).append((name, start, t))
                    n_words += 1
    types = sorted(occurrences, key=lambda w: -len(occurrences[w]))
    for k in range(1, a.systems + 1):
        srng = random.Random(a.seed * 1000 + k)
        chosen = types[: a.classes]
        weights = zipf_weights(len(chosen), 0.9)
        scale = a.fragments / sum(weights)
        with open(os.path.join(a.out, f"system{k}.class"), "w") as out:
            for c, w in enumerate(chosen):
                size = max(1, round(weights[c] * scale))
                out.write(f"Class {c + 1}\n")
                for _ in range(size):
                    if srng.random() < 0.2:  # noise: any occurrence of any word
                        name, on, off = srng.choice(occurrences[srng.choice(types)])
                    else:
                        name, on, off = srng.choice(occurrences[w])
                    on = max(0, on + srng.randint(-40, 40))
                    off = max(on + 20, off + srng.randint(-40, 40))
                    out.write(f"{name} {on / 1000:.3f} {off / 1000:.3f}\n")
                out.write("\n")
    hours = a.files * a.minutes / 60
    print(f"{a.out}: {hours:.1f} h in {a.files} files, {n_words} words, {n_phones} phones, "
          f"{a.systems} system(s) of about {a.fragments} fragments in {a.classes} classes")


if __name__ == "__main__":
    main()
