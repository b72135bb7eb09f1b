"""--depth-sweep against --depth d, depth by depth (SPEC §3.3, "Hierarchies").

A paths system over the demo gold's words: random bit strings of 1 to 9 bits (seeded), some
words left out (unclustered) and some paths for words gold lacks. Each point of the sweep
must equal, number for number, what a run with `--depth d` gives; the last depth is the
full paths. Run by ctest as `sweep_compare.py CLI`.
"""

import json
import os
import random
import subprocess
import sys
import tempfile

GOLD = "public/demo/brown-gold.tsv"


def words_of(path):
    seen = []
    known = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            word = line.split("\t")[0].strip()
            if word and word not in known:
                known.add(word)
                seen.append(word)
    return seen


def run(cli, *args):
    out = subprocess.run([cli, "--format", "json", "--restarts", "3", *args],
                         capture_output=True, check=True)
    return json.loads(out.stdout)


def main():
    cli = sys.argv[1]
    rng = random.Random(7)
    words = words_of(GOLD)
    with tempfile.TemporaryDirectory() as tmp:
        paths = os.path.join(tmp, "random.paths")
        with open(paths, "w", encoding="utf-8") as f:
            for w in words:
                if rng.random() < 0.03:
                    continue  # unclustered
                bits = "".join(rng.choice("01") for _ in range(rng.randint(1, 9)))
                f.write(f"{bits}\t{w}\t1\n")
            f.write("0101\tnot-a-gold-word\t1\n")
        swept = run(cli, "--depth-sweep", GOLD, paths)["systems"][0]
        points = swept["sweep"]
        failures = 0
        assert [p["depth"] for p in points] == list(range(1, 10)), [p["depth"] for p in points]
        for p in points:
            alone = run(cli, "--depth", str(p["depth"]), GOLD, paths)["systems"][0]
            for key in ("clusters", "token", "type"):
                if p[key] != alone[key]:
                    failures += 1
                    print(f"depth {p['depth']}: {key} differs:\n  sweep {p[key]}\n  --depth {alone[key]}")
        for key in ("clusters", "token", "type"):
            if points[-1][key] != swept[key]:
                failures += 1
                print(f"the last depth's {key} is not the full paths'")
        # TSV: a row per depth, every digit of the JSON.
        tsv = subprocess.run([cli, "--format", "tsv", "--restarts", "3", "--measures", "m1,type.macro_i_m1",
                              "--depth-sweep", GOLD, paths], capture_output=True, check=True, text=True)
        rows = [line.split("\t") for line in tsv.stdout.splitlines()]
        want = [["system", "depth", "clusters", "token.m1", "type.macro_i_m1"]] + [
            [paths, str(p["depth"]), str(p["clusters"]), repr(p["token"]["m1"]), repr(p["type"]["macro_i_m1"])]
            for p in points]
        if rows != want:
            failures += 1
            print("TSV rows differ from the JSON's sweep:", rows[:3], want[:3])
        print(f"--depth-sweep: {len(points)} depths, each equal to its --depth run"
              if not failures else f"{failures} differences")
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
