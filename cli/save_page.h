/*
 * --save-page: the inputs of a run, compressed, in one HTML page of the app that opens from
 * disk and evaluates them (or in demo.js, a static site's manifest). The embedded object is
 * the page's own (web/src/page/payload.js), so that a page saved here and one saved by the
 * page read back the same.
 */
#ifndef CE_CLI_SAVE_PAGE_H
#define CE_CLI_SAVE_PAGE_H

#include <stddef.h>

typedef struct page_file {
  const char *role; /* "gold", "system", "gold-map", "induced-map" */
  const char *path;
  const char *format; /* an input format id, "auto" to detect */
  unsigned column, depth;
} page_file;

typedef struct page_spec {
  const char *out; /* .html: a page; .js: a manifest */
  const char *title, *caption;
  const char *options;       /* the page's link fragment, without '#' */
  const char *reported_path; /* --check's file, or NULL */
  const page_file *files;
  size_t file_count;
  const char *argv0; /* where to look for the app's single file */
} page_spec;

/* Writes the page; returns an exit code (0, 2 when a file cannot be read or written). */
int save_page(const page_spec *spec);

#endif
