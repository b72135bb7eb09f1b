#!/usr/bin/python3
"""SPEC §3.6's coreference metrics, computed here from their definitions and the reference
scorer's documented steps, against the command line's JSON on random CoNLL files, to 1e-9.

Usage: coref_reference.py path/to/clustereval [rounds]

An independent reading, plain Python: marks read with regular expressions in the reference
scorer's order (one-token mentions, then opens, then closes, per line); mentions numbered as
its mention identification numbers them (a response span that already matched is dropped, an
unmatched span keeps one number for all its copies); MUC by its partitions; B³ mention by
mention; CEAF over the dense similarity matrix with scipy's linear_sum_assignment (or every
permutation, without scipy); BLANC from explicit sets of links; LEA as coval's loops.
Totals are summed over the key's documents, as the reference scorer's totals. Random keys and
responses hold singletons, twinless mentions, repeated spans, missing and extra documents,
documents in another order and nested mentions.

Then the reference scorer's own test cases (its test/TestCases.README and
test/CorefMetricTestConfig.pm: partitions over letters with the values it expects, which its
test runner checks only up to case A8), written as CoNLL files here: every expected value, to
the five decimals printed there, and to this reading.
"""
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile

CLI = sys.argv[1]
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 60
TOLERANCE = 1e-9
IDS = ["conll_f", "muc_r", "muc_p", "muc_f", "bcubed_r", "bcubed_p", "bcubed_f", "ceafm_r",
       "ceafm_p", "ceafm_f", "ceafe_r", "ceafe_p", "ceafe_f", "blanc_r", "blanc_p", "blanc_f",
       "lea_r", "lea_p", "lea_f", "mention_r", "mention_p", "mention_f"]

try:
    from scipy.optimize import linear_sum_assignment
except ImportError:  # every permutation instead: the cases are small
    linear_sum_assignment = None


def read_conll(path):
    """{name: [[(start, end), ...] per entity in first-mark order]} and the names in order."""
    docs, order = {}, []
    name, entities, index, half, token = None, None, None, None, 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n").rstrip("\r")
            m = re.match(r"^#\s*begin document (.*?)\s*$", line)
            if m:
                name, entities, index, half, token = m.group(1), [], {}, {}, 0
                continue
            if re.match(r"^#\s*end document", line):
                docs[name] = entities
                order.append(name)
                name = None
                continue
            if not line.strip() or line.startswith("#") or name is None:
                continue
            marks = line.split()[-1]

            def entity(n):
                if n not in index:
                    index[n] = len(index)
                    entities.append([])
                return index[n]

            marks = re.sub(r"\(\d+\+\d+\)", "", marks)
            for n in re.findall(r"\((\d+)\)", marks):
                entities[entity(n)].append((token, token))
            marks = re.sub(r"\((\d+)\)", "", marks)
            for n in re.findall(r"\((\d+)", marks):
                half.setdefault(entity(n), []).append(token)
            marks = re.sub(r"\((\d+)", "", marks)
            for n in re.findall(r"(\d+)\)", marks):
                e = entity(n)
                entities[e].append((half[e].pop(), token))
            token += 1
    return docs, order


def identify(key, response):
    """The key's and response's chains as mention numbers, and mention identification."""
    ids, kchains = {}, []
    for ent in key:  # a repeated key span counts once (the first)
        chain = []
        for span in ent:
            if span not in ids:
                ids[span] = len(ids)
                chain.append(ids[span])
        if chain:
            kchains.append(chain)
    matched, assigned, rchains, unmatched = {}, set(), [], {}
    for ent in response:
        chain = []
        for span in ent:
            if span in matched:  # a repeat of a matched span: dropped
                continue
            if span in ids and ids[span] not in assigned:
                assigned.add(ids[span])
                matched[span] = ids[span]
                chain.append(ids[span])
            else:
                chain.append(("u", span))
        if chain:
            rchains.append(chain)
    number = len(ids)
    for chain in rchains:
        for i, m in enumerate(chain):
            if isinstance(m, tuple):
                if m not in unmatched:
                    unmatched[m] = number
                    number += 1
                chain[i] = unmatched[m]
    mention = (len(matched), len(ids), len(matched), len(matched) + len(unmatched))
    return kchains, rchains, mention


def muc(k, r):
    """Vilain et al.'s links: a response mention is a correct link when a later mention of its
    entity shares its key entity (the reference scorer's loop); links are |chain| - 1."""
    where = {m: i for i, c in enumerate(k) for m in c}
    correct = 0
    for c in r:
        for i, m in enumerate(c):
            if any(m in where and m2 in where and where[m] == where[m2] for m2 in c[i + 1:]):
                correct += 1
    return (correct, sum(len(c) - 1 for c in k), correct, sum(len(c) - 1 for c in r))


def bcubed(k, r):
    kof = {m: c for c in k for m in c}
    rn = pn = 0.0
    for c in r:
        for m in c:
            kc = kof.get(m, [])
            ci = sum(1 for x in c if x in kc)
            pn += ci / len(c)
            if kc:
                rn += ci / len(kc)
    return rn, sum(len(c) for c in k), pn, sum(len(c) for c in r)


def best(sim):
    if not sim or not sim[0]:
        return 0.0
    if linear_sum_assignment is not None:
        rows, cols = linear_sum_assignment([[-x for x in row] for row in sim])
        return float(sum(sim[i][j] for i, j in zip(rows, cols)))
    n, m = len(sim), len(sim[0])
    if n <= m:
        return max(sum(sim[i][p[i]] for i in range(n)) for p in itertools.permutations(range(m), n))
    return max(sum(sim[p[j]][j] for j in range(m)) for p in itertools.permutations(range(n), m))


def ceaf(k, r, entity):
    def phi(a, b):
        common = sum(1 for x in a if x in b)
        return 2.0 * common / (len(a) + len(b)) if entity else float(common)
    total = best([[phi(a, b) for b in r] for a in k])
    if entity:
        return total, len(k), total, len(r)
    return total, sum(len(c) for c in k), total, sum(len(c) for c in r)


def blanc(k, r):
    def links(chains):
        coref, non = set(), set()
        for c in chains:
            for a, b in itertools.combinations(c, 2):
                coref.add((min(a, b), max(a, b)))
        for c1, c2 in itertools.combinations(chains, 2):
            for a in c1:
                for b in c2:
                    non.add((min(a, b), max(a, b)))
        return coref, non
    kc, kn = links(k)
    rc, rn = links(r)
    return ((len(kc & rc), len(kc), len(kc & rc), len(rc)),
            (len(kn & rn), len(kn), len(kn & rn), len(rn)))


def lea(k, r):
    def side(inputs, outputs):
        where = {m: i for i, c in enumerate(outputs) for m in c}
        num = den = 0.0
        for c in inputs:
            if len(c) == 1:
                all_links = 1
                common = 1 if c[0] in where and len(outputs[where[c[0]]]) == 1 else 0
            else:
                all_links = len(c) * (len(c) - 1) / 2.0
                common = 0
                for i, m in enumerate(c):
                    if m in where:
                        for m2 in c[i + 1:]:
                            if m2 in where and where[m] == where[m2]:
                                common += 1
            num += len(c) * common / all_links
            den += len(c)
        return num, den
    rn, rd = side(k, r)
    pn, pd = side(r, k)
    return rn, rd, pn, pd


def ratio(n, d):
    return n / d if d else 0.0


def f1(r, p):
    return 2 * r * p / (r + p) if r + p else 0.0


def score(key_path, response_path):
    key, key_order = read_conll(key_path)
    response, _ = read_conll(response_path)
    sums = {name: [0.0] * 4 for name in ["muc", "bcubed", "ceafm", "ceafe", "blanc_c", "blanc_n",
                                         "lea", "mention"]}
    for name in key_order:
        k, r, mention = identify(key[name], response.get(name, []))
        parts = {"muc": muc(k, r), "bcubed": bcubed(k, r), "ceafm": ceaf(k, r, False),
                 "ceafe": ceaf(k, r, True), "lea": lea(k, r), "mention": mention}
        parts["blanc_c"], parts["blanc_n"] = blanc(k, r)
        for metric, values in parts.items():
            for i in range(4):
                sums[metric][i] += values[i]
    out = {}
    for metric in ["muc", "bcubed", "ceafm", "ceafe", "lea", "mention"]:
        s = sums[metric]
        rr, pp = ratio(s[0], s[1]), ratio(s[2], s[3])
        out[metric + "_r"], out[metric + "_p"], out[metric + "_f"] = rr, pp, f1(rr, pp)
    c, n = sums["blanc_c"], sums["blanc_n"]
    rc = ratio(c[0], c[1]) if c[1] else -1
    rn = ratio(n[0], n[1]) if n[1] else -1
    pc, pn = ratio(c[2], c[3]), ratio(n[2], n[3])
    if rc == -1 and rn == -1:
        b = (0.0, 0.0, 0.0)
    elif rc == -1:
        b = (rn, pn, f1(rn, pn))
    elif rn == -1:
        b = (rc, pc, f1(rc, pc))
    else:
        b = ((rc + rn) / 2, (pc + pn) / 2, (f1(rc, pc) + f1(rn, pn)) / 2)
    out["blanc_r"], out["blanc_p"], out["blanc_f"] = b
    out["conll_f"] = (out["muc_f"] + out["bcubed_f"] + out["ceafe_f"]) / 3
    return out


def random_document(rng, tokens, entities, spans):
    """Mentions as (start, end, entity) over `tokens` tokens."""
    mentions = []
    for _ in range(rng.randint(0, spans)):
        start = rng.randrange(tokens)
        end = min(tokens - 1, start + rng.choice([0, 0, 0, 1, 2]))
        mentions.append((start, end, rng.randint(1, entities)))
    return mentions


def perturb(rng, mentions, tokens, entities, heavy=False):
    """A response from a key's mentions; `heavy`: spans the key lacks written in up to 12
    entities each (BLANC's repeated mentions, counted by subsets up to 8 entities, beyond
    pair by pair)."""
    out = []
    for start, end, e in mentions:
        roll = rng.random()
        if roll < 0.15:
            continue  # missed
        if roll < 0.3:
            e = rng.randint(1, entities + 2)
        if roll > 0.95:
            end = min(tokens - 1, end + 1)
        out.append((start, end, e))
        if rng.random() < 0.05:
            out.append((start, end, rng.randint(1, entities + 2)))  # a repeated span
    out += random_document(rng, tokens, entities + 2, 3)
    for _ in range(rng.randint(1, 4) if heavy else 0):
        start = rng.randrange(tokens)
        span = (start, min(tokens - 1, start + 3))  # rarely a key span: mostly twinless
        for e in rng.sample(range(1, entities + 14), rng.randint(2, 12)):
            out.append((span[0], span[1], e))
    return out


def write(path, docs, order):
    """One token a line; a mention's marks on its first and last token."""
    with open(path, "w", encoding="utf-8") as f:
        for name in order:
            tokens, mentions = docs[name]
            marks = [[] for _ in range(tokens)]
            # A properly nested file would need them sorted; marks on a line keep any order,
            # which the reading order (one-token, opens, closes) makes unambiguous only when
            # one entity's spans do not cross: keep at most one open span per entity.
            open_until = {}
            kept = []
            for start, end, e in sorted(mentions, key=lambda m: (m[0], -m[1])):
                if start != end and open_until.get(e, -1) >= start:
                    continue
                if start != end:
                    open_until[e] = end
                kept.append((start, end, e))
            for start, end, e in kept:
                if start == end:
                    marks[start].append("(%d)" % e)
                else:
                    marks[start].append("(%d" % e)
                    marks[end].append("%d)" % e)
            f.write("#begin document (%s); part 000\n" % name)
            for t in range(tokens):
                column = "|".join(marks[t]) if marks[t] else "-"
                f.write("%s\t0\t%d\tw%d\t%s\n" % (name, t, t, column))
                if t % 7 == 6:
                    f.write("\n")
            f.write("#end document\n")


# The reference scorer's test cases: key, response (entities of one-letter mentions, each
# letter a one-token mention of its own token; '~' a mention of tokens 1-2, overlapping b;
# '^' a second copy of b's span), and the values [R, P, F] it expects per metric.
KEY_A, SINGLES = "{a} {bc} {def}", "{a} {b} {c} {d} {e} {f}"
BC4 = 2 * (5 / 9) * (17 / 42) / ((5 / 9) + (17 / 42))
A478 = {"muc": [1 / 3, 1 / 3, 1 / 3], "bcubed": [(10 / 3) / 6, (1 + 4 / 3 + 1 / 2) / 7, BC4],
        "ceafm": [0.66667, 0.57143, 0.61538], "ceafe": [0.73333, 0.55, 0.62857],
        "blanc": [0.35227, 0.27206, 0.30357]}
PERFECT = {m: [1, 1, 1] for m in ["muc", "bcubed", "ceafm", "ceafe", "blanc"]}
CASES = {
    "A1": (KEY_A, KEY_A, PERFECT),
    "A2": (KEY_A, "{a} {de}", {"muc": [1 / 3, 1, 0.5], "bcubed": [(7 / 3) / 6, 1, 14 / 25],
                              "ceafm": [0.5, 1, 0.66667], "ceafe": [0.6, 0.9, 0.72],
                              "blanc": [0.21591, 1, 0.35385]}),
    "A3": (KEY_A, "{a} {bcx} {defy} {z}",
           {"muc": [1, 3 / 5, 0.75], "bcubed": [1, (4 + 7 / 12) / 9, 110 / 163],
            "ceafm": [1, 0.66667, 0.8], "ceafe": [0.88571, 0.66429, 0.75918],
            "blanc": [1, 0.42593, 0.59717]}),
    "A4": (KEY_A, "{a} {bcx} {dy} {z}", A478),
    "A5": (KEY_A, "{a} {bcx~} {dy} {z}",
           {"muc": [1 / 3, 1 / 4, 2 / 7],
            "bcubed": [(3 + 1 / 3) / 6, 2.5 / 8, 2 * (5 / 9) * (5 / 16) / ((5 / 9) + (5 / 16))],
            "ceafm": [0.66667, 0.5, 0.57143], "ceafe": [0.68889, 0.51667, 0.59048],
            "blanc": [0.35227, 0.19048, 0.24716]}),
    "A6": (KEY_A, "{a} {bcx} {dy} {~z}",
           {"muc": [1 / 3, 1 / 4, 2 / 7],
            "bcubed": [(10 / 3) / 6, (1 + 4 / 3 + 1 / 2) / 8,
                       2 * (5 / 9) * (17 / 48) / ((5 / 9) + (17 / 48))],
            "ceafm": [0.66667, 0.5, 0.57143], "ceafe": [0.73333, 0.55, 0.62857],
            "blanc": [0.35227, 0.20870, 0.25817]}),
    "A7": (KEY_A, "{a} {bcx^} {dy} {z}", A478),
    "A8": (KEY_A, "{a} {bcx} {dy} {^z}", A478),
    "A9": (KEY_A, "{a} {bcx} {dy} {^^^^^^^^^^z}", A478),
    "A10": (KEY_A, SINGLES, {"muc": [0, 0, 0], "bcubed": [3 / 6, 1, 2 / 3],
                             "blanc": [0.5, 0.36667, 0.42308]}),
    "A11": (KEY_A, "{abcdef}", {"muc": [1, 3 / 5, 6 / 8],
                                "bcubed": [1, (1 / 6 + 2 * 2 / 6 + 3 * 3 / 6) / 6, 14 / 25],
                                "blanc": [0.5, 0.13333, 0.21053]}),
    "A12": (KEY_A, "{a} {x} {y} {c} {d} {e} {z}",
            {"muc": [0, 0, 0],
             "bcubed": [(1 + 1 / 2 + 2 / 3) / 6, 4 / 7,
                        2 * (13 / 36) * (4 / 7) / ((13 / 36) + (4 / 7))],
             "blanc": [0.22727, 0.11905, 0.15625]}),
    "A13": (KEY_A, "{axycdez}",
            {"muc": [1 / 3, 1 / 6, 2 / 9],
             "bcubed": [(1 + 1 / 2 + 2 * 2 / 3) / 6, (1 / 7 + 1 / 7 + 2 * 2 / 7) / 7,
                        2 * (17 / 36) * (6 / 49) / ((17 / 36) + (6 / 49))],
             "blanc": [0.125, 0.02381, 0.04]}),
    "B1": ("{ab} {cde}", "{bcx} {de}", {"blanc": [7 / 24] * 3}),
    "C1": ("{ab} {cde} {fg}", "{bcx} {de} {fg}", {"blanc": [(2 / 5 + 10 / 16) / 2] * 3}),
    "D1": ("{12345} {67} {89ABC}", "{12345} {6789ABC}",
           {"muc": [1, 9 / 10, 2 * 0.9 / 1.9], "bcubed": [1, 16 / 21, 2 * (16 / 21) / (1 + 16 / 21)]}),
    "E1": ("{12345} {67} {89ABC}", "{1234589ABC} {67}",
           {"muc": [1, 9 / 10, 2 * 0.9 / 1.9], "bcubed": [1, 7 / 12, 2 * (7 / 12) / (1 + 7 / 12)]}),
    "F1": ("{ABCD}", "{AB} {CD}", {"muc": [2 / 3, 1, 0.8]}),
    "G1": ("{AB} {CD}", "{ABCD}", {"muc": [1, 2 / 3, 0.8]}),
    "H1": ("{ABCD}", "{ABCD}", {"muc": [1, 1, 1]}),
    "J1": ("{ABC}", "{AC}", {"muc": [1 / 2, 1, 2 / 3]}),
    "K1": ("{BCDEGHJ}", "{ABC} {DEF} {GHI}", {"muc": [1 / 2, 1 / 2, 1 / 2]}),
    "L1": ("{ABC} {DEFG}", "{AB} {CD} {FGH}", {"muc": [2 / 5, 2 / 4, 2 * 0.4 * 0.5 / 0.9]}),
    "M1": ("{abcdef}", "{abcdef}", PERFECT),
    "M2": ("{abcdef}", SINGLES, {"muc": [0, 0, 0], "blanc": [0, 0, 0]}),
    "M3": ("{abcdef}", "{ab} {cde} {f}", {"blanc": [0.26667, 1, 0.42105]}),
    "M4": ("{abcdef}", "{abcxyz}", {"blanc": [0.2, 0.2, 0.2]}),
    "M5": ("{abcdef}", "{a} {b} {c} {x} {y} {z}", {"muc": [0, 0, 0], "blanc": [0, 0, 0]}),
    "M6": ("{abcdef}", "{ab} {cxy} {z}", {"blanc": [0.06667, 0.25, 0.10526]}),
    "N1": (SINGLES, SINGLES, {"muc": [0, 0, 0], "blanc": [1, 1, 1]}),
    "N2": (SINGLES, "{abcdef}", {"muc": [0, 0, 0], "blanc": [0, 0, 0]}),
    "N3": (SINGLES, "{ab} {cde} {f}", {"blanc": [0.73333, 1, 0.84615]}),
    "N4": (SINGLES, "{a} {b} {c} {x} {y} {z}", {"muc": [0, 0, 0], "blanc": [0.2, 0.2, 0.2]}),
    "N5": (SINGLES, "{abcxyz}", {"blanc": [0, 0, 0]}),
    "N6": (SINGLES, "{ab} {cxy} {z}", {"blanc": [0.13333, 0.18182, 0.15385]}),
}
LETTERS = "abcdefgxyz123456789ABCDEFGHIJ"


def write_letters(path, partition):
    """A one-document file of a partition written as "{ab} {c}" (see CASES)."""
    marks = [[] for _ in LETTERS]
    for e, group in enumerate(partition.split(), 1):
        for m in group.strip("{}"):
            start, end = (1, 2) if m == "~" else (1, 1) if m == "^" else (LETTERS.index(m),) * 2
            if start == end:
                marks[start].append("(%d)" % e)
            else:
                marks[start].append("(%d" % e)
                marks[end].append("%d)" % e)
    with open(path, "w", encoding="utf-8") as f:
        f.write("#begin document (t); part 000\n")
        for t, m in enumerate(marks):
            f.write("t\t0\t%d\tw\t%s\n" % (t, "|".join(m) or "-"))
        f.write("#end document\n")


def reference_cases(tmp):
    """The reference scorer's expected values (printed to five decimals: 6e-5), and this
    reading's, against the command line's."""
    failures = 0
    key_path, response_path = os.path.join(tmp, "tc.key"), os.path.join(tmp, "tc.response")
    for name, (key, response, expected) in CASES.items():
        write_letters(key_path, key)
        write_letters(response_path, response)
        run = subprocess.run([CLI, "--format", "json", key_path, response_path],
                             capture_output=True, text=True)
        got = json.loads(run.stdout)["systems"][0]["coref"]
        mine = score(key_path, response_path)
        for metric, values in expected.items():
            ids = [metric + part for part in ("_r", "_p", "_f")]
            if any(abs(got[i] - v) > 6e-5 or abs(got[i] - mine[i]) > TOLERANCE
                   for i, v in zip(ids, values)):
                failures += 1
                print("case %s %s: core %s, expected %s, this reading %s" % (
                    name, metric, [round(got[i], 5) for i in ids], [round(v, 5) for v in values],
                    [round(mine[i], 5) for i in ids]))
    print("%d of the reference scorer's cases, %d failure(s)" % (len(CASES), failures))
    return failures


def main():
    rng = random.Random(2014)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for round_no in range(ROUNDS):
            names = ["d%d" % i for i in range(rng.randint(1, 5))]
            key_docs, response_docs = {}, {}
            for name in names:
                tokens = rng.randint(1, 24)
                entities = rng.randint(1, 6)
                mentions = random_document(rng, tokens, entities, 14)
                key_docs[name] = (tokens, mentions)
                response_docs[name] = (tokens, perturb(rng, mentions, tokens, entities,
                                                       heavy=round_no % 4 == 3))
            response_order = [n for n in names if rng.random() > 0.15]
            rng.shuffle(response_order)
            if rng.random() < 0.3 or not response_order:
                response_docs["extra"] = (3, [(0, 0, 1), (1, 2, 1)])
                response_order.append("extra")
            key_path = os.path.join(tmp, "key.conll")
            response_path = os.path.join(tmp, "response.conll")
            write(key_path, key_docs, names)
            write(response_path, response_docs, response_order)
            expected = score(key_path, response_path)
            run = subprocess.run([CLI, "--format", "json", key_path, response_path],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                print("round %d: exit %d: %s" % (round_no, run.returncode, run.stderr))
                failures += 1
                continue
            got = json.loads(run.stdout)["systems"][0]["coref"]
            wrong = [m for m in IDS if abs(got[m] - expected[m]) > TOLERANCE]
            for measure in wrong:
                print("round %d %s: core %.12f, reference %.12f" %
                      (round_no, measure, got[measure], expected[measure]))
            if wrong:
                failures += 1
                for path in (key_path, response_path):
                    with open(path, encoding="utf-8") as f:
                        sys.stdout.write(f.read())
        print("%d rounds, %d failure(s)" % (ROUNDS, failures))
        failures += reference_cases(tmp)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
