#!/usr/bin/python3
"""The CLI at tens of thousands of labels against SciPy and scikit-learn.

Usage: scale_compare.py path/to/clustereval. Exits 77 (skipped) without python3-sklearn.

1. One-to-one on a 10^4 x 10^4 contingency table (10^5 random cells, weights 1..49, read as
   a counts file): o1 * N equals the optimum of SciPy's sparse LAPJVsp
   (scipy.sparse.csgraph.min_weight_full_bipartite_matching) on the usual reduction of a
   maximum-weight matching to a full one (a zero-cost copy of each side, every weight taken
   from a constant), and on a 2,000 x 2,000 table the optimum of the dense
   scipy.optimize.linear_sum_assignment. Both are computations independent of ours.
2. A generated corpus of 300,000 tokens with 100,000 classes and 100,000 clusters (a third of
   the tokens follow gold): every measure scikit-learn shares equals its value (ARI, MI,
   NMI, homogeneity, completeness, V-measure, Fowlkes-Mallows), and the invariants hold
   (o1 <= m1, o1 <= inv_purity, every share in [0, 1]). scikit-learn's AMI sums its
   expected MI over all classes x clusters, out of reach there, so AMI and o1 are compared
   on the first 4,000 tokens (about 3,900 labels a side), against sklearn's AMI and
   linear_sum_assignment on the dense table.
3. One word in 40,000 clusters with 40,000 gold labels: the type level's 1-1 and M-1 are
   n/a with a warning naming the budget, the run exits 0 with its token measures.
"""
import json
import os
import subprocess
import sys
import tempfile

try:
    import numpy as np
    from scipy.optimize import linear_sum_assignment
    from scipy.sparse import coo_matrix, csr_matrix
    from scipy.sparse.csgraph import min_weight_full_bipartite_matching
    from sklearn import metrics
except ImportError:
    print("skipped: python3-sklearn or python3-scipy is not installed")
    sys.exit(77)

CLI = sys.argv[1]
rng = np.random.default_rng(20261125)
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def close(a, b, what, tolerance=1e-9):
    check(a is not None and abs(a - b) <= tolerance * max(1.0, abs(b)), f"{what}: {a} vs {b}")


def run(*args):
    done = subprocess.run([CLI, "--format", "json", *args], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"clustereval exited {done.returncode}: {done.stderr}")
    return json.loads(done.stdout)["systems"][0]


def random_table(rows, cols, cells):
    r, c = rng.integers(0, rows, cells), rng.integers(0, cols, cells)
    w = rng.integers(1, 50, cells).astype(float)
    table = coo_matrix((w, (r, c)), shape=(rows, cols)).tocsr()
    table.sum_duplicates()
    return table.tocoo()


def cli_o1(table, folder):
    path = os.path.join(folder, "table.counts")
    with open(path, "w") as f:
        f.writelines(f"c{r}\tk{c}\t{int(w)}\n" for r, c, w in zip(table.row, table.col, table.data))
    token = run("--gold-format", "counts", "--measures", "token.o1,token.m1", path)["token"]
    return token["o1"] * table.data.sum(), token


def lapjvsp_optimum(table):
    """Maximum-weight matching through SciPy's sparse full matching: rows R + C' against
    columns C + R', an edge r-c costs big - w, r-r', c'-c and c'-r' (for each edge r-c) cost
    big; every full matching has R + C edges, so the cheapest is the heaviest matching."""
    rows, cols = table.shape
    big = float(table.data.max()) + 1.0
    r, c = table.row, table.col
    edge_rows = np.concatenate([r, np.arange(rows), rows + c, rows + np.arange(cols)])
    edge_cols = np.concatenate([c, cols + np.arange(rows), cols + r, np.arange(cols)])
    cost = np.concatenate([big - table.data, np.full(rows + len(r) + cols, big)])
    graph = csr_matrix((cost, (edge_rows, edge_cols)), shape=(rows + cols, cols + rows))
    row_ind, col_ind = min_weight_full_bipartite_matching(graph)
    real = (row_ind < rows) & (col_ind < cols)
    return float(np.asarray(table.tocsr()[row_ind[real], col_ind[real]]).sum())


def one_to_one(folder):
    table = random_table(10000, 10000, 100000)
    ours, token = cli_o1(table, folder)
    close(ours, lapjvsp_optimum(table), "1-1 on 10^4 x 10^4 (10^5 cells) = SciPy LAPJVsp")
    check(token["o1"] <= token["m1"] + 1e-12, "o1 <= m1 on 10^4 x 10^4")
    table = random_table(2000, 2000, 60000)
    ours, _ = cli_o1(table, folder)
    dense = table.toarray()
    rows, cols = linear_sum_assignment(dense, maximize=True)
    close(ours, dense[rows, cols].sum(), "1-1 on 2,000 x 2,000 = scipy linear_sum_assignment")


def write_tagged(path, words, labels):
    with open(path, "w") as f:
        for i, (w, label) in enumerate(zip(words, labels)):
            f.write(f"w{w}\t{label}\n")
            if i % 20 == 19:
                f.write("\n")


def token_measures(gold, system, folder, tag):
    words = rng.integers(0, 50000, len(gold))
    gold_path, system_path = os.path.join(folder, f"{tag}.gold"), os.path.join(folder, f"{tag}.sys")
    write_tagged(gold_path, words, [f"C{g}" for g in gold])
    write_tagged(system_path, words, [f"k{s}" for s in system])
    return run("--levels", "token", "--measures", "all", gold_path, system_path)["token"]


def many_labels(folder):
    n, labels = 300000, 100000
    gold = rng.integers(0, labels, n)
    system = np.where(rng.uniform(size=n) < 1 / 3, gold, rng.integers(0, labels, n))
    ours = token_measures(gold, system, folder, "full")
    print(f"     {len(np.unique(gold))} classes, {len(np.unique(system))} clusters")
    close(ours["ari"], metrics.adjusted_rand_score(gold, system), "ari at 10^5 labels")
    close(ours["mi"], metrics.mutual_info_score(gold, system), "mi at 10^5 labels")
    close(ours["nmi"], metrics.normalized_mutual_info_score(gold, system), "nmi at 10^5 labels")
    h, c, v = metrics.homogeneity_completeness_v_measure(gold, system)
    close(ours["homogeneity"], h, "homogeneity at 10^5 labels")
    close(ours["completeness"], c, "completeness at 10^5 labels")
    close(ours["v_measure"], v, "v_measure at 10^5 labels")
    close(ours["fmi"], metrics.fowlkes_mallows_score(gold, system), "fmi at 10^5 labels")
    check(ours["o1"] <= ours["m1"] + 1e-12 and ours["o1"] <= ours["inv_purity"] + 1e-12,
          f"o1 {ours['o1']} <= m1 {ours['m1']} and <= inv_purity {ours['inv_purity']}")
    shares = [k for k, v in ours.items() if v is not None and k not in
              ("h_c", "h_k", "h_c_given_k", "h_k_given_c", "mi", "vi", "nvi", "entropy_bits")]
    check(all(-1e-12 <= ours[k] <= 1 + 1e-12 for k in shares if k not in ("ari", "ami")),
          "every share in [0, 1]")
    check(ours["ami"] <= 1 + 1e-12 and ours["ari"] <= 1 + 1e-12, "ami, ari <= 1")
    # The sub-sample where the dense computations fit.
    sub_gold, sub_system = gold[:4000], system[:4000]
    ours = token_measures(sub_gold, sub_system, folder, "sub")
    _, g = np.unique(sub_gold, return_inverse=True)
    _, s = np.unique(sub_system, return_inverse=True)
    print(f"     sub-sample: {g.max() + 1} classes, {s.max() + 1} clusters")
    close(ours["ami"], metrics.adjusted_mutual_info_score(sub_gold, sub_system),
          "ami on the sub-sample = sklearn", 1e-7)  # MI - EMI cancels: sklearn's rounding
    dense = coo_matrix((np.ones(len(g)), (g, s))).toarray()
    rows, cols = linear_sum_assignment(dense, maximize=True)
    close(ours["o1"] * len(g), dense[rows, cols].sum(), "o1 on the sub-sample = scipy")


def over_budget(folder):
    n = 40000
    words = np.zeros(n, dtype=int)
    gold_path, system_path = os.path.join(folder, "one.gold"), os.path.join(folder, "one.sys")
    write_tagged(gold_path, words, [f"C{i}" for i in range(n)])
    write_tagged(system_path, words, [f"k{i}" for i in range(n)])
    row = run(gold_path, system_path)
    check(row["type"]["macro_i_m1"] is None and row["type"]["micro_c_o1"] is None,
          "past the budget: type-level 1-1 and M-1 are n/a")
    check(any("exceed the budget of 1e9" in w for w in row["warnings"]), "and a warning says why")
    check(row["token"]["o1"] == 1.0, "the token level is still there (o1 = 1: a class a cluster)")
    # One item, its own only neighbour: min(40000, 40000) / 40000 = 1 on both sides. Its 1.6e9
    # (class, cluster) cells are past the cell index's budget, so the labels' lists (one
    # item each) give it.
    check(row["type"]["ebcubed_p"] == 1.0 and row["type"]["ebcubed_r"] == 1.0,
          "extended BCubed past the cell budget, by the labels' lists: 1 for a lone item")
    check(not any("ebcubed" in w for w in row["warnings"]), "and no warning leaves it out")
    # The same word, and 70,000 words once each, all in C0 and each in a cluster of its own:
    # C0 is held by 70,001 distinct entries, and walking its list, 70001²/2 = 2.45e9 steps,
    # is past the budget of 2e9: extended BCubed is left out too, with a warning. (Were the
    # 70,000 in one cluster too, their entries would be one, and C0's list two long.)
    more = 70000
    words = np.concatenate([words, np.arange(1, more + 1)])
    write_tagged(gold_path, words, [f"C{i}" for i in range(n)] + ["C0"] * more)
    write_tagged(system_path, words, [f"k{i}" for i in range(n + more)])
    row = run(gold_path, system_path)
    check(row["type"]["ebcubed_p"] is None and row["type"]["ebcubed_f"] is None,
          "past the labels' lists' budget: extended BCubed is n/a")
    check(any("ebcubed_p, ebcubed_r, ebcubed_f: n/a" in w and "budget of 2e9" in w
              for w in row["warnings"]), "and a warning says why")
    check(row["token"]["o1"] is not None, "the token level is still there")


with tempfile.TemporaryDirectory() as folder:
    one_to_one(folder)
    many_labels(folder)
    over_budget(folder)
print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
