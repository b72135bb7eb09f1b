#!/usr/bin/env python3
"""Joint counts (clustereval's `joint` format) of a gold corpus and a system corpus, with Spark.

    spark-submit scripts/joint_counts_spark.py [--format F] [--no-token-check] GOLD SYSTEM OUT

GOLD and SYSTEM are tables of one row per token with the columns doc, sent, pos, token and
label: `parquet` (the default) or `tsv` with a header line, each a file, a directory or a glob
of shards. `tagged` (token<TAB>label) and `conllu` read one text file each and number its
tokens in file order. OUT becomes a directory of text parts, one joint count a line and no
header: `cat OUT/part-*` is a joint file (so is each part: rows of one triple add up), scored
by `clustereval OUT.tsv`.

The queries are scripts/joint-counts.sql and scripts/joint-check.sql word for word, the ones
scripts/joint-counts.mjs runs in DuckDB (tests/js/joint.test.mjs compares the texts).
"""
import argparse
import sys

JOINT_COUNTS_SQL = """
-- clustereval's joint counts (format `joint`): one row per (item, class, cluster) with the
-- number of tokens of that item to which gold gives that class and the system that cluster.
-- It reads two relations of one row per token, gold_tokens and system_tokens, with the
-- columns doc, sent, pos (where the token stands) and token, label; a gold token pairs with
-- the system token at the same doc, sent and pos. The same text runs in DuckDB
-- (scripts/joint-counts.mjs) and in Spark SQL (scripts/joint_counts_spark.py).
SELECT g.token AS item, g.label AS class, s.label AS cluster, count(*) AS count
FROM gold_tokens AS g
JOIN system_tokens AS s ON s.doc = g.doc AND s.sent = g.sent AND s.pos = g.pos
GROUP BY g.token, g.label, s.label
ORDER BY item, class, cluster
"""

JOINT_CHECK_SQL = """
-- The places where gold_tokens and system_tokens do not pair (clustereval's token check):
-- one of them has no token there, or the two tokens differ. No row when the corpora pair.
SELECT coalesce(g.doc, s.doc) AS doc, coalesce(g.sent, s.sent) AS sent,
  coalesce(g.pos, s.pos) AS pos, g.token AS gold_token, s.token AS system_token
FROM gold_tokens AS g
FULL OUTER JOIN system_tokens AS s ON s.doc = g.doc AND s.sent = g.sent AND s.pos = g.pos
WHERE g.token IS NULL OR s.token IS NULL OR g.token <> s.token
ORDER BY doc, sent, pos
LIMIT 5
"""

SCHEMA = "doc string, sent long, pos long, token string, label string"


def text_tokens(spark, path, fmt):
    """A tagged or CoNLL-U file as rows of (doc, sent, pos, token, label), in file order.

    A DataFrame read keeps no row order; zipWithIndex numbers an RDD's lines in the order of
    its partitions, which for one text file is the order of the file.
    """
    lines = spark.sparkContext.textFile(path).map(lambda line: line.rstrip("\r"))
    if fmt == "conllu":  # word lines only: an integer ID, not 3-4 or 3.1, and not # comments
        fields = lines.map(lambda line: line.split("\t"))
        pairs = fields.filter(lambda f: len(f) >= 10 and f[0].isdigit()).map(lambda f: (f[1], f[3]))
    else:  # the token and the last column, as clustereval reads a tagged file
        fields = lines.filter(lambda line: line.strip()).map(lambda line: line.split("\t"))
        pairs = fields.map(lambda f: (f[0], f[-1]))
    rows = pairs.zipWithIndex().map(lambda p: ("", 0, p[1] + 1, p[0][0], p[0][1]))
    return spark.createDataFrame(rows, SCHEMA)


def tokens(spark, path, fmt):
    if fmt == "parquet":
        frame = spark.read.parquet(path)
    elif fmt == "tsv":
        frame = spark.read.options(sep="\t", header=True, quote="", escape="").csv(path)
    else:
        return text_tokens(spark, path, fmt)
    return frame.selectExpr(
        "CAST(doc AS STRING) AS doc", "CAST(sent AS BIGINT) AS sent", "CAST(pos AS BIGINT) AS pos",
        "CAST(token AS STRING) AS token", "CAST(label AS STRING) AS label")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--format", choices=["parquet", "tsv", "tagged", "conllu"],
                        default="parquet", help="how GOLD and SYSTEM are stored")
    parser.add_argument("--no-token-check", action="store_true",
                        help="do not check that the tokens at each place are the same")
    parser.add_argument("gold")
    parser.add_argument("system")
    parser.add_argument("out", help="a directory for the text parts")
    args = parser.parse_args(argv)

    from pyspark.sql import SparkSession, functions as F

    spark = SparkSession.builder.appName("clustereval joint counts").getOrCreate()
    tokens(spark, args.gold, args.format).createOrReplaceTempView("gold_tokens")
    tokens(spark, args.system, args.format).createOrReplaceTempView("system_tokens")
    if not args.no_token_check:
        unpaired = spark.sql(JOINT_CHECK_SQL).collect()
        if unpaired:
            places = "; ".join(f"doc {r.doc!r}, sentence {r.sent}, token {r.pos}: gold "
                               f"{r.gold_token!r}, system {r.system_token!r}" for r in unpaired)
            print(f"joint_counts_spark: {args.system} does not pair with {args.gold}: {places}",
                  file=sys.stderr)
            return 1
    counts = spark.sql(JOINT_COUNTS_SQL)
    line = F.concat_ws("\t", "item", "class", "cluster", F.col("count").cast("string"))
    counts.select(line.alias("value")).write.mode("overwrite").text(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
