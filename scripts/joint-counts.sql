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
