#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#include <sys/mman.h>
#endif

#include "common/util_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ce_status ce__fail(ce_error *err, ce_status code, const char *source, uint64_t line,
                   uint64_t column, const char *fmt, ...) {
  if (!err) return code;
  err->code = code;
  err->line = line;
  err->column = column;
  snprintf(err->source, sizeof err->source, "%s", source ? source : "");
  size_t used = 0;
  if (err->source[0] && line)
    used = (size_t)snprintf(err->message, sizeof err->message, "%s:%llu: ", err->source,
                            (unsigned long long)line);
  else if (err->source[0])
    used = (size_t)snprintf(err->message, sizeof err->message, "%s: ", err->source);
  if (used >= sizeof err->message) used = sizeof err->message - 1;
  va_list args;
  va_start(args, fmt);
  vsnprintf(err->message + used, sizeof err->message - used, fmt, args);
  va_end(args);
  return code;
}

ce_status ce__copy_error(ce_error *err, const ce_error *from) {
  if (err && err != from) *err = *from;
  return from->code;
}

void ce__buf_free(ce_buf *buf) {
  free(buf->data);
  buf->data = NULL;
  buf->len = buf->cap = 0;
}

ce_status ce__buf_hand_over(ce_buf *buf, ce_status status, char **text, size_t *len) {
  if (status) {
    ce__buf_free(buf);
    return status;
  }
  *text = buf->data;
  if (len) *len = buf->len;
  return CE_OK;
}

/*
 * Ascending sorts of plain numbers, where equal values cannot be told apart (so any correct
 * sort gives the same result): quicksort on the median of three, insertion below
 * CE_SORT_SMALL, and heapsort for a part still unsorted after 2·log2(count) halvings
 * (introsort, Musser 1997), so that no input takes quadratic time. They replace qsort, which
 * called a comparison function for every step (glibc's also allocated its scratch): 1.5–2%
 * of the processor time of the type level on many labels, where the exact M-1 search sorts a
 * handful of keys for each of 10^6 components.
 */
#define CE_SORT_SMALL 16
#ifndef CE_SORT_HALVINGS /* a test builds the sorts with 0, to run heapsort on every part */
#define CE_SORT_HALVINGS 2
#endif

#define CE_NUMBER_SORT(name, type)                                                         \
  static void name##_insertion(type *v, size_t n) {                                        \
    for (size_t j = 1; j < n; j++) {                                                       \
      type x = v[j];                                                                       \
      size_t at = j;                                                                       \
      for (; at > 0 && v[at - 1] > x; at--) v[at] = v[at - 1];                             \
      v[at] = x;                                                                           \
    }                                                                                      \
  }                                                                                        \
  static void name##_sift(type *v, size_t root, size_t n) {                                \
    type x = v[root];                                                                      \
    for (size_t child; (child = 2 * root + 1) < n; root = child) {                         \
      if (child + 1 < n && v[child + 1] > v[child]) child++;                               \
      if (v[child] <= x) break;                                                            \
      v[root] = v[child];                                                                  \
    }                                                                                      \
    v[root] = x;                                                                           \
  }                                                                                        \
  static void name##_heap(type *v, size_t n) {                                             \
    for (size_t root = n / 2; root > 0; root--) name##_sift(v, root - 1, n);               \
    for (size_t end = n - 1; end > 0; end--) {                                             \
      type top = v[0];                                                                     \
      v[0] = v[end];                                                                       \
      v[end] = top;                                                                        \
      name##_sift(v, 0, end);                                                              \
    }                                                                                      \
  }                                                                                        \
  /* Hoare's partition around the median of the first, middle and last: both sides keep at \
   * least one element, and the smaller is sorted by recursion, at most log2(n) deep. */   \
  static void name##_intro(type *v, size_t n, unsigned depth) {                            \
    while (n > CE_SORT_SMALL) {                                                            \
      if (!depth--) {                                                                      \
        name##_heap(v, n);                                                                 \
        return;                                                                            \
      }                                                                                    \
      type a = v[0], b = v[n / 2], c = v[n - 1];                                           \
      type pivot = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);      \
      size_t i = 0, j = n - 1;                                                             \
      for (;;) {                                                                           \
        while (v[i] < pivot) i++;                                                          \
        while (v[j] > pivot) j--;                                                          \
        if (i >= j) break;                                                                 \
        type t = v[i];                                                                     \
        v[i++] = v[j];                                                                     \
        v[j--] = t;                                                                        \
      }                                                                                    \
      size_t left = j + 1; /* v[0 .. left) <= pivot <= v[left .. n) */                     \
      if (left < n - left) {                                                               \
        name##_intro(v, left, depth);                                                      \
        v += left;                                                                         \
        n -= left;                                                                         \
      } else {                                                                             \
        name##_intro(v + left, n - left, depth);                                           \
        n = left;                                                                          \
      }                                                                                    \
    }                                                                                      \
    name##_insertion(v, n);                                                                \
  }

CE_NUMBER_SORT(sort_u32, uint32_t)
CE_NUMBER_SORT(sort_u64, uint64_t)

/* CE_SORT_HALVINGS·log2(count), the halvings introsort allows before it turns to heapsort. */
static unsigned sort_depth(size_t count) {
  unsigned depth = 0;
  for (size_t x = count; x > 1; x >>= 1) depth += CE_SORT_HALVINGS;
  return depth;
}

void ce__sort_u32(uint32_t *ids, size_t count) {
  sort_u32_intro(ids, count, sort_depth(count));
}

/* Below this many elements, merge_sort inserts. */
#define CE_SORT_INSERTION 8

/* Sorts a[0 .. count) by `compare`, stably, with b (room for `count` elements) as scratch. */
static void merge_sort(char *a, char *b, size_t count, size_t size,
                       int (*compare)(const void *, const void *)) {
  if (count <= CE_SORT_INSERTION) {
    for (size_t j = 1; j < count; j++) {
      size_t at = j;
      memcpy(b, a + j * size, size);
      for (; at > 0 && compare(a + (at - 1) * size, b) > 0; at--)
        memcpy(a + at * size, a + (at - 1) * size, size);
      memcpy(a + at * size, b, size);
    }
    return;
  }
  size_t half = count / 2;
  merge_sort(a, b, half, size, compare);
  merge_sort(a + half * size, b, count - half, size, compare);
  if (compare(a + (half - 1) * size, a + half * size) <= 0) return; /* in order already */
  /* The left half aside; the merge writes from the front, never past what it has read. */
  memcpy(b, a, half * size);
  size_t i = 0, j = half, k = 0;
  while (i < half && j < count) {
    const char *next = compare(a + j * size, b + i * size) < 0 ? a + j++ * size : b + i++ * size;
    memcpy(a + k++ * size, next, size);
  }
  if (i < half) memcpy(a + k * size, b + i * size, (half - i) * size);
}

ce_status ce__sort(void *base, size_t count, size_t size,
                   int (*compare)(const void *, const void *)) {
  if (count < 2) return CE_OK;
  char *scratch = malloc(count * size);
  if (!scratch) return CE_ERR_NOMEM;
  merge_sort(base, scratch, count, size, compare);
  free(scratch);
  return CE_OK;
}

/*
 * A least-significant-digit radix sort of `count` records of `width` words (1 or 2), by
 * their first word, a byte at a time, with `scratch` (room for them all): one pass counts
 * every byte of every key, then each byte that is not the same in all keys moves the records
 * once. Keys made of two ids (an item and a label) differ in a few bytes only, so a sort of
 * the item cells takes two to four passes; qsort, which compares through a function pointer,
 * took 7% of a whole run in wasm (musl's smoothsort). Stable, so equal keys keep their order.
 * Inlined at its two widths, each copy moving its records word by word without a loop.
 */
static CE_ALWAYS_INLINE void radix_by_first(uint64_t *records, size_t width, size_t count,
                                            uint64_t *scratch, size_t (*counts)[256]) {
  for (size_t j = 0; j < count; j++)
    for (unsigned byte = 0; byte < 8; byte++)
      counts[byte][(records[width * j] >> (8 * byte)) & 255]++;
  uint64_t *from = records, *to = scratch;
  for (unsigned byte = 0; byte < 8; byte++) {
    unsigned shift = 8 * byte;
    if (counts[byte][(from[0] >> shift) & 255] == count) continue; /* the same in every key */
    size_t next[256], total = 0;
    for (unsigned digit = 0; digit < 256; digit++) {
      next[digit] = total;
      total += counts[byte][digit];
    }
    for (size_t j = 0; j < count; j++) {
      size_t at = next[(from[width * j] >> shift) & 255]++;
      to[width * at] = from[width * j];
      if (width == 2) to[width * at + 1] = from[width * j + 1];
    }
    uint64_t *swap = from;
    from = to;
    to = swap;
  }
  if (from != records) memcpy(records, from, count * width * sizeof *records);
}

/* Scratch for radix_by_first: room for `words`, and the byte counts (16 KB: off a small wasm
 * stack). Both NULL when either cannot be had. */
static uint64_t *radix_scratch(size_t words, size_t (**counts)[256]) {
  uint64_t *scratch = malloc((words ? words : 1) * sizeof *scratch);
  *counts = calloc(8, sizeof **counts);
  if (scratch && *counts) return scratch;
  free(scratch);
  free(*counts);
  *counts = NULL;
  return NULL;
}

/* From this many values on, ce__sort_u64 sorts by radix where its scratch can be had: on
 * 10^6 values made of two ids (the one-token types' clusters by their one id) a few passes
 * where the introsort took about 20 comparisons a value. */
#define CE_SORT_RADIX ((size_t)1 << 16)

void ce__sort_u64(uint64_t *values, size_t count) {
  if (count >= CE_SORT_RADIX) {
    size_t(*counts)[256];
    uint64_t *scratch = radix_scratch(count, &counts);
    if (scratch) {
      radix_by_first(values, 1, count, scratch, counts);
      free(scratch);
      free(counts);
      return;
    }
  }
  sort_u64_intro(values, count, sort_depth(count));
}

int ce__sort_single_ids(void *records, size_t count, size_t size, size_t ids_at, size_t n_at) {
  char *at = records;
  for (size_t r = 0; r < count; r++) {
    uint32_t n;
    memcpy(&n, at + r * size + n_at, sizeof n);
    if (n != 1) return 0;
  }
  uint64_t *by_id = malloc((count ? count : 1) * sizeof *by_id);
  char *sorted = malloc((count ? count : 1) * size);
  int done = by_id && sorted;
  for (size_t r = 0; done && r < count; r++) {
    const uint32_t *ids;
    memcpy(&ids, at + r * size + ids_at, sizeof ids);
    by_id[r] = (uint64_t)ids[0] << 32 | r;
  }
  if (done) {
    ce__sort_u64(by_id, count);
    for (size_t q = 0; q < count; q++)
      memcpy(sorted + q * size, at + (uint32_t)by_id[q] * size, size);
    memcpy(records, sorted, count * size);
  }
  free(by_id);
  free(sorted);
  return done;
}

/* Below this many pairs, insertion; above, radix. */
#define CE_PAIRS_INSERTION 32

ce_status ce__sort_pairs_u64(uint64_t *pairs, size_t count) {
  if (count < CE_PAIRS_INSERTION) {
    for (size_t j = 1; j < count; j++) {
      uint64_t key = pairs[2 * j], value = pairs[2 * j + 1];
      size_t at = j;
      for (; at > 0 && pairs[2 * (at - 1)] > key; at--) {
        pairs[2 * at] = pairs[2 * (at - 1)];
        pairs[2 * at + 1] = pairs[2 * (at - 1) + 1];
      }
      pairs[2 * at] = key;
      pairs[2 * at + 1] = value;
    }
    return CE_OK;
  }
  size_t(*counts)[256];
  uint64_t *scratch = radix_scratch(count * 2, &counts);
  if (!scratch) return CE_ERR_NOMEM;
  radix_by_first(pairs, 2, count, scratch, counts);
  free(scratch);
  free(counts);
  return CE_OK;
}

void ce__sparse_ascending(ce_sparse_row *row, size_t size) {
  if (row->count * 16 <= size) {
    ce__sort_u32(row->ids, row->count);
    return;
  }
  size_t count = 0; /* a scan costs less than sorting a sixteenth of the ids or more */
  for (size_t id = 0; id < size; id++)
    if (row->acc[id] != 0.0) row->ids[count++] = (uint32_t)id;
}

ce_status ce__grow(void **array, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap) return CE_OK;
  size_t next = *cap ? *cap : 16;
  while (next < need) {
    if (next > SIZE_MAX / 2) return CE_ERR_NOMEM;
    next *= 2;
  }
  if (next > SIZE_MAX / elem) return CE_ERR_NOMEM;
  void *grown = realloc(*array, next * elem);
  if (!grown) return CE_ERR_NOMEM;
  *array = grown;
  *cap = next;
  return CE_OK;
}

ce_status ce__buf_reserve(ce_buf *buf, size_t extra) {
  if (extra > SIZE_MAX - buf->len - 1) return CE_ERR_NOMEM;
  return ce__grow((void **)&buf->data, &buf->cap, buf->len + extra + 1, 1);
}

ce_status ce__buf_append(ce_buf *buf, const void *bytes, size_t len) {
  ce_status status = ce__buf_reserve(buf, len);
  if (status) return status;
  if (len) memcpy(buf->data + buf->len, bytes, len);
  buf->len += len;
  buf->data[buf->len] = '\0';
  return CE_OK;
}

ce_status ce__buf_puts(ce_buf *buf, const char *text) {
  return ce__buf_append(buf, text, strlen(text));
}

ce_status ce__buf_printf(ce_buf *buf, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  int need = vsnprintf(NULL, 0, fmt, args);
  va_end(args);
  if (need < 0) return CE_ERR_INTERNAL;
  ce_status status = ce__buf_reserve(buf, (size_t)need);
  if (status) return status;
  va_start(args, fmt);
  vsnprintf(buf->data + buf->len, (size_t)need + 1, fmt, args);
  va_end(args);
  buf->len += (size_t)need;
  return CE_OK;
}

ce_status ce__buf_append_excerpt(ce_buf *buf, const char *bytes, size_t len, size_t max) {
  size_t shown = len > max ? max : len;
  ce_status status = CE_OK;
  for (size_t i = 0; i < shown && !status; i++) {
    unsigned char byte = (unsigned char)bytes[i];
    if (byte < 0x20 || byte == 0x7f)
      status = ce__buf_printf(buf, "\\x%02x", byte);
    else
      status = ce__buf_append(buf, &bytes[i], 1);
  }
  if (!status && shown < len) status = ce__buf_puts(buf, "...");
  return status;
}

ce_status ce__buf_put_u64(ce_buf *buf, uint64_t value) {
  char digits[20];
  size_t at = sizeof digits;
  do {
    digits[--at] = (char)('0' + value % 10);
    value /= 10;
  } while (value);
  return ce__buf_append(buf, digits + at, sizeof digits - at);
}

ce_status ce__buf_put_double(ce_buf *buf, double value) {
  if (!isfinite(value)) return ce__buf_puts(buf, "null");
  /* A whole number below 10^15 other than -0: "%.15g" writes its digits, and they read
   * back exactly; written here without printf (counts, and F values of 0 and 1). */
  if (fabs(value) < 1e15 && value == (double)(int64_t)value && (value != 0.0 || !signbit(value))) {
    ce_status status = value < 0 ? ce__buf_puts(buf, "-") : CE_OK;
    return status ? status : ce__buf_put_u64(buf, (uint64_t)fabs(value));
  }
  char text[40];
  for (int digits = 15; digits <= 17; digits++) {
    snprintf(text, sizeof text, "%.*g", digits, value);
    if (strtod(text, NULL) == value) break;
  }
  return ce__buf_puts(buf, text);
}

ce_status ce__buf_put_json_string(ce_buf *buf, const char *bytes, size_t len) {
  ce_status status = ce__buf_puts(buf, "\"");
  size_t plain = 0; /* bytes[plain .. i) go out as they are, in one append */
  for (size_t i = 0; !status && i < len; i++) {
    unsigned char c = (unsigned char)bytes[i];
    if (c != '"' && c != '\\' && c >= 0x20) continue;
    status = ce__buf_append(buf, bytes + plain, i - plain);
    if (!status)
      status = c < 0x20 ? ce__buf_printf(buf, "\\u%04x", c) : ce__buf_printf(buf, "\\%c", c);
    plain = i + 1;
  }
  if (!status) status = ce__buf_append(buf, bytes + plain, len - plain);
  return status ? status : ce__buf_puts(buf, "\"");
}

/* Whole 2 MB pages of [at, at + bytes) on transparent huge pages where the kernel gives them
 * on request; a hint, and a no-op off Linux and in wasm. */
static void advise_huge_pages(void *at, size_t bytes) {
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_HUGEPAGE)
  const uintptr_t huge = (uintptr_t)2 << 20;
  uintptr_t begin = ((uintptr_t)at + huge - 1) & ~(huge - 1);
  uintptr_t end = ((uintptr_t)at + bytes) & ~(huge - 1);
  if (end > begin) (void)madvise((void *)begin, end - begin, MADV_HUGEPAGE);
#else
  (void)at;
  (void)bytes;
#endif
}

void *ce__calloc_huge(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size) return NULL;
  size_t bytes = count * size;
  if (bytes < CE_HUGE_BYTES) return calloc(count ? count : 1, size ? size : 1);
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
  void *at = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (at == MAP_FAILED) return NULL;
  advise_huge_pages(at, bytes);
  return at;
#else
  void *at = malloc(bytes);
  if (!at) return NULL;
  advise_huge_pages(at, bytes);
  return memset(at, 0, bytes);
#endif
}

void ce__free_huge(void *at, size_t count, size_t size) {
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
  if (at && count * size >= CE_HUGE_BYTES) {
    munmap(at, count * size);
    return;
  }
#endif
  (void)count;
  (void)size;
  free(at);
}
