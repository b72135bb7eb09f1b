/* Unicode punctuation and symbols (P*, S*) for --exclude-punct: a few code points of each kind. */
#include "check.h"
#include "text/unicode_punct_internal.h"

static void test_code_points(void) {
  static const struct {
    uint32_t cp;
    int punct;
    const char *what;
  } cases[] = {
      {'.', 1, "full stop Po"},
      {',', 1, "comma Po"},
      {'!', 1, "exclamation mark Po"},
      {'?', 1, "question mark Po"},
      {';', 1, "semicolon Po"},
      {':', 1, "colon Po"},
      {'"', 1, "quotation mark Po"},
      {'\'', 1, "apostrophe Po"},
      {'(', 1, "left parenthesis Ps"},
      {')', 1, "right parenthesis Pe"},
      {'[', 1, "left bracket Ps"},
      {']', 1, "right bracket Pe"},
      {'-', 1, "hyphen-minus Pd"},
      {'$', 1, "dollar Sc"},
      {'+', 1, "plus Sm"},
      {'^', 1, "circumflex Sk"},
      {0xAB, 1, "left guillemet Pi"},
      {0xBB, 1, "right guillemet Pf"},
      {0x2014, 1, "em dash Pd"},
      {0x2026, 1, "ellipsis Po"},
      {0x20AC, 1, "euro Sc"},
      {0x3002, 1, "ideographic full stop Po"},
      {0x300C, 1, "left corner bracket Ps"},
      {0x00BF, 1, "inverted question mark Po"},
      {0x060C, 1, "Arabic comma Po"},
      {0x00A9, 1, "copyright So"},
      {0x1F600, 1, "grinning face So"},
      {0x1F44D, 1, "thumbs up So"},
      {'a', 0, "letter Ll"},
      {'Z', 0, "letter Lu"},
      {0x00E9, 0, "e acute Ll"},
      {0x4E2D, 0, "CJK ideograph Lo"},
      {'0', 0, "digit Nd"},
      {0x0661, 0, "Arabic-Indic one Nd"},
      {0x2163, 0, "Roman numeral four Nl"},
      {0x00BD, 0, "one half No"},
      {0x0301, 0, "combining acute Mn"},
      {0x093F, 0, "Devanagari vowel sign i Mc"},
      {' ', 0, "space Zs"},
      {0x3000, 0, "ideographic space Zs"},
      {'\t', 0, "tab Cc"},
      {0, 0, "NUL Cc"},
      {0x200B, 0, "zero width space Cf"},
      {0x0378, 0, "unassigned"},
      {0x10FFFF, 0, "last code point, a noncharacter"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    check_count++;
    if (ce__is_punct_or_symbol(cases[i].cp) == cases[i].punct) continue;
    check_failures++;
    fprintf(stderr, "U+%04X (%s): expected %s\n", (unsigned)cases[i].cp, cases[i].what,
            cases[i].punct ? "punctuation or symbol" : "neither punctuation nor symbol");
  }
}

/* The table is sorted and its ranges disjoint: the binary search relies on it. */
static void test_table(void) {
  CHECK(ce__punct_range_count > 100);
  for (size_t i = 0; i < ce__punct_range_count; i++) {
    CHECK(ce__punct_ranges[i][0] <= ce__punct_ranges[i][1]);
    if (i) CHECK(ce__punct_ranges[i - 1][1] + 1 < ce__punct_ranges[i][0]);
  }
}

static void test_tokens(void) {
  CHECK(ce__token_is_punct(".", 1));
  CHECK(ce__token_is_punct("...", 3));
  CHECK(ce__token_is_punct("``", 2));
  CHECK(ce__token_is_punct("--", 2));
  CHECK(ce__token_is_punct("\xC2\xAB\xE2\x80\x94\xC2\xBB", 7)); /* «—» */
  CHECK(ce__token_is_punct("\xF0\x9F\x98\x80!", 5));            /* 😀! */
  CHECK(ce__token_is_punct("\xE3\x80\x82", 3));                 /* 。 */
  CHECK(!ce__token_is_punct("", 0));
  CHECK(!ce__token_is_punct("a.", 2));
  CHECK(!ce__token_is_punct("3.5", 3));
  CHECK(!ce__token_is_punct("$5", 2));
  CHECK(!ce__token_is_punct("e\xCC\x81", 3)); /* e + combining acute */
  CHECK(!ce__token_is_punct("\xE2\x80", 2));  /* a cut sequence */
  CHECK(!ce__token_is_punct("\x80", 1));      /* a lone continuation byte */
}

int main(void) {
  test_code_points();
  test_table();
  test_tokens();
  return check_report("unicode");
}
