#include "text/lines_internal.h"

#include <string.h>

void ce__lines_init(ce_lines *lines, const char *source) {
  memset(lines, 0, sizeof *lines);
  lines->source = source;
}

void ce__lines_free(ce_lines *lines) {
  ce__buf_free(&lines->pending);
}

size_t ce__utf8_invalid_at(const char *bytes, size_t len) {
  const unsigned char *s = (const unsigned char *)bytes;
  size_t i = 0;
  while (i < len) {
    unsigned char c = s[i];
    if (c >= 0x01 && c < 0x80) {
      i++;
      continue;
    }
    if (c == 0) return i;
    size_t need;
    unsigned lo = 0x80, hi = 0xbf; /* the allowed range of the second byte */
    if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c == 0xe0)
        lo = 0xa0; /* overlong */
      else if (c == 0xed)
        hi = 0x9f; /* UTF-16 surrogates */
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c == 0xf0)
        lo = 0x90; /* overlong */
      else if (c == 0xf4)
        hi = 0x8f; /* beyond U+10FFFF */
    } else {
      return i;
    }
    if (len - i <= need) return i;
    if (s[i + 1] < lo || s[i + 1] > hi) return i;
    for (size_t k = 2; k <= need; k++)
      if ((s[i + k] & 0xc0) != 0x80) return i;
    i += need + 1;
  }
  return len;
}

/* `checked`: the line's bytes are known to be plain ASCII (find_line_ends). */
static inline ce_status emit(ce_lines *lines, const char *line, size_t len, int checked,
                             ce_line_fn fn, void *ctx, ce_error *err) {
  uint64_t line_no = ++lines->line_no;
  uint64_t start = lines->offset;
  if (line_no == 1 && len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
    line += 3;
    len -= 3;
    start += 3;
  }
  if (len && line[len - 1] == '\r') len--;
  size_t bad = checked ? len : ce__utf8_invalid_at(line, len);
  if (bad < len)
    return ce__fail(err, CE_ERR_ENCODING, lines->source, line_no, bad + 1,
                    "%s at column %zu (byte offset %llu); inputs must be UTF-8 text",
                    line[bad] ? "invalid UTF-8" : "NUL byte", bad + 1,
                    (unsigned long long)(start + bad));
  return fn(ctx, line, len, line_no, err);
}

static ce_status hold_back(ce_lines *lines, const char *bytes, size_t len, ce_error *err) {
  if (ce__buf_append(&lines->pending, bytes, len) || ce__buf_reserve(&lines->pending, CE_LINE_PAD))
    return ce__fail(err, CE_ERR_NOMEM, lines->source, lines->line_no + 1, 0,
                    "out of memory holding a line");
  /* The pad's values mean nothing, but the word-at-a-time searches branch on them before
   * they clamp to the line: set, they are no uninitialised read under valgrind. */
  memset(lines->pending.data + lines->pending.len, 0, CE_LINE_PAD);
  return CE_OK;
}

/* Hands out the line held in `pending` (room for CE_LINE_PAD bytes after it is reserved). */
static ce_status emit_pending(ce_lines *lines, ce_line_fn fn, void *ctx, ce_error *err) {
  uint64_t consumed = lines->pending.len + 1;
  ce_status status = emit(lines, lines->pending.data, lines->pending.len, 0, fn, ctx, err);
  lines->pending.len = 0;
  lines->offset += consumed;
  return status;
}

/*
 * The lines of a chunk go out in batches: their ends are found first, so that `peek` can
 * see a line PEEK_AHEAD lines before it is read, while that line's lookups still have time
 * to come in from memory. A batch ends after BATCH_LINES lines or within the 64 bytes after.
 */
enum { BATCH_LINES = 256, BLOCK = 64, PEEK_AHEAD = 16 };

/*
 * Where the bytes of `word` are other than ASCII 1..0x7f, a high bit is set (in some byte):
 * `ones` holds a 1 in each byte of `word`. Plain ASCII is valid UTF-8 whatever the line
 * boundaries, so the lines among such bytes need no check of their own. A byte b in 1..0x7f
 * is the only kind for which neither b nor b - 1 has its high bit set; a borrow across
 * bytes only sets more high bits, which errs towards checking.
 */
static inline uint64_t not_plain(uint64_t word, uint64_t ones) {
  return (word - ones) | word;
}

#ifdef CE_WORD_SEARCH
/* The number of set bits (without a popcount instruction, which x86-64 lacks at its base). */
static size_t ones(uint64_t bits) {
  bits -= (bits >> 1) & 0x5555555555555555u;
  bits = (bits & 0x3333333333333333u) + ((bits >> 2) & 0x3333333333333333u);
  bits = (bits + (bits >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return (size_t)((bits * 0x0101010101010101u) >> 56);
}

/* Bit b of the result: bytes[b] is a line end, for b in 0 .. 63. The 64 bytes go into
 * `seen` as in not_plain(). */
static uint64_t newline_bits(const char *bytes, uint64_t *seen) {
  uint64_t bits = 0;
  for (unsigned w = 0; w < BLOCK / 8; w++) {
    uint64_t word;
    memcpy(&word, bytes + 8 * w, 8);
    *seen |= not_plain(word, 0x0101010101010101u);
    /* the high bit of each matching byte, gathered into 8 adjacent bits */
    uint64_t found = ce__bytes_equal(word, 0x0a0a0a0a0a0a0a0au) >> 7;
    bits |= (found * 0x0102040810204080u) >> 56 << (8 * w);
  }
  return bits;
}
#endif

/*
 * Finds line ends in bytes[0 .. len): starts[0] = 0 and starts[i] the offset after the i-th
 * '\n'; `starts` has room for BATCH_LINES + BLOCK + 8 entries. Returns their number, and in
 * *plain 1 when the bytes read, which hold those lines, are plain ASCII (not_plain()).
 */
static size_t find_line_ends(const char *bytes, size_t len, size_t *starts, int *plain) {
  size_t count = 0, i = 0;
  uint64_t seen = 0;
  starts[0] = 0;
#ifdef CE_WORD_SEARCH
  for (; i + BLOCK <= len && count < BATCH_LINES; i += BLOCK) {
    uint64_t bits = newline_bits(bytes + i, &seen);
    size_t found = ones(bits), *out = starts + count + 1;
    /* Eight stores whatever the count (past it they are overwritten later): the loop
     * does not branch on how many lines a block holds. */
    for (unsigned j = 0; j < 8; j++) {
      out[j] = i + (unsigned)__builtin_ctzll(bits | 1ull << 63) + 1;
      bits &= bits - 1;
    }
    for (size_t j = 8; j < found; j++) {
      out[j] = i + (unsigned)__builtin_ctzll(bits) + 1;
      bits &= bits - 1;
    }
    count += found;
  }
#endif
  for (; i < len && count < BATCH_LINES; i++) {
    seen |= not_plain((unsigned char)bytes[i], 1);
    if (bytes[i] == '\n') starts[++count] = i + 1;
  }
  *plain = !(seen & 0x8080808080808080u);
  return count;
}

/* 1 when CE_LINE_PAD bytes past the end of the line that ends before `next` are in the chunk. */
static int padded(size_t next, size_t len) {
  return next - 1 + CE_LINE_PAD <= len;
}

/* Hands out a line of the chunk, through a padded copy when the chunk ends too soon after. */
static ce_status emit_from_chunk(ce_lines *lines, const char *bytes, size_t len, size_t start,
                                 size_t next, int checked, ce_line_fn fn, void *ctx,
                                 ce_error *err) {
  if (!padded(next, len)) {
    ce_status status = hold_back(lines, bytes + start, next - 1 - start, err);
    return status ? status : emit_pending(lines, fn, ctx, err);
  }
  ce_status status = emit(lines, bytes + start, next - 1 - start, checked, fn, ctx, err);
  if (!status) lines->offset += next - start;
  return status;
}

static void peek_line(const ce_lines *lines, void *ctx, const char *bytes, size_t len, size_t start,
                      size_t next) {
  if (padded(next, len)) lines->peek(ctx, bytes + start, next - 1 - start);
}

/*
 * Hands the lines found (`count` of them, from find_line_ends) to the batch function,
 * up to the first that is not padded within the chunk. The input's first lines stay with
 * the line function (the first may begin with a BOM). *done: the lines handed out.
 */
static ce_status emit_batch(ce_lines *lines, const char *bytes, size_t len, const size_t *starts,
                            size_t count, int plain, void *ctx, ce_error *err, size_t *done) {
  size_t end = count;
  *done = 0;
  if (!lines->line_no) return CE_OK;
  while (end && !padded(starts[end], len)) end--;
  if (!end) return CE_OK;
  /* Bytes that are not all ASCII are checked as one run: line ends are ASCII and cut any
   * sequence, so the run is valid UTF-8 exactly when each of its lines is. A fault is left
   * to the line path, whose message names its line and column. */
  if (!plain && ce__utf8_invalid_at(bytes, starts[end]) != starts[end]) return CE_OK;
  size_t line_len[BATCH_LINES + BLOCK + 8];
  for (size_t i = 0; i < end; i++) {
    size_t n = starts[i + 1] - 1 - starts[i];
    line_len[i] = n && bytes[starts[i] + n - 1] == '\r' ? n - 1 : n;
  }
  ce_line_batch batch = {bytes, starts, line_len, end, lines->line_no + 1};
  ce_status status = lines->batch(ctx, &batch, err);
  if (status) return status;
  lines->line_no += end;
  lines->offset += starts[end];
  *done = end;
  return CE_OK;
}

ce_status ce__lines_feed(ce_lines *lines, const char *bytes, size_t len, ce_line_fn fn, void *ctx,
                         ce_error *err) {
  if (lines->pending.len) {
    const char *newline = memchr(bytes, '\n', len);
    ce_status status = hold_back(lines, bytes, newline ? (size_t)(newline - bytes) : len, err);
    if (status || !newline) return status;
    status = emit_pending(lines, fn, ctx, err);
    if (status) return status;
    len -= (size_t)(newline + 1 - bytes);
    bytes = newline + 1;
  }
  size_t starts[BATCH_LINES + BLOCK + 8 + 1];
  while (len) {
    int checked;
    size_t count = find_line_ends(bytes, len, starts, &checked);
    if (!count) return hold_back(lines, bytes, len, err);
    size_t first = 0;
    if (lines->batch) {
      ce_status status = emit_batch(lines, bytes, len, starts, count, checked, ctx, err, &first);
      if (status) return status;
    }
    if (lines->peek)
      for (size_t i = first; i < count && i < first + PEEK_AHEAD; i++)
        peek_line(lines, ctx, bytes, len, starts[i], starts[i + 1]);
    for (size_t i = first; i < count; i++) {
      if (lines->peek && i + PEEK_AHEAD < count)
        peek_line(lines, ctx, bytes, len, starts[i + PEEK_AHEAD], starts[i + PEEK_AHEAD + 1]);
      ce_status status =
          emit_from_chunk(lines, bytes, len, starts[i], starts[i + 1], checked, fn, ctx, err);
      if (status) return status;
    }
    bytes += starts[count];
    len -= starts[count];
  }
  return CE_OK;
}

ce_status ce__lines_close(ce_lines *lines, ce_line_fn fn, void *ctx, ce_error *err) {
  if (!lines->pending.len) return CE_OK;
  ce_status status = emit(lines, lines->pending.data, lines->pending.len, 0, fn, ctx, err);
  lines->offset += lines->pending.len;
  lines->pending.len = 0;
  return status;
}
