/*
 * --save-page (SPEC §4): the app's single file (dist/clustereval.html, made by `make web`)
 * with its data slot filled: the inputs gzip-compressed (zlib, as the page's
 * CompressionStream makes them) and in base64, the options as the link's fragment, a title,
 * a caption and the reported numbers. OUT ending in .js gives demo.js instead, the manifest a
 * static site serves beside index.html.
 */
#define _POSIX_C_SOURCE 200809L /* readlink */

#include "save_page.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

enum { PAGE_VERSION = 1, CHUNK = 1 << 16 };

static const char data_open[] = "<script type=\"application/json\" id=\"clustereval-page\">";
static const char data_close[] = "</script>";
static const char manifest_open[] = "globalThis.clusterevalPage = ";

/* A growing byte buffer. */
typedef struct bytes {
  unsigned char *at;
  size_t len, cap;
} bytes;

static int bytes_put(bytes *b, const void *data, size_t len) {
  if (b->len + len + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + len + 1) cap *= 2;
    unsigned char *more = realloc(b->at, cap);
    if (!more) return 0;
    b->at = more;
    b->cap = cap;
  }
  memcpy(b->at + b->len, data, len);
  b->len += len;
  b->at[b->len] = '\0';
  return 1;
}

static int bytes_puts(bytes *b, const char *text) {
  return bytes_put(b, text, strlen(text));
}

/* A JSON string whose '<' is written \u003c, so that it never ends the element holding it. */
static int put_json(bytes *b, const char *text) {
  int ok = bytes_puts(b, "\"");
  for (const unsigned char *p = (const unsigned char *)text; ok && *p; p++) {
    char escaped[8];
    if (*p == '"' || *p == '\\') {
      escaped[0] = '\\', escaped[1] = (char)*p, escaped[2] = '\0';
    } else if (*p == '\n') {
      strcpy(escaped, "\\n");
    } else if (*p == '\t') {
      strcpy(escaped, "\\t");
    } else if (*p < 0x20 || *p == '<') {
      snprintf(escaped, sizeof escaped, "\\u%04x", *p);
    } else {
      escaped[0] = (char)*p, escaped[1] = '\0';
    }
    ok = bytes_puts(b, escaped);
  }
  return ok && bytes_puts(b, "\"");
}

static int put_base64(bytes *b, const unsigned char *data, size_t len) {
  static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  char quad[4];
  for (size_t i = 0; i < len; i += 3) {
    uint32_t v = (uint32_t)data[i] << 16;
    if (i + 1 < len) v |= (uint32_t)data[i + 1] << 8;
    if (i + 2 < len) v |= data[i + 2];
    quad[0] = digits[v >> 18 & 63];
    quad[1] = digits[v >> 12 & 63];
    quad[2] = i + 1 < len ? digits[v >> 6 & 63] : '=';
    quad[3] = i + 2 < len ? digits[v & 63] : '=';
    if (!bytes_put(b, quad, 4)) return 0;
  }
  return 1;
}

/* The file's bytes, gzip-compressed, read in chunks; its size in *size. */
static int gzip_file(const char *path, bytes *out, size_t *size) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "clustereval: %s: cannot open: %s\n", path, strerror(errno));
    return 0;
  }
  z_stream z = {0};
  /* windowBits 15 + 16: a gzip member, as CompressionStream('gzip') reads and writes. */
  int ok =
      deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK;
  unsigned char in[CHUNK], buffer[CHUNK];
  *size = 0;
  for (int flush = Z_NO_FLUSH; ok && flush != Z_FINISH;) {
    size_t got = fread(in, 1, sizeof in, file);
    *size += got;
    if (got < sizeof in) {
      if (ferror(file)) {
        fprintf(stderr, "clustereval: %s: read error: %s\n", path, strerror(errno));
        ok = 0;
        break;
      }
      flush = Z_FINISH;
    }
    z.next_in = in;
    z.avail_in = (uInt)got;
    do {
      z.next_out = buffer;
      z.avail_out = sizeof buffer;
      if (deflate(&z, flush) == Z_STREAM_ERROR) ok = 0;
      ok = ok && bytes_put(out, buffer, sizeof buffer - z.avail_out);
    } while (ok && z.avail_out == 0);
  }
  deflateEnd(&z);
  fclose(file);
  return ok;
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

static int ends_with(const char *text, const char *end) {
  size_t a = strlen(text), b = strlen(end);
  return a >= b && strcmp(text + a - b, end) == 0;
}

static char *read_all(const char *path, size_t *len) {
  FILE *file = fopen(path, "rb");
  if (!file) return NULL;
  bytes b = {0};
  unsigned char chunk[CHUNK];
  size_t got;
  int ok = 1;
  while (ok && (got = fread(chunk, 1, sizeof chunk, file)) > 0) ok = bytes_put(&b, chunk, got);
  ok = ok && !ferror(file) && bytes_put(&b, "", 0);
  fclose(file);
  if (!ok) {
    free(b.at);
    return NULL;
  }
  *len = b.len;
  return (char *)b.at;
}

/* The app's single file: $CLUSTEREVAL_PAGE, or clustereval.html beside the executable or in
 * ../dist from it (the repository's build/ and dist/). */
static char *find_template(const char *argv0, size_t *len, char *where, size_t cap) {
  const char *env = getenv("CLUSTEREVAL_PAGE");
  if (env && *env) {
    snprintf(where, cap, "%s", env);
    return read_all(where, len);
  }
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0)
    exe[n] = '\0';
  else
    snprintf(exe, sizeof exe, "%s", argv0);
  char *slash = strrchr(exe, '/');
  const char *dir = slash ? (*slash = '\0', exe) : ".";
  static const char *const tries[] = {"%s/clustereval.html", "%s/../dist/clustereval.html",
                                      "%s/../share/clustereval/clustereval.html"};
  for (size_t t = 0; t < sizeof tries / sizeof tries[0]; t++) {
    snprintf(where, cap, tries[t], dir);
    char *text = read_all(where, len);
    if (text) return text;
  }
  snprintf(where, cap, "%s/../dist/clustereval.html", dir);
  return NULL;
}

/* The embedded object (web/src/page/payload.js), key for key in the page's order. */
static int payload(const page_spec *spec, bytes *out) {
  int ok = bytes_puts(out, "{\"clustereval_page\":1,\"title\":") && put_json(out, spec->title) &&
           bytes_puts(out, ",\"caption\":") && put_json(out, spec->caption) &&
           bytes_puts(out, ",\"options\":") && put_json(out, spec->options) &&
           bytes_puts(out, ",\"reported\":");
  if (ok && spec->reported_path) {
    size_t len;
    char *text = read_all(spec->reported_path, &len);
    if (!text) {
      fprintf(stderr, "clustereval: %s: cannot read: %s\n", spec->reported_path, strerror(errno));
      return 0;
    }
    ok = bytes_puts(out, "{\"name\":") && put_json(out, base_name(spec->reported_path)) &&
         bytes_puts(out, ",\"text\":") && put_json(out, text) && bytes_puts(out, ",\"assign\":{}}");
    free(text);
  } else if (ok) {
    ok = bytes_puts(out, "null");
  }
  ok = ok && bytes_puts(out, ",\"files\":[");
  for (size_t i = 0; ok && i < spec->file_count; i++) {
    const page_file *f = &spec->files[i];
    bytes packed = {0};
    size_t size = 0;
    char numbers[96];
    ok = gzip_file(f->path, &packed, &size);
    snprintf(numbers, sizeof numbers, ",\"column\":%u,\"depth\":%u,\"size\":%zu,\"gzip\":\"",
             f->column, f->depth, size);
    ok = ok && bytes_puts(out, i ? ",{\"role\":" : "{\"role\":") && put_json(out, f->role) &&
         bytes_puts(out, ",\"name\":") && put_json(out, base_name(f->path)) &&
         bytes_puts(out, ",\"format\":") && put_json(out, f->format) && bytes_puts(out, numbers) &&
         put_base64(out, packed.at, packed.len) && bytes_puts(out, "\"}");
    free(packed.at);
  }
  return ok && bytes_puts(out, "]}");
}

int save_page(const page_spec *spec) {
  int manifest = ends_with(spec->out, ".js");
  char *page = NULL, *open_at = NULL, *close_at = NULL;
  size_t page_len = 0;
  if (!manifest) {
    char where[4200];
    page = find_template(spec->argv0, &page_len, where, sizeof where);
    if (!page) {
      fprintf(stderr,
              "clustereval: --save-page needs the app's single file, %s: build it with make web, "
              "or name it in CLUSTEREVAL_PAGE\n",
              where);
      return 2;
    }
    open_at = strstr(page, data_open);
    close_at = open_at ? strstr(open_at + sizeof data_open - 1, data_close) : NULL;
    if (!close_at) {
      fprintf(stderr, "clustereval: %s is not the app's single file (no data slot)\n", where);
      free(page);
      return 2;
    }
  }
  bytes data = {0};
  int ok = payload(spec, &data);
  FILE *out = ok ? fopen(spec->out, "wb") : NULL;
  if (ok && !out)
    fprintf(stderr, "clustereval: %s: cannot write: %s\n", spec->out, strerror(errno));
  ok = out != NULL;
  if (ok && manifest) {
    ok = fputs(manifest_open, out) >= 0 && fwrite(data.at, 1, data.len, out) == data.len &&
         fputs(";\n", out) >= 0;
  } else if (ok) {
    size_t head = (size_t)(open_at - page) + sizeof data_open - 1;
    size_t tail = page_len - (size_t)(close_at - page);
    ok = fwrite(page, 1, head, out) == head && fwrite(data.at, 1, data.len, out) == data.len &&
         fwrite(close_at, 1, tail, out) == tail;
  }
  if (out && fclose(out)) ok = 0;
  if (out && !ok)
    fprintf(stderr, "clustereval: %s: cannot write: %s\n", spec->out, strerror(errno));
  free(data.at);
  free(page);
  return ok ? 0 : 2;
}
