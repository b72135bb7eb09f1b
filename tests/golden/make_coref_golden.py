#!/usr/bin/python3
"""Golden numbers for the coreference sample (tests/data/coref, the page's coreference demo):
every measure of SPEC §3.6 for each response, from tests/cli/coref_reference.py's independent
reading (its own CoNLL reader and each metric from its definition, CEAF by scipy's
linear_sum_assignment); clustereval takes no part. Regenerate with
    /usr/bin/python3 tests/golden/make_coref_golden.py > tests/golden/coref.json
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.argv = [sys.argv[0], "unused"]  # coref_reference reads the command line's path at import
sys.path.insert(0, os.path.join(ROOT, "tests", "cli"))
import coref_reference  # noqa: E402

KEY = "tests/data/coref/key.conll"
RESPONSES = ["tests/data/coref/system-a.conll", "tests/data/coref/system-b.conll"]

cases = []
for response in RESPONSES:
    values = coref_reference.score(os.path.join(ROOT, KEY), os.path.join(ROOT, response))
    cases.append({"key": KEY, "response": response,
                  "coref": {m: values[m] for m in coref_reference.IDS}})
json.dump({"source": "tests/cli/coref_reference.py's reading of SPEC §3.6 (scipy "
                     "linear_sum_assignment for CEAF)",
           "regenerate": "/usr/bin/python3 tests/golden/make_coref_golden.py > "
                         "tests/golden/coref.json",
           "cases": cases}, sys.stdout, indent=1)
sys.stdout.write("\n")
