/* Is a token only punctuation? Code points looked up in the P* and S* ranges. */
#include "text/unicode_punct_internal.h"

int ce__is_punct_or_symbol(uint32_t cp) {
  size_t lo = 0, hi = ce__punct_range_count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (cp < ce__punct_ranges[mid][0])
      hi = mid;
    else if (cp > ce__punct_ranges[mid][1])
      lo = mid + 1;
    else
      return 1;
  }
  return 0;
}

/* Decodes the code point at *at and moves past it; UINT32_MAX for a bad or cut sequence. */
static uint32_t next_code_point(const unsigned char *s, size_t len, size_t *at) {
  unsigned char lead = s[*at];
  size_t extra = lead < 0x80 ? 0 : lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 4;
  if (extra > 3 || len - *at <= extra) return UINT32_MAX;
  uint32_t cp = extra ? lead & (0x3f >> extra) : lead;
  for (size_t k = 1; k <= extra; k++) {
    if ((s[*at + k] & 0xc0) != 0x80) return UINT32_MAX;
    cp = cp << 6 | (s[*at + k] & 0x3f);
  }
  *at += extra + 1;
  return cp;
}

int ce__token_is_punct(const char *utf8, size_t len) {
  const unsigned char *s = (const unsigned char *)utf8;
  size_t at = 0;
  if (!len) return 0;
  while (at < len) {
    uint32_t cp = next_code_point(s, len, &at);
    if (cp == UINT32_MAX || !ce__is_punct_or_symbol(cp)) return 0;
  }
  return 1;
}
