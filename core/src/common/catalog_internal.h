/* What the measure table (catalog.c) tells the core's own writers beyond the public API. */
#ifndef CE_CATALOG_INTERNAL_H
#define CE_CATALOG_INTERNAL_H

#include "clustereval.h"

/* The measure's column title in LaTeX where escaping its label would not do ("$H(C|K)$"),
 * else NULL. */
const char *ce__measure_latex(ce_measure measure);
/* 1 when the measure's value is in the unit of the log base (nats, or bits with --log2). */
int ce__measure_in_logs(ce_measure measure);

#endif
