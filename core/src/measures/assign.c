#include "measures/assign_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

/* A rows × cols weight matrix seen as costs, transposed when rows outnumber columns. */
typedef struct cost_view {
  const double *weights;
  size_t cols;
  int transposed;
} cost_view;

static double cost_at(const cost_view *view, size_t i, size_t j) {
  /* Maximising weight = minimising its negative; the algorithm accepts any real cost. */
  return view->transposed ? -view->weights[j * view->cols + i] : -view->weights[i * view->cols + j];
}

/*
 * Minimum-cost assignment of every one of `n` rows to a distinct one of `m >= n` columns
 * (Kuhn–Munkres with potentials u, v). Arrays are 1-based as in the classical statement;
 * row_of_col[j] is the row holding column j (0: none), row_of_col[0] is scratch.
 */
static ce_status hungarian(const cost_view *view, size_t n, size_t m, size_t *row_of_col) {
  double *u = calloc(n + 1, sizeof *u), *v = calloc(m + 1, sizeof *v);
  double *min_slack = malloc((m + 1) * sizeof *min_slack);
  size_t *way = calloc(m + 1, sizeof *way);
  unsigned char *used = malloc(m + 1);
  ce_status status = CE_OK;
  if (!u || !v || !min_slack || !way || !used) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  for (size_t j = 0; j <= m; j++) row_of_col[j] = 0;
  for (size_t i = 1; i <= n; i++) {
    row_of_col[0] = i;
    size_t j0 = 0;
    for (size_t j = 0; j <= m; j++) {
      min_slack[j] = DBL_MAX;
      used[j] = 0;
    }
    do {
      used[j0] = 1;
      size_t i0 = row_of_col[j0], j1 = 0;
      double delta = DBL_MAX;
      for (size_t j = 1; j <= m; j++) {
        if (used[j]) continue;
        double slack = cost_at(view, i0 - 1, j - 1) - u[i0] - v[j];
        if (slack < min_slack[j]) {
          min_slack[j] = slack;
          way[j] = j0;
        }
        if (min_slack[j] < delta) {
          delta = min_slack[j];
          j1 = j;
        }
      }
      if (!j1) {
        status = CE_ERR_INTERNAL; /* only with non-finite costs */
        goto done;
      }
      for (size_t j = 0; j <= m; j++) {
        if (used[j]) {
          u[row_of_col[j]] += delta;
          v[j] -= delta;
        } else {
          min_slack[j] -= delta;
        }
      }
      j0 = j1;
    } while (row_of_col[j0] != 0);
    do { /* flip the augmenting path */
      size_t j1 = way[j0];
      row_of_col[j0] = row_of_col[j1];
      j0 = j1;
    } while (j0);
  }
done:
  free(u);
  free(v);
  free(min_slack);
  free(way);
  free(used);
  return status;
}

ce_status ce__assign_max(const double *weights, size_t rows, size_t cols, long *row_to_col,
                         double *total) {
  for (size_t r = 0; row_to_col && r < rows; r++) row_to_col[r] = -1;
  *total = 0.0;
  if (!rows || !cols) return CE_OK;
  int transposed = rows > cols;
  size_t n = transposed ? cols : rows, m = transposed ? rows : cols;
  cost_view view = {weights, cols, transposed};
  size_t *row_of_col = malloc((m + 1) * sizeof *row_of_col);
  if (!row_of_col) return CE_ERR_NOMEM;
  ce_status status = hungarian(&view, n, m, row_of_col);
  if (!status) {
    double sum = 0.0;
    for (size_t j = 1; j <= m; j++) {
      if (!row_of_col[j]) continue;
      size_t r = transposed ? j - 1 : row_of_col[j] - 1;
      size_t c = transposed ? row_of_col[j] - 1 : j - 1;
      sum += weights[r * cols + c];
      if (row_to_col) row_to_col[r] = (long)c;
    }
    *total = sum;
  }
  free(row_of_col);
  return status;
}

/* ------------------------------------------------------------ sparse weights */

/*
 * The primal-dual (Hungarian) method over adjacency lists. Costs are the negated weights;
 * row r may also stay unmatched, at cost 0, through a column of its own (column cols + r),
 * so the problem is an assignment of every row in which a free column always exists. Duals
 * u by row and v by column keep every reduced cost c - u - v >= 0, matched edges at 0 and
 * free columns at v = 0, which makes the matching optimal once every row is placed (the LP
 * of the rectangular assignment problem and its complementary slackness; Bertsekas 1998,
 * §1.2, §7.1). A phase is a Dijkstra over the alternating paths from some free rows (a
 * queue of reached columns, never a dense scan) up to δ, the distance of the nearest free
 * column; the duals then move by the distances, which makes every shortest path tight, and
 * the phase augments along a maximal set of disjoint shortest paths, fewest edges first,
 * found by depth-first search in their layers, as Hopcroft & Karp (1973) do for
 * cardinality. From one free row this is successive shortest paths (Crouse 2016, the
 * algorithm of SciPy's linear_sum_assignment). Searches never leave the connected
 * component of their rows, so components are solved apart without being found first.
 * Memory O(rows + cols + edges).
 */
typedef struct heap_entry {
  double key;
  uint32_t hops, col;
} heap_entry;

/* What a search keeps of a column, side by side: one cache line serves a visit. */
typedef struct lap_col {
  double v;      /* the dual */
  double dist;   /* valid while `state` is not UNSEEN, with `hops` */
  uint32_t hops; /* the edges from a free row to it on its shortest path, fewest */
  uint32_t row;  /* the row holding it, CE_NONE if free */
  unsigned char state;
} lap_col;

/*
 * The search's queue, in order of (distance, hops). Integer weights give integer distances:
 * keys below BUCKETS then go to buckets (Dial 1969), and a bucket, once reached, is its
 * entries sorted by hops merged with those pushed meanwhile at the same distance, which
 * come in order of hops; other keys, and every key of real weights, go to a binary heap.
 * The order of entries equal in both does not matter: a phase settles every column up to
 * its δ, and what it does next reads only distances and hops.
 */
#define BUCKETS 4096
typedef struct lap_queue {
  int integer;
  uint32_t head[BUCKETS]; /* per key: its entries pushed before it was reached, linked */
  size_t used_keys;       /* buckets at or above this have never been used this phase */
  size_t key;             /* the key being popped; the buckets below are empty */
  int in_bucket;          /* 1 while popping bucket `key` */
  uint32_t *entry_col, *entry_hops, *entry_next;
  size_t entries, entry_cap;
  heap_entry *sorted, *fifo; /* bucket `key`: its sorted entries, and those pushed since */
  size_t sorted_n, sorted_at, fifo_n, fifo_at, sorted_cap, fifo_cap;
  heap_entry *heap;
  size_t heap_n, heap_cap;
} lap_queue;

typedef struct sparse_lap {
  size_t rows, cols; /* cols counts the real columns; column cols + r is row r's own */
  const size_t *start;
  const uint32_t *col;
  const double *weight;
  lap_col *c;
  double *u;            /* per row: the dual */
  double *row_dist;     /* per settled row: the distance it was reached at */
  uint32_t *row_hops;   /* and the hops */
  uint32_t *col_of_row; /* CE_NONE: none */
  uint32_t *reached;    /* the columns the phase reached */
  size_t reached_n;
  uint32_t *settled_rows, *free_rows; /* rows the phase settled, sources included */
  size_t settled_n, free_n;
  uint32_t *stack_row; /* the depth-first search: rows and their next edge */
  size_t *stack_edge;
  lap_queue q;
} sparse_lap;

#define CE_NONE UINT32_MAX
enum { UNSEEN, REACHED, SETTLED, USED };

/* Heap order: the smaller distance, then fewer edges, then the smaller column id. */
static int heap_before(heap_entry x, heap_entry y) {
  if (x.key != y.key) return x.key < y.key;
  if (x.hops != y.hops) return x.hops < y.hops;
  return x.col < y.col;
}

static ce_status heap_push(lap_queue *q, double key, uint32_t hops, uint32_t col) {
  if (q->heap_n == q->heap_cap) {
    size_t cap = q->heap_cap ? 2 * q->heap_cap : 256;
    heap_entry *grown = realloc(q->heap, cap * sizeof *grown);
    if (!grown) return CE_ERR_NOMEM;
    q->heap = grown;
    q->heap_cap = cap;
  }
  heap_entry entry = {key, hops, col};
  size_t at = q->heap_n++;
  while (at) {
    size_t parent = (at - 1) / 2;
    if (!heap_before(entry, q->heap[parent])) break;
    q->heap[at] = q->heap[parent];
    at = parent;
  }
  q->heap[at] = entry;
  return CE_OK;
}

static heap_entry heap_pop(lap_queue *q) {
  heap_entry top = q->heap[0], last = q->heap[--q->heap_n];
  size_t at = 0, n = q->heap_n;
  for (;;) {
    size_t child = 2 * at + 1;
    if (child >= n) break;
    if (child + 1 < n && heap_before(q->heap[child + 1], q->heap[child])) child++;
    if (!heap_before(q->heap[child], last)) break;
    q->heap[at] = q->heap[child];
    at = child;
  }
  if (n) q->heap[at] = last;
  return top;
}

static void queue_clear(lap_queue *q) {
  for (size_t k = 0; k < q->used_keys; k++) q->head[k] = CE_NONE;
  q->used_keys = q->key = q->entries = q->heap_n = 0;
  q->in_bucket = 0;
}

/* Appends to an array of entries, growing it. */
static ce_status entries_append(heap_entry **array, size_t *n, size_t *cap, heap_entry entry) {
  if (*n == *cap) {
    size_t grown_cap = *cap ? 2 * *cap : 1024;
    heap_entry *grown = realloc(*array, grown_cap * sizeof *grown);
    if (!grown) return CE_ERR_NOMEM;
    *array = grown;
    *cap = grown_cap;
  }
  (*array)[(*n)++] = entry;
  return CE_OK;
}

static ce_status queue_push(lap_queue *q, double key, uint32_t hops, uint32_t col) {
  if (!q->integer || !(key < BUCKETS)) return heap_push(q, key, hops, col);
  size_t k = (size_t)key; /* >= q->key: keys only grow during a search */
  if (q->in_bucket && k == q->key) {
    heap_entry entry = {key, hops, col};
    return entries_append(&q->fifo, &q->fifo_n, &q->fifo_cap, entry);
  }
  if (q->entries == q->entry_cap) {
    size_t cap = q->entry_cap ? 2 * q->entry_cap : 1024;
    uint32_t *grown[3] = {realloc(q->entry_col, cap * sizeof(uint32_t)), NULL, NULL};
    if (grown[0]) q->entry_col = grown[0];
    grown[1] = realloc(q->entry_hops, cap * sizeof(uint32_t));
    if (grown[1]) q->entry_hops = grown[1];
    grown[2] = realloc(q->entry_next, cap * sizeof(uint32_t));
    if (grown[2]) q->entry_next = grown[2];
    if (!grown[0] || !grown[1] || !grown[2]) return CE_ERR_NOMEM;
    q->entry_cap = cap;
  }
  for (; q->used_keys <= k; q->used_keys++) q->head[q->used_keys] = CE_NONE;
  q->entry_col[q->entries] = col;
  q->entry_hops[q->entries] = hops;
  q->entry_next[q->entries] = q->head[k];
  q->head[k] = (uint32_t)q->entries++;
  return CE_OK;
}

static int compare_hops(const void *x, const void *y) {
  const heap_entry *a = x, *b = y;
  return a->hops != b->hops ? (a->hops > b->hops) - (a->hops < b->hops)
                            : (a->col > b->col) - (a->col < b->col);
}

/* The entry of the smallest (key, hops) into *top; 0 when the queue is empty. */
static int queue_pop(lap_queue *q, heap_entry *top, ce_status *status) {
  for (;;) {
    if (q->in_bucket) {
      int sorted_left = q->sorted_at < q->sorted_n, fifo_left = q->fifo_at < q->fifo_n;
      if (sorted_left && (!fifo_left || q->sorted[q->sorted_at].hops <= q->fifo[q->fifo_at].hops)) {
        *top = q->sorted[q->sorted_at++];
        return 1;
      }
      if (fifo_left) {
        *top = q->fifo[q->fifo_at++];
        return 1;
      }
      q->in_bucket = 0;
      q->key++;
    }
    while (q->key < q->used_keys && q->head[q->key] == CE_NONE) q->key++;
    if (q->key >= q->used_keys) break;
    /* Reach bucket `key`: its entries, sorted by hops. */
    q->sorted_n = q->sorted_at = q->fifo_n = q->fifo_at = 0;
    for (uint32_t e = q->head[q->key]; e != CE_NONE; e = q->entry_next[e]) {
      heap_entry entry = {(double)q->key, q->entry_hops[e], q->entry_col[e]};
      *status = entries_append(&q->sorted, &q->sorted_n, &q->sorted_cap, entry);
      if (*status) return 0;
    }
    q->head[q->key] = CE_NONE;
    size_t rise = 1; /* often already in order: all entries of a first phase have 1 hop */
    while (rise < q->sorted_n && q->sorted[rise - 1].hops <= q->sorted[rise].hops) rise++;
    if (rise < q->sorted_n) qsort(q->sorted, q->sorted_n, sizeof *q->sorted, compare_hops);
    q->in_bucket = 1;
  }
  if (!q->heap_n) return 0;
  *top = heap_pop(q);
  return 1;
}

/* The distance to column j through row i (reached at `reach`) by edge weight `w` (0 for the
 * row's own column). The depth-first search recomputes it with the same operands, so that
 * an edge is on a shortest path exactly when this equals the column's distance. */
static double through(const sparse_lap *lap, uint32_t i, double reach, double w, double v) {
  return reach - w - lap->u[i] - v;
}

/* Settles row i at distance `reach`, `hops` edges from a free row: offers its columns. */
static ce_status scan_row(sparse_lap *lap, uint32_t i, double reach, uint32_t hops) {
  lap->row_dist[i] = reach;
  lap->row_hops[i] = hops++;
  lap->settled_rows[lap->settled_n++] = i;
  for (size_t e = lap->start[i], end = lap->start[i + 1]; e <= end; e++) {
    uint32_t j = e == end ? (uint32_t)(lap->cols + i) : lap->col[e];
    lap_col *c = &lap->c[j];
    if (c->state == SETTLED) continue;
    double d = through(lap, i, reach, e == end ? 0.0 : lap->weight[e], c->v);
    if (c->state == UNSEEN) {
      c->state = REACHED;
      lap->reached[lap->reached_n++] = j;
    } else if (d > c->dist || (d == c->dist && hops >= c->hops)) {
      continue;
    }
    c->dist = d;
    c->hops = hops;
    ce_status status = queue_push(&lap->q, d, hops, j);
    if (status) return status;
  }
  return CE_OK;
}

/* Dijkstra from the first `sources` free rows up to the nearest free column, and every
 * column as near; returns that distance in *delta. */
static ce_status search(sparse_lap *lap, size_t sources, double *delta) {
  lap->reached_n = lap->settled_n = 0;
  queue_clear(&lap->q);
  ce_status status = CE_OK;
  for (size_t s = 0; s < sources && !status; s++) status = scan_row(lap, lap->free_rows[s], 0, 0);
  int found = 0;
  heap_entry top;
  while (!status && queue_pop(&lap->q, &top, &status)) {
    lap_col *c = &lap->c[top.col];
    if (c->state == SETTLED || top.key != c->dist || top.hops != c->hops) continue; /* replaced */
    if (found && top.key > *delta) break;
    c->state = SETTLED;
    if (c->row == CE_NONE) {
      if (!found) *delta = top.key;
      found = 1;
    } else {
      status = scan_row(lap, c->row, top.key, top.hops);
    }
  }
  return status ? status : found ? CE_OK : CE_ERR_INTERNAL;
}

/* Depth-first from free row `source` along tight edges to a free column, each column used
 * once a phase (Hopcroft & Karp); flips the path found. */
static void augment_from(sparse_lap *lap, uint32_t source) {
  size_t depth = 0;
  lap->stack_row[0] = source;
  lap->stack_edge[0] = lap->start[source];
  for (;;) {
    uint32_t i = lap->stack_row[depth];
    size_t e = lap->stack_edge[depth], end = lap->start[i + 1];
    uint32_t next = CE_NONE;
    for (; e <= end && next == CE_NONE; e++) {
      uint32_t j = e == end ? (uint32_t)(lap->cols + i) : lap->col[e];
      lap_col *c = &lap->c[j];
      if (c->state != SETTLED || c->hops != lap->row_hops[i] + 1) continue;
      if (through(lap, i, lap->row_dist[i], e == end ? 0.0 : lap->weight[e], c->v) != c->dist)
        continue;
      c->state = USED;
      next = j;
    }
    lap->stack_edge[depth] = e;
    if (next == CE_NONE) { /* a dead end: back up */
      if (!depth) return;
      depth--;
      continue;
    }
    uint32_t holder = lap->c[next].row;
    if (holder == CE_NONE) { /* a free column: flip the path */
      for (size_t level = depth + 1; level-- > 0;) {
        uint32_t row = lap->stack_row[level], taken = lap->col_of_row[row];
        lap->col_of_row[row] = next;
        lap->c[next].row = row;
        next = taken;
      }
      return;
    }
    depth++;
    lap->stack_row[depth] = holder;
    lap->stack_edge[depth] = lap->start[holder];
  }
}

/* One phase from the first `sources` free rows: the search, the augmentations, the duals.
 * Returns the rows it placed in *placed (at least one). */
static ce_status phase(sparse_lap *lap, size_t sources, size_t *placed) {
  double delta = 0.0;
  ce_status status = search(lap, sources, &delta);
  if (status) return status;
  for (size_t s = 0; s < sources; s++) augment_from(lap, lap->free_rows[s]);
  size_t kept = 0; /* rows placed in this phase leave the list */
  for (size_t s = 0; s < lap->free_n; s++)
    if (lap->col_of_row[lap->free_rows[s]] == CE_NONE) lap->free_rows[kept++] = lap->free_rows[s];
  *placed = lap->free_n - kept;
  lap->free_n = kept;
  /* The duals move by the distances, as the search left them. */
  for (size_t s = 0; s < lap->settled_n; s++) {
    uint32_t r = lap->settled_rows[s];
    lap->u[r] += delta - lap->row_dist[r];
  }
  for (size_t s = 0; s < lap->reached_n; s++) {
    lap_col *c = &lap->c[lap->reached[s]];
    if (c->state >= SETTLED) c->v -= delta - c->dist;
    c->state = UNSEEN;
  }
  return CE_OK;
}

/* Row i's cheapest and second cheapest reduced costs c_ij - v_j over its edges and its own
 * column (cost 0), and their columns; *j2 = CE_NONE when i has no edge. */
static void best_two(const sparse_lap *lap, uint32_t i, double *u1, uint32_t *j1, double *u2,
                     uint32_t *j2) {
  uint32_t own = (uint32_t)(lap->cols + i), first = own, second = CE_NONE;
  /* In locals, not through the pointers (which might alias the duals); `low2` infinite
   * until a second is found, so that one compare (d < low2, as low1 <= low2) lets most
   * edges pass: the first cheapest and the first cheapest of the rest, as before. */
  double low1 = -lap->c[own].v, low2 = INFINITY;
  for (size_t e = lap->start[i]; e < lap->start[i + 1]; e++) {
    uint32_t j = lap->col[e];
    double d = -lap->weight[e] - lap->c[j].v;
    if (!(d < low2)) continue;
    if (d < low1) {
      low2 = low1;
      second = first;
      low1 = d;
      first = j;
    } else {
      low2 = d;
      second = j;
    }
  }
  *u1 = low1;
  *j1 = first;
  *u2 = second == CE_NONE ? 0.0 : low2;
  *j2 = second;
}

/*
 * Bids of the row reduction, at most: a bid scans its row, and where weights lie close
 * together (dense rows of real weights) rows outbid one another by tiny steps, a price war
 * the phases end sooner. MicroC's type-level 1-1 on random labels of 1,000 a side (1,000
 * rows of 1,000 edges): 169,004 bids and no phase, 0.13 s; at most 64 bids a row, 64,000
 * and 18 phases, 0.08 s (32: 0.10 s, 128: 0.10 s, 256: 0.13 s). Only rows of more than 15
 * edges on average reach it before the bound of 4 · (edges + rows). A test sets 1.
 */
#ifndef CE_ASSIGN_BIDS_A_ROW
#define CE_ASSIGN_BIDS_A_ROW 64
#endif

/*
 * Jonker & Volgenant's (1987) augmenting row reduction, before the phases: a free row takes
 * its cheapest column and lowers that column's dual until its second cheapest costs as
 * much (an auction bid at ε = 0); the row holding the column, if any, is free again and
 * bids next. Two passes over the free rows, and a bound on the bids, as theirs, and
 * CE_ASSIGN_BIDS_A_ROW's. It keeps every reduced cost >= 0 with each placed row tight, and
 * lowers only the duals of columns it places, so free columns keep v = 0: the phases start
 * from where it stops.
 */
/* The columns ahead of reduce_rows' passes over the rows, where they lie past the cache (10^6
 * one-token types: a class's column a row, anywhere among 1.6·10^6): those of the first few
 * edges of row i, which a pass reads CE_COLUMNS_AHEAD rows later. Nothing is written. */
#define CE_COLUMNS_AHEAD 16

static void columns_prefetch(const sparse_lap *lap, uint32_t i) {
  for (size_t e = lap->start[i]; e < lap->start[i + 1] && e < lap->start[i] + 4; e++)
    ce__prefetch(&lap->c[lap->col[e]]);
}

static void reduce_rows(sparse_lap *lap) {
  size_t bids = 4 * (lap->start[lap->rows] + lap->rows);
  if (bids / CE_ASSIGN_BIDS_A_ROW > lap->rows) bids = CE_ASSIGN_BIDS_A_ROW * lap->rows;
  int far_apart = (lap->cols + lap->rows) * sizeof *lap->c > CE_CACHED_BYTES;
  for (int pass = 0; pass < 2 && lap->free_n; pass++) {
    size_t current = 0, pending = lap->free_n;
    lap->free_n = 0; /* the rows left free for the next pass, at the front; never ahead */
    while (current < pending) {
      if (far_apart && current + CE_COLUMNS_AHEAD < pending)
        columns_prefetch(lap, lap->free_rows[current + CE_COLUMNS_AHEAD]);
      uint32_t i = lap->free_rows[current++];
      if (!bids) {
        lap->free_rows[lap->free_n++] = i;
        continue;
      }
      bids--;
      double u1, u2;
      uint32_t j1, j2;
      best_two(lap, i, &u1, &j1, &u2, &j2);
      uint32_t holder = lap->c[j1].row;
      int lower = j2 != CE_NONE && u1 < u2;
      if (lower) {
        lap->c[j1].v -= u2 - u1;
      } else if (holder != CE_NONE && j2 != CE_NONE) { /* a tie: the other column */
        j1 = j2;
        holder = lap->c[j2].row;
      }
      lap->c[j1].row = i;
      lap->col_of_row[i] = j1;
      if (holder == CE_NONE) continue;
      lap->col_of_row[holder] = CE_NONE;
      if (lower)
        lap->free_rows[--current] = holder; /* bids next */
      else
        lap->free_rows[lap->free_n++] = holder;
    }
  }
  /* The row duals for the phases: a placed row's reduced cost is 0 on its column, a free
   * row's smallest is 0. */
  for (size_t r = 0; r < lap->rows; r++) {
    if (far_apart && r + CE_COLUMNS_AHEAD < lap->rows)
      columns_prefetch(lap, (uint32_t)(r + CE_COLUMNS_AHEAD));
    uint32_t j = lap->col_of_row[r];
    double u1, u2;
    uint32_t j1, j2;
    best_two(lap, (uint32_t)r, &u1, &j1, &u2, &j2);
    if (j == CE_NONE || j == lap->cols + r) {
      lap->u[r] = j == CE_NONE ? u1 : -lap->c[j].v;
      continue;
    }
    for (size_t e = lap->start[r]; e < lap->start[r + 1]; e++)
      if (lap->col[e] == j) lap->u[r] = -lap->weight[e] - lap->c[j].v;
  }
}

static void sparse_lap_free(sparse_lap *lap) {
  free(lap->c);
  free(lap->u);
  free(lap->row_dist);
  free(lap->row_hops);
  free(lap->reached);
  free(lap->settled_rows);
  free(lap->free_rows);
  free(lap->stack_row);
  free(lap->stack_edge);
  free(lap->q.entry_col);
  free(lap->q.entry_hops);
  free(lap->q.sorted);
  free(lap->q.fifo);
  free(lap->q.entry_next);
  free(lap->q.heap);
}

/* Row r's partner, or CE_NONE, of `rows` rows with edges start/col/weight. */
static ce_status solve_sparse(size_t rows, size_t cols, const size_t *start, const uint32_t *col,
                              const double *weight, uint32_t *col_of_row) {
  sparse_lap *lap = calloc(1, sizeof *lap);
  if (!lap) return CE_ERR_NOMEM;
  size_t all = cols + rows;
  lap->rows = rows;
  lap->cols = cols;
  lap->start = start;
  lap->col = col;
  lap->weight = weight;
  lap->col_of_row = col_of_row;
  lap->c = malloc(all * sizeof *lap->c);
  lap->u = malloc(rows * sizeof *lap->u);
  lap->row_dist = malloc(rows * sizeof *lap->row_dist);
  lap->row_hops = malloc(rows * sizeof *lap->row_hops);
  lap->reached = malloc(all * sizeof *lap->reached);
  lap->settled_rows = malloc(rows * sizeof *lap->settled_rows);
  lap->free_rows = malloc(rows * sizeof *lap->free_rows);
  lap->stack_row = malloc((rows + 1) * sizeof *lap->stack_row);
  lap->stack_edge = malloc((rows + 1) * sizeof *lap->stack_edge);
  ce_status status = CE_OK;
  if (!lap->c || !lap->u || !lap->row_dist || !lap->row_hops || !lap->reached ||
      !lap->settled_rows || !lap->free_rows || !lap->stack_row || !lap->stack_edge)
    status = CE_ERR_NOMEM;
  for (size_t j = 0; !status && j < all; j++) {
    lap->c[j].v = 0.0;
    lap->c[j].row = CE_NONE;
    lap->c[j].state = UNSEEN;
  }
  /* Integer weights keep every dual and distance an integer, exactly while all the weights
   * together stay below 2^52. */
  double weight_sum = 0.0;
  lap->q.integer = 1;
  for (size_t e = 0; !status && e < start[rows]; e++) {
    weight_sum += weight[e];
    if (weight[e] != (double)(int64_t)weight[e]) lap->q.integer = 0;
  }
  if (!(weight_sum < 4503599627370496.0)) lap->q.integer = 0;
  for (size_t r = 0; !status && r < rows; r++) {
    col_of_row[r] = CE_NONE;
    lap->free_rows[lap->free_n++] = (uint32_t)r;
  }
  if (!status) reduce_rows(lap);
  /*
   * A phase from every free row places many rows where distances tie (integer weights,
   * plateaus of equal weights), but where they rarely tie it places few and still searches
   * around every free row: a phase from one row (successive shortest paths) then costs far
   * less a row. Each way's cost a placed row (columns reached) is kept, the cheaper runs,
   * and the other is tried again once the cheaper has spent what that trial would cost.
   * Counts only, no clock: the same input takes the same phases.
   */
  double all_cost = 0.0, one_cost = -1.0; /* columns reached a placed row; -1 unknown */
  double all_last = 0.0, spent = 0.0;     /* the last all-rows phase's work; work since */
  int from_all = 1;
  while (!status && lap->free_n) {
    size_t placed = 0;
    if (lap->free_n == 1) from_all = 1;
    status = phase(lap, from_all ? lap->free_n : 1, &placed);
    double cost = (double)lap->reached_n;
    if (from_all) {
      all_cost = cost / (double)placed;
      all_last = cost;
      spent = 0.0;
      if (placed <= 4) one_cost = -1.0; /* a poor yield: measure the other way afresh */
      from_all = one_cost >= 0.0 && all_cost <= one_cost;
    } else {
      one_cost = one_cost < 0.0 ? cost : 0.75 * one_cost + 0.25 * cost;
      spent += cost;
      from_all = all_cost <= one_cost || spent >= all_last;
    }
  }
  for (size_t r = 0; !status && r < rows; r++)
    if (col_of_row[r] >= cols) col_of_row[r] = CE_NONE; /* its own column: unmatched */
  sparse_lap_free(lap);
  free(lap);
  return status;
}

ce_status ce__assign_sparse(size_t rows, size_t cols, const size_t *start, const uint32_t *col,
                            const double *weight, long *row_to_col, double *total) {
  for (size_t r = 0; row_to_col && r < rows; r++) row_to_col[r] = -1;
  *total = 0.0;
  if (!rows || !cols) return CE_OK;
  if (rows >= UINT32_MAX || cols >= UINT32_MAX - rows) return CE_ERR_NOMEM;
  /* Searches start from the smaller side: one search a row. */
  int transposed = rows > cols;
  size_t n = transposed ? cols : rows, m = transposed ? rows : cols, edges = start[rows];
  size_t *t_start = NULL;
  uint32_t *t_col = NULL, *partner = malloc(n * sizeof *partner);
  double *t_weight = NULL;
  ce_status status = partner ? CE_OK : CE_ERR_NOMEM;
  if (!status && transposed) { /* adjacency by column, rows ascending (a counting sort) */
    t_start = calloc(cols + 1, sizeof *t_start);
    t_col = malloc((edges ? edges : 1) * sizeof *t_col);
    t_weight = malloc((edges ? edges : 1) * sizeof *t_weight);
    if (!t_start || !t_col || !t_weight) status = CE_ERR_NOMEM;
    for (size_t e = 0; !status && e < edges; e++) t_start[col[e] + 1]++;
    for (size_t j = 0; !status && j < cols; j++) t_start[j + 1] += t_start[j];
    for (size_t r = 0; !status && r < rows; r++)
      for (size_t e = start[r]; e < start[r + 1]; e++) {
        size_t at = t_start[col[e]]++;
        t_col[at] = (uint32_t)r;
        t_weight[at] = weight[e];
      }
    for (size_t j = cols; !status && j > 0; j--) t_start[j] = t_start[j - 1];
    if (!status) t_start[0] = 0;
  }
  if (!status)
    status = transposed ? solve_sparse(n, m, t_start, t_col, t_weight, partner)
                        : solve_sparse(n, m, start, col, weight, partner);
  if (!status) {
    /* The total in row order, from the weights themselves. */
    long *row_col = row_to_col ? row_to_col : malloc(rows * sizeof *row_col);
    if (!row_col) status = CE_ERR_NOMEM;
    for (size_t r = 0; !status && r < rows; r++) row_col[r] = -1;
    for (size_t s = 0; !status && s < n; s++)
      if (partner[s] != CE_NONE) {
        if (transposed)
          row_col[partner[s]] = (long)s;
        else
          row_col[s] = (long)partner[s];
      }
    double sum = 0.0;
    for (size_t r = 0; !status && r < rows; r++)
      for (size_t e = start[r]; row_col[r] >= 0 && e < start[r + 1]; e++)
        if (col[e] == (uint32_t)row_col[r]) {
          sum += weight[e];
          break;
        }
    if (!status) *total = sum;
    if (row_col != row_to_col) free(row_col);
  }
  free(partner);
  free(t_start);
  free(t_col);
  free(t_weight);
  return status;
}

int ce__assign_goes_sparse(size_t rows, size_t cols) {
  size_t small = rows < cols ? rows : cols, large = rows < cols ? cols : rows;
  return !small || (double)small * small * large > CE_ASSIGN_DENSE_WORK;
}

ce_status ce__assign_edges(size_t rows, size_t cols, const size_t *start, const uint32_t *col,
                           const double *weight, long *row_to_col, double *total) {
  if (ce__assign_goes_sparse(rows, cols))
    return ce__assign_sparse(rows, cols, start, col, weight, row_to_col, total);
  double *dense = calloc(rows * cols, sizeof *dense);
  long *matched = row_to_col ? row_to_col : malloc(rows * sizeof *matched);
  ce_status status = dense && matched ? CE_OK : CE_ERR_NOMEM;
  for (size_t r = 0; !status && r < rows; r++)
    for (size_t e = start[r]; e < start[r + 1]; e++) dense[r * cols + col[e]] = weight[e];
  if (!status) status = ce__assign_max(dense, rows, cols, matched, total);
  /* A row the dense solution pairs with a zero weight (no edge) stays unmatched. */
  for (size_t r = 0; !status && row_to_col && r < rows; r++)
    if (row_to_col[r] >= 0 && dense[r * cols + (size_t)row_to_col[r]] == 0.0) row_to_col[r] = -1;
  if (matched != row_to_col) free(matched);
  free(dense);
  return status;
}
