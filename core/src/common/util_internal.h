/* Small shared pieces of the core: error filling and a growable byte buffer. */
#ifndef CE_UTIL_INTERNAL_H
#define CE_UTIL_INTERNAL_H

#include "clustereval.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define CE_PRINTF(fmt_index, args_index) __attribute__((format(printf, fmt_index, args_index)))
#else
#define CE_PRINTF(fmt_index, args_index)
#endif

/* Keeps a function out of its caller: a rare path (growing a table, adding a string), so
 * that the common path saves fewer registers; or the body of a long loop run by a function
 * called once (a climb's visits, extended BCubed's signatures), so that V8, which runs
 * wasm on a baseline tier first and optimizes a function only for its next call, has the
 * body optimized while the loop runs (the Makefile keeps the wasm optimizer from inlining
 * it back into its one caller). */
#if defined(__GNUC__) || defined(__clang__)
#define CE_NOINLINE __attribute__((noinline))
#else
#define CE_NOINLINE
#endif

/* Inlines a function the compiler judges too large to, where its calls' cost shows: one
 * called millions of times from one loop, or built twice for two ways of counting bits. */
#if defined(__GNUC__) || defined(__clang__)
#define CE_ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define CE_ALWAYS_INLINE inline
#endif

/*
 * Starts fetching the cache line at `at`: a hint, ahead of a load that would wait for memory.
 * On x86-64 and AArch64 it is the instruction itself, as volatile assembly: GCC 12 judges a
 * static function whose only effect is __builtin_prefetch free of effects and drops calls
 * to it, prefetch and all. Elsewhere (wasm: nothing to prefetch) the builtin or nothing.
 */
static inline void ce__prefetch(const void *at) {
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
  __asm__ __volatile__("prefetcht0 %0" : : "m"(*(const char *)at));
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__)
  __asm__ __volatile__("prfm pldl1keep, %0" : : "Q"(*(const char *)at));
#elif defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(at);
#else
  (void)at;
#endif
}

/*
 * Arrays past this many bytes lie beyond the caches: there a pass that reads ahead (the 1-1's
 * weight rows, the assignment's columns, the climbs' set-up, the exact search's walks,
 * ce__type_values) gains from it; within them the fetching costs more than it hides.
 */
#define CE_CACHED_BYTES ((size_t)2 << 20)

/*
 * calloc for the large hash tables reading grows and fills at random (words, labels, cells):
 * from CE_HUGE_BYTES on, their memory is asked for in huge pages (2 MB) where the kernel gives
 * transparent huge pages on request (Linux; elsewhere and in wasm plain calloc). Each 4 KB
 * page's first touch is a page fault, and their growth had taken a fifth of the 400,000 faults
 * of 10^6 one-token types at both levels, on the threads that read: the token level took 0.84
 * of its time with them in huge pages (random labels of 1,000 a side 0.83). On Linux such a
 * table is a mapping of its own, zero when mapped (no clearing pass) and unmapped when freed,
 * so that a table that grows by doubling leaves no hole in the heap. Freed with
 * ce__free_huge(at, count, size), the same count and size (NULL: nothing).
 */
#define CE_HUGE_BYTES ((size_t)4 << 20)
void *ce__calloc_huge(size_t count, size_t size);
void ce__free_huge(void *at, size_t count, size_t size);

/*
 * ce__prefetch of an address that holds data (never one past an array): where there is no
 * prefetch (wasm), a load whose value goes nowhere, which the processor running the code
 * starts as early and overlaps with the work after it as a prefetch would be.
 */
static inline void ce__prefetch_valid(const void *at) {
#if defined(__EMSCRIPTEN__)
  volatile unsigned char sink = *(const volatile unsigned char *)at;
  (void)sink;
#else
  ce__prefetch(at);
#endif
}

/*
 * Byte search eight bytes at a time (lines.c): the lines of a corpus are a few bytes long,
 * and a call to memchr costs more than the search itself at that length.
 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CE_WORD_SEARCH 1
/* The high bit of each byte of `word` that equals the byte repeated in `pattern`; exact
 * per byte (no carry crosses from one byte into the next). */
static inline uint64_t ce__bytes_equal(uint64_t word, uint64_t pattern) {
  const uint64_t lows = 0x7f7f7f7f7f7f7f7fu;
  word ^= pattern;
  return ~(((word & lows) + lows) | word | lows);
}
#endif

/*
 * Fills `err` (may be NULL) and returns `code`. When `source` is non-empty the message
 * is prefixed "source:line:" (line 0 omits the number), the form a user can jump to.
 */
ce_status ce__fail(ce_error *err, ce_status code, const char *source, uint64_t line,
                   uint64_t column, const char *fmt, ...) CE_PRINTF(6, 7);

/* Copies a filled error into `err` (may be NULL) and returns its code. */
ce_status ce__copy_error(ce_error *err, const ce_error *from);

/* A growable byte buffer; `data` is always NUL-terminated once anything is appended. */
typedef struct ce_buf {
  char *data;
  size_t len;
  size_t cap;
} ce_buf;

void ce__buf_free(ce_buf *buf);
/* Where `status` is CE_OK, hands the text over: *text (the caller frees it with ce_free) and
 * *len (may be NULL); otherwise frees it. Returns `status`. */
ce_status ce__buf_hand_over(ce_buf *buf, ce_status status, char **text, size_t *len);
ce_status ce__buf_reserve(ce_buf *buf, size_t extra);
ce_status ce__buf_append(ce_buf *buf, const void *bytes, size_t len);
ce_status ce__buf_puts(ce_buf *buf, const char *text);
ce_status ce__buf_printf(ce_buf *buf, const char *fmt, ...) CE_PRINTF(2, 3);

/*
 * Appends `bytes` for a message: at most `max` bytes, control bytes escaped, cut with "..."
 * so that a 10 MB token cannot swamp an error message.
 */
ce_status ce__buf_append_excerpt(ce_buf *buf, const char *bytes, size_t len, size_t max);

/* Appends `bytes` as a JSON string: quotes, backslashes and control bytes escaped, other
 * bytes as they are (inputs are validated UTF-8). */
ce_status ce__buf_put_json_string(ce_buf *buf, const char *bytes, size_t len);

/* Appends the shortest decimal that reads back as the same double; "null" if not finite. */
ce_status ce__buf_put_double(ce_buf *buf, double value);

/* An unsigned integer in decimal, as "%llu" writes it, without printf's machinery (the
 * page's detail holds hundreds of thousands of ids and counts). */
ce_status ce__buf_put_u64(ce_buf *buf, uint64_t value);

/* The splitmix64 finaliser: spreads neighbouring integer keys over a hash table's slots. */
static inline uint64_t ce__mix64(uint64_t key) {
  key ^= key >> 30;
  key *= 0xbf58476d1ce4e5b9u;
  key ^= key >> 27;
  key *= 0x94d049bb133111ebu;
  return key ^ (key >> 31);
}

/* Grows `*array` of `elem` bytes to hold at least `need` elements (doubling). */
ce_status ce__grow(void **array, size_t *cap, size_t need, size_t elem);

/* A growing array of ids. */
typedef struct ce_u32s {
  uint32_t *at;
  size_t len, cap;
} ce_u32s;

static inline ce_status ce__u32s_push(ce_u32s *list, uint32_t value) {
  if (ce__grow((void **)&list->at, &list->cap, list->len + 1, sizeof *list->at))
    return CE_ERR_NOMEM;
  list->at[list->len++] = value;
  return CE_OK;
}

/* Sorts ids or 64-bit keys ascending. */
void ce__sort_u32(uint32_t *ids, size_t count);
void ce__sort_u64(uint64_t *values, size_t count);

/* Sorts like qsort, but stably, by merging: musl's qsort, which the wasm build links, is a
 * smoothsort that took extended BCubed's set-up four times as long there as natively. Its
 * scratch is `count` elements: CE_ERR_NOMEM, base as it was, when it cannot be had. */
ce_status ce__sort(void *base, size_t count, size_t size,
                   int (*compare)(const void *, const void *));

/*
 * Records of `size` bytes, each with a list of ids (a `const uint32_t *` at byte `ids_at`, its
 * length a uint32_t at `n_at`), in the order of their ids, stably, where every list holds one
 * id (every item in one label of that side: a type-based clustering, one-token types): one
 * radix sort of (id, place) numbers instead of comparing lists. 0, the records as they were,
 * where a list holds another number of ids or the scratch cannot be had.
 */
int ce__sort_single_ids(void *records, size_t count, size_t size, size_t ids_at, size_t n_at);

/* Sorts `count` (key, value) pairs, pairs[2j] the key and pairs[2j + 1] the value, by key
 * ascending; pairs of equal keys keep their order. CE_ERR_NOMEM when its scratch (16 bytes
 * a pair) cannot be had: the pairs are then as they were. */
ce_status ce__sort_pairs_u64(uint64_t *pairs, size_t count);

/*
 * A sparse row summed through a dense accumulator (Gustavson's way): `acc` holds a value for
 * each of the row's possible ids, 0 between rows, and `ids` the ids added to, first met
 * first. Every addition is positive, so an id is new while its value is 0.
 */
typedef struct ce_sparse_row {
  double *acc;
  uint32_t *ids;
  size_t count;
} ce_sparse_row;

static inline void ce__sparse_add(ce_sparse_row *row, uint32_t id, double value) {
  if (row->acc[id] == 0.0) row->ids[row->count++] = id;
  row->acc[id] += value;
}

/* Puts the row's ids in ascending order: sorted, or, where they are many of the `size`
 * possible ids, read off the accumulator. */
void ce__sparse_ascending(ce_sparse_row *row, size_t size);

/* Clears the accumulator where the row added, for the next row. */
static inline void ce__sparse_clear(ce_sparse_row *row) {
  for (size_t j = 0; j < row->count; j++) row->acc[row->ids[j]] = 0.0;
  row->count = 0;
}

/* The first index of the ascending `values[0..count)` not below `key` (count when none is):
 * the search the sorted key tables of the measures and statistics share. */
static inline size_t ce__lower_bound_u64(const uint64_t *values, size_t count, uint64_t key) {
  size_t lo = 0, hi = count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (values[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static inline size_t ce__lower_bound_u32(const uint32_t *values, size_t count, uint32_t key) {
  size_t lo = 0, hi = count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (values[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

#endif
