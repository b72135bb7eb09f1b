-- The places where gold_tokens and system_tokens do not pair (clustereval's token check):
-- one of them has no token there, or the two tokens differ. No row when the corpora pair.
SELECT coalesce(g.doc, s.doc) AS doc, coalesce(g.sent, s.sent) AS sent,
  coalesce(g.pos, s.pos) AS pos, g.token AS gold_token, s.token AS system_token
FROM gold_tokens AS g
FULL OUTER JOIN system_tokens AS s ON s.doc = g.doc AND s.sent = g.sent AND s.pos = g.pos
WHERE g.token IS NULL OR s.token IS NULL OR g.token <> s.token
ORDER BY doc, sent, pos
LIMIT 5
