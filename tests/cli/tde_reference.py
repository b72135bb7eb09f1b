#!/usr/bin/python3
"""SPEC §3.8's spoken-term-discovery scores, computed here from the SPEC's text alone (and
tdev2's formulas as its documentation writes them), against the command line's JSON on random
corpora, to 1e-12.

Usage: tde_reference.py path/to/clustereval [CORPORA]

An independent reading: plain Python floats, every pair of fragments within a class visited
for NED, grouping as the weighted sums over sets of pairs that tdev2's documentation gives
(P_clus, P_goldclus and their intersection, every pair built), token, type and boundary by
sets. Random corpora: a few files of phones of 20 to 150 ms (some shorter than 60 ms), SIL
between words, words of one to four phones, and classes whose fragments sit on word edges,
on phone edges, or off them by a few ms or by half a ms (where the rule's round-off decides),
with repeats, empty classes, empty transcriptions and fragments in a file only the phones
have. Also: the hand-worked corpus of tests/c/test_tde.c and the round-off edges.
"""
import itertools
import json
import os
import random
import subprocess
import sys
import tempfile

CLI = sys.argv[1]
CORPORA = int(sys.argv[2]) if len(sys.argv) > 2 else 60
TOLERANCE = 1e-12
IDS = ["ned", "coverage", "grouping_p", "grouping_r", "grouping_f", "token_p", "token_r",
       "token_f", "type_p", "type_r", "type_f", "boundary_p", "boundary_r", "boundary_f"]


def read_alignment(text, skip_sil):
    """{file: sorted distinct [(onset, offset, label)]}: `file onset offset label` lines."""
    out = {}
    for line in text.splitlines():
        f = line.split()
        if not f:
            continue
        if skip_sil and f[3] == "SIL":
            continue
        out.setdefault(f[0], set()).add((float(f[1]), float(f[2]), f[3]))
    return {k: sorted(v) for k, v in out.items()}


def read_classes(text):
    """[(class, [(file, onset, offset), ...])] of the classes with a fragment."""
    classes, current = [], None
    for line in text.splitlines():
        f = line.split()
        if not f:
            current = None
        elif f[0] == "Class":
            current = (f[1], [])
            classes.append(current)
        else:
            current[1].append((f[0], float(f[1]), float(f[2])))
    return [c for c in classes if c[1]]


def keeps(phone, on, off):
    """SPEC §3.8's test of a fragment's first or last phone, as written there."""
    p_on, p_off, _ = phone
    overlap = min(off, p_off) - max(on, p_on)
    if round(p_off - p_on, 3) >= 0.060:
        return round(overlap * 1000) / 1000 >= 0.030  # round(): half to even, as rint
    return overlap / (p_off - p_on) >= 0.5


def transcribe(phones, fname, on, off):
    """The kept phones (onset, offset, label) of a fragment, in onset order."""
    over = [p for p in phones.get(fname, []) if p[0] < off and p[1] > on]
    over.sort()
    if not over:
        return []
    if len(over) == 1:
        return over if keeps(over[0], on, off) else []
    first, last = keeps(over[0], on, off), keeps(over[-1], on, off)
    return over[(0 if first else 1):(len(over) if last else len(over) - 1)]


def levenshtein(a, b):
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        prev, row[0] = row[0], i
        for j in range(1, len(b) + 1):
            cur = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] != b[j - 1]))
            prev = cur
    return row[len(b)]


def prf(hits, found, gold):
    p = hits / found if found else None
    r = hits / gold if gold else None
    f = 2 * p * r / (p + r) if p is not None and r is not None and p + r > 0 else None
    return p, r, f


def score(words_text, phones_text, classes_text):
    words = read_alignment(words_text, True)
    phones = read_alignment(phones_text, False)
    clusters = []  # per class: [(fname, on, off, token, ngram)]
    for _, frags in read_classes(classes_text):
        kept = []
        for fname, on, off in frags:
            trs = transcribe(phones, fname, on, off)
            if trs:
                kept.append((fname, on, off, tuple(trs), tuple(p[2] for p in trs)))
        clusters.append(kept)
    intervals = [f for c in clusters for f in c]
    out = {}
    # NED: every pair within a class, SIL left out, two empty sides score 1.
    neds = []
    for c in clusters:
        for a, b in itertools.combinations(c, 2):
            x = [p for p in a[4] if p != "SIL"]
            y = [p for p in b[4] if p != "SIL"]
            longer = max(len(x), len(y))
            neds.append(levenshtein(x, y) / longer if longer else 1.0)
    out["ned"] = sum(neds) / len(neds) if neds else None
    # Coverage: distinct phones (not SIL, SPN) inside a kept fragment over all of them.
    covered = {(f[0],) + p for f in intervals for p in f[3] if p[2] not in ("SIL", "SPN")}
    total = sum(1 for ps in phones.values() for p in ps if p[2] not in ("SIL", "SPN"))
    out["coverage"] = len(covered) / total if total else None
    # Grouping, as tdev2's documentation writes it, over sets of pairs.
    key = lambda f: (f[0], f[1])
    found_pairs = set()
    found_types = set()
    for c in clusters:
        for a, b in itertools.combinations(c, 2):
            found_pairs.add(tuple(sorted((a, b), key=key)))
        if len(c) > 1:
            found_types |= {f[4] for f in c}
    same = {}
    for f in intervals:
        same.setdefault(f[4], set()).add(f)
    gold_pairs = set()
    for group in same.values():
        for a, b in itertools.combinations(group, 2):
            if a[0] == b[0] and min(a[2], b[2]) - max(a[1], b[1]) > 0:
                continue
            gold_pairs.add(tuple(sorted((a, b), key=key)))
    gold_types = {a[4] for a, _ in gold_pairs}

    def counts(pairs):
        counter, seen = {}, set()
        for a, b in pairs:
            for f in (a, b):
                if f[3] not in seen:
                    seen.add(f[3])
                    counter[f[4]] = counter.get(f[4], 0) + 1
        return counter, len(seen)

    found_counter, found_seen = counts(found_pairs)
    gold_counter, gold_seen = counts(gold_pairs)
    both_counter, _ = counts(found_pairs & gold_pairs)
    p = (sum(found_counter[t] / found_seen * both_counter.get(t, 0) / found_counter[t]
             for t in found_types) if found_types else None)
    r = (sum(gold_counter[t] / gold_seen * both_counter.get(t, 0) / gold_counter[t]
             for t in gold_types) if gold_types else None)
    out["grouping_p"], out["grouping_r"] = p, r
    out["grouping_f"] = 2 * p * r / (p + r) if p is not None and r is not None and p + r else None
    # Token, type, boundary: null when a fragment lies in a file the words lack.
    if any(f[0] not in words for f in intervals):
        for m in IDS[5:]:
            out[m] = None
        return out
    token_hits, type_hits, type_seen = set(), set(), set()
    for fname, on, off, token, ngram in intervals:
        type_seen.add(ngram)
        over = [w for w in words[fname] if w[0] < off and w[1] > on]
        if not over:
            continue
        best, chosen = 0.0, over[0]
        if len(over) > 1:
            for w in over:
                ov = (min(off, w[1]) - max(on, w[0])) / (w[1] - w[0])
                if ov > best:
                    best, chosen = ov, w
        w_trs = tuple(p[2] for p in sorted(p for p in phones[fname]
                                           if p[0] < chosen[1] and p[1] > chosen[0]))
        if w_trs == ngram:
            token_hits.add((fname,) + chosen)
            type_hits.add(ngram)
    n_words = sum(len(v) for v in words.values())
    n_types = len({w[2] for v in words.values() for w in v})
    (out["token_p"], out["token_r"], out["token_f"]) = prf(len(token_hits), len(intervals),
                                                           n_words)
    (out["type_p"], out["type_r"], out["type_f"]) = prf(len(type_hits), len(type_seen), n_types)
    down = {(f[0], f[3][0][0]) for f in intervals}
    up = {(f[0], f[3][-1][1]) for f in intervals}
    gold_down = {(k, w[0]) for k, v in words.items() for w in v}
    gold_up = {(k, w[1]) for k, v in words.items() for w in v}
    hits = {b for b in down if b in gold_down} | {b for b in up if b in gold_up}
    (out["boundary_p"], out["boundary_r"], out["boundary_f"]) = prf(
        len(hits), len(down | up), len(gold_down | gold_up))
    return out


def fmt(t):
    return "%.4f" % t


def random_corpus(rng):
    """(words, phones, classes) texts of a random corpus."""
    inventory = ["a", "b", "k", "t", "o", "i", "s", "m"]
    lexicon = ["".join(rng.choice(inventory) for _ in range(rng.randint(1, 4)))
               for _ in range(rng.randint(3, 8))]
    words, phones, spans = [], [], []
    files = ["f%d" % i for i in range(rng.randint(1, 3))]
    for fname in files:
        t = 0  # in tenths of a ms: times are exact decimals
        for _ in range(rng.randint(4, 12)):
            if rng.random() < 0.4:
                d = rng.randint(200, 1500)
                phones.append((fname, t, t + d, rng.choice(["SIL", "SIL", "SPN"])))
                words.append((fname, t, t + d, "SIL"))
                t += d
            word = rng.choice(lexicon)
            start = t
            for ph in word:
                d = rng.choice([rng.randint(200, 590), rng.randint(600, 1500)])
                phones.append((fname, t, t + d, ph))
                t += d
            words.append((fname, start, t, word))
            spans.append((fname, start, t))
    extra = "g%d" % rng.randint(0, 9)  # a file only the phones have
    if rng.random() < 0.2:
        phones.append((extra, 0, 800, "a"))
        phones.append((extra, 800, 1600, "b"))
    edges = sorted({(p[0], p[1]) for p in phones} | {(p[0], p[2]) for p in phones})

    def jitter(v):
        kind = rng.random()
        if kind < 0.5:
            return v
        if kind < 0.75:
            return max(0, v + rng.choice([-5, 5, -295, 295, -300, 300, 305, -305]))
        return max(0, v + rng.randint(-400, 400))

    classes, n = [], 0
    for _ in range(rng.randint(1, 8)):
        n += 1
        frags = []
        for _ in range(rng.randint(0, 5)):
            if rng.random() < 0.6 and spans:
                fname, on, off = rng.choice(spans)
            else:
                fname, on = rng.choice(edges)
                off = on + rng.randint(100, 4000)
            on, off = jitter(on), jitter(off)
            if rng.random() < 0.1 and any(p[0] == extra for p in phones):
                fname, on, off = extra, 100, 1500
            if off <= on:
                off = on + rng.randint(10, 900)
            frags.append((fname, on, off))
            if rng.random() < 0.1:
                frags.append(frags[-1])  # a repeat
        classes.append(("Class %d" % n, frags))
    sec = lambda v: "%d.%04d" % (v // 10000, v % 10000)
    words_text = "".join("%s %s %s %s\n" % (f, sec(a), sec(b), w) for f, a, b, w in words)
    phones_text = "".join("%s %s %s %s\n" % (f, sec(a), sec(b), p) for f, a, b, p in phones)
    classes_text = ""
    for head, frags in classes:
        classes_text += head + "\n" + "".join(
            "%s %s %s\n" % (f, sec(a), sec(b)) for f, a, b in frags) + "\n"
    return words_text, phones_text, classes_text


def run_cli(tmp, words_text, phones_text, classes_text):
    paths = []
    for name, text in (("words", words_text), ("phones", phones_text), ("classes", classes_text)):
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        paths.append(path)
    done = subprocess.run([CLI, "--format", "json", "--gold-format", "tde-words",
                           "--induced-format", "tde-classes", paths[0], paths[2],
                           "--phones", paths[1]], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("clustereval failed: %s" % done.stderr)
    return json.loads(done.stdout)["systems"][0]["tde"]


def compare(label, expected, got):
    bad = 0
    for m in IDS:
        e, g = expected[m], got[m]
        if (e is None) != (g is None) or (e is not None and abs(e - g) > TOLERANCE):
            print("%s: %s expected %r, got %r" % (label, m, e, g))
            bad += 1
    return bad


def main():
    rng = random.Random(20261127)
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(CORPORA):
            corpus = random_corpus(rng)
            while not read_classes(corpus[2]):
                corpus = random_corpus(rng)
            bad += compare("corpus %d" % k, score(*corpus), run_cli(tmp, *corpus))
    print("%d random corpora, %d differences" % (CORPORA, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
