"""scikit-learn's cluster measures by their ``sklearn.metrics`` names, computed by the core.

Each function takes what its scikit-learn namesake takes and returns exactly
``clustereval.score(labels_true, labels_pred, ...)["token"][id]`` for the same options, so a
script written for scikit-learn runs on unchanged: ``from clustereval import metrics``.
scikit-learn's ``average_method`` is accepted here, where its functions have it, and is
``score``'s ``nmi_mean``. The values agree with scikit-learn's but for the conventions
docs/measures.md gives: ``fowlkes_mallows_score`` is 1 where neither side puts two tokens
together (scikit-learn says 0); ``adjusted_mutual_info_score`` is 1 for identical partitions
and 0 where one side is all singletons (scikit-learn's rounding may say otherwise).

Computing several measures? One ``clustereval.score`` call returns all of them at once.
"""

from . import score

__all__ = [
    "adjusted_mutual_info_score", "adjusted_rand_score", "completeness_score",
    "fowlkes_mallows_score", "homogeneity_completeness_v_measure", "homogeneity_score",
    "mutual_info_score", "normalized_mutual_info_score", "rand_score", "v_measure_score",
]


def _token(labels_true, labels_pred, **options):
    """score's token level, each value a float as scikit-learn's (the JSON writes 1.0 as 1),
    or None where a measure is not defined."""
    token = score(labels_true, labels_pred, **options)["token"]
    return {k: v if v is None else float(v) for k, v in token.items()}


def homogeneity_completeness_v_measure(labels_true, labels_pred, *, beta=1.0):
    """(homogeneity, completeness, V-measure) at once: ids ``homogeneity``, ``completeness``,
    ``v_measure`` (Rosenberg & Hirschberg 2007)."""
    token = _token(labels_true, labels_pred, beta=beta)
    return token["homogeneity"], token["completeness"], token["v_measure"]


def homogeneity_score(labels_true, labels_pred):
    """``1 - H(C|K) / H(C)``, 1 when H(C) = 0: id ``homogeneity``."""
    return _token(labels_true, labels_pred)["homogeneity"]


def completeness_score(labels_true, labels_pred):
    """``1 - H(K|C) / H(K)``, 1 when H(K) = 0: id ``completeness``."""
    return _token(labels_true, labels_pred)["completeness"]


def v_measure_score(labels_true, labels_pred, *, beta=1.0):
    """The weighted harmonic mean of homogeneity and completeness: id ``v_measure``."""
    return _token(labels_true, labels_pred, beta=beta)["v_measure"]


def mutual_info_score(labels_true, labels_pred):
    """The mutual information in nats: id ``mi``."""
    return _token(labels_true, labels_pred)["mi"]


def normalized_mutual_info_score(labels_true, labels_pred, *, average_method="arithmetic"):
    """MI over the ``average_method`` mean of the entropies ("arithmetic", "geometric", "min"
    or "max"; ``score``'s ``nmi_mean``): id ``nmi``."""
    return _token(labels_true, labels_pred, nmi_mean=average_method)["nmi"]


def adjusted_mutual_info_score(labels_true, labels_pred, *, average_method="arithmetic"):
    """MI adjusted for chance (Vinh, Epps & Bailey 2010), its mean as in
    ``normalized_mutual_info_score``: id ``ami``."""
    return _token(labels_true, labels_pred, nmi_mean=average_method)["ami"]


def adjusted_rand_score(labels_true, labels_pred):
    """The Rand index adjusted for chance (Hubert & Arabie 1985): id ``ari``."""
    return _token(labels_true, labels_pred)["ari"]


def rand_score(labels_true, labels_pred):
    """The share of token pairs both sides agree on (together or apart): id ``rand``."""
    return _token(labels_true, labels_pred)["rand"]


def fowlkes_mallows_score(labels_true, labels_pred):
    """The geometric mean of pair precision and recall (Fowlkes & Mallows 1983): id ``fmi``;
    1 where neither side puts two tokens together (scikit-learn says 0)."""
    return _token(labels_true, labels_pred)["fmi"]
