#!/usr/bin/python3
"""Times a coreference run (SPEC §3.6) against its mention count: a generated CoNLL key and a
response (a perturbed copy: 10% of mentions missed, 15% moved to another entity, some
invented), scored by the command line, for corpora of 10^4 to 10^6 mentions in documents of
about 100 mentions (and 10^5 documents of 10), and for one document of 10^5 mentions (the CEAF alignments and BLANC's
links at their largest). Prints mentions, documents, entities and the seconds and peak memory
of the whole process, best of `repeats`.

Usage: bench/coref_bench.py [path/to/clustereval] [repeats]   (default build/clustereval, 3)
"""
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

CLI = sys.argv[1] if len(sys.argv) > 1 else "build/clustereval"
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 3


def write_pair(folder, mentions, per_document, seed=1):
    """A key and a response of `mentions` mentions, `per_document` a document."""
    rng = random.Random(seed)
    key = open(os.path.join(folder, "key.conll"), "w")
    response = open(os.path.join(folder, "response.conll"), "w")
    documents = entities_total = 0
    left = mentions
    while left > 0:
        n = min(left, per_document)
        left -= n
        entities = max(1, n // 3)
        entities_total += entities
        name = "doc%d" % documents
        documents += 1
        key.write("#begin document (%s); part 000\n" % name)
        response.write("#begin document (%s); part 000\n" % name)
        for t in range(n):  # one one-token mention a token, and a token between mentions
            e = rng.randrange(entities)
            roll = rng.random()
            r = "-" if roll < 0.10 else "(%d)" % (rng.randrange(entities) if roll < 0.25 else e)
            key.write("%s\t0\t%d\tw\t(%d)\n%s\t0\t%d\tw\t-\n" % (name, 2 * t, e, name, 2 * t + 1))
            invented = "(%d)" % rng.randrange(entities) if rng.random() < 0.05 else "-"
            response.write("%s\t0\t%d\tw\t%s\n%s\t0\t%d\tw\t%s\n" % (name, 2 * t, r, name, 2 * t + 1,
                                                                     invented))
        key.write("#end document\n")
        response.write("#end document\n")
    key.close()
    response.close()
    return documents, entities_total


def timed(args):
    best = None
    for _ in range(REPEATS):
        start = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return best, peak


def main():
    cases = [(10_000, 100), (100_000, 100), (1_000_000, 100), (1_000_000, 10), (10_000_000, 100),
             (100_000, 100_000)]
    print("mentions  documents  entities   seconds  peak MB (largest so far)")
    for mentions, per_document in cases:
        with tempfile.TemporaryDirectory() as folder:
            documents, entities = write_pair(folder, mentions, per_document)
            seconds, peak = timed([CLI, "--format", "json", os.path.join(folder, "key.conll"),
                                   os.path.join(folder, "response.conll")])
            print("%8d  %9d  %8d  %8.2f  %7.0f" % (mentions, documents, entities, seconds, peak))
    with tempfile.TemporaryDirectory() as folder:
        documents, entities = write_pair(folder, 100_000, 100)
        seconds, _ = timed([CLI, "--format", "json", "--bootstrap", "1000", "--test", "ar",
                            "--shuffles", "1000", os.path.join(folder, "key.conll"),
                            os.path.join(folder, "response.conll"), os.path.join(folder, "key.conll")])
        print("100000 mentions, %d documents, two responses, --bootstrap 1000 --test ar --shuffles 1000: %.2f s"
              % (documents, seconds))


if __name__ == "__main__":
    main()
