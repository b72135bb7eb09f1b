#include "lines_internal.h"

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

/*
 * 1 when every byte is ASCII other than NUL: such bytes are valid UTF-8 whatever the line
 * boundaries, so the lines among them need no check of their own. Eight bytes at a time:
 * a byte b in 1..0x7f is the only kind for which neither b nor b - 1 has its high bit set.
 */
static int plain_ascii(const char *bytes, size_t len) {
  const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
  uint64_t seen = 0;
  size_t i = 0;
  for (; i + 8 <= len; i += 8) {
    uint64_t word;
    memcpy(&word, bytes + i, 8);
    seen |= (word - ones) | word;
  }
  for (; i < len; i++) {
    uint64_t byte = (unsigned char)bytes[i];
    seen |= (byte - 1) | byte;
  }
  return !(seen & highs);
}

/* `checked`: the line's bytes are known to be plain ASCII (plain_ascii). */
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

ce_status ce__lines_feed(ce_lines *lines, const char *bytes, size_t len, ce_line_fn fn, void *ctx,
                         ce_error *err) {
  int checked = plain_ascii(bytes, len);
  while (len) {
    const char *newline = memchr(bytes, '\n', len);
    if (!newline) {
      if (ce__buf_append(&lines->pending, bytes, len))
        return ce__fail(err, CE_ERR_NOMEM, lines->source, lines->line_no + 1, 0,
                        "out of memory holding a line");
      return CE_OK;
    }
    size_t piece = (size_t)(newline - bytes);
    ce_status status;
    uint64_t consumed;
    if (lines->pending.len) {
      if (ce__buf_append(&lines->pending, bytes, piece))
        return ce__fail(err, CE_ERR_NOMEM, lines->source, lines->line_no + 1, 0,
                        "out of memory holding a line");
      consumed = lines->pending.len + 1;
      status = emit(lines, lines->pending.data, lines->pending.len, 0, fn, ctx, err);
      lines->pending.len = 0;
    } else {
      consumed = piece + 1;
      status = emit(lines, bytes, piece, checked, fn, ctx, err);
    }
    if (status) return status;
    lines->offset += consumed;
    bytes += piece + 1;
    len -= piece + 1;
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
