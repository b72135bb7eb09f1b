/* Version and the status table: names and descriptions come from CE_STATUS_MAP only. */
#include "clustereval.h"

#include <stdlib.h>

const char *ce_version(void) {
  return CE_VERSION_STRING;
}

const char *ce_status_name(ce_status status) {
  switch (status) {
#define CE_STATUS_NAME_(name, description) \
  case name:                               \
    return #name;
    CE_STATUS_MAP(CE_STATUS_NAME_)
#undef CE_STATUS_NAME_
    default:
      return "CE_UNKNOWN";
  }
}

const char *ce_strerror(ce_status status) {
  switch (status) {
#define CE_STATUS_TEXT_(name, description) \
  case name:                               \
    return description;
    CE_STATUS_MAP(CE_STATUS_TEXT_)
#undef CE_STATUS_TEXT_
    default:
      return "unknown status";
  }
}

void ce_free(void *ptr) {
  free(ptr);
}
