/*
 * The CPython extension over the clustereval core: a thin handle on one run (Eval: options,
 * inputs, bytes fed, the JSON), and the fast path of score(), which turns label sequences
 * into numbers and feeds them with ce_eval_feed_ids. The core computes; this file only moves
 * data, through the public header alone. Every call into the core that may take long
 * releases the GIL.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clustereval.h"

/* Tokens fed per input and turn: the inputs' queues stay small, and so does memory. */
enum { BLOCK_TOKENS = 1 << 14 };

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)(address))
#endif

static PyObject *Error; /* clustereval.Error, a ValueError */

static PyObject *text(const char *bytes) {
  return PyUnicode_DecodeUTF8(bytes, (Py_ssize_t)strlen(bytes), "replace");
}

/* Raises clustereval.Error from a core error: its message, code, file, line and column. */
static PyObject *raise_error(const ce_error *err, ce_status status) {
  ce_status code = err && err->code ? err->code : status;
  PyObject *message = text(err && err->message[0] ? err->message : ce_strerror(code));
  PyObject *exc = message ? PyObject_CallOneArg(Error, message) : NULL;
  Py_XDECREF(message);
  if (!exc) return NULL;
  PyObject *values[] = {text(ce_status_name(code)), text(err ? err->source : ""),
                        PyLong_FromUnsignedLongLong(err ? err->line : 0),
                        PyLong_FromUnsignedLongLong(err ? err->column : 0)};
  static const char *const names[] = {"code", "file", "line", "column"};
  for (int i = 0; i < 4; i++) {
    if (values[i]) PyObject_SetAttrString(exc, names[i], values[i]);
    Py_XDECREF(values[i]);
  }
  PyErr_SetObject(Error, exc);
  Py_DECREF(exc);
  return NULL;
}

static PyObject *usage(const char *fmt, ...) {
  ce_error err = {CE_ERR_USAGE, 0, 0, "", ""};
  va_list args;
  va_start(args, fmt);
  PyOS_vsnprintf(err.message, sizeof err.message, fmt, args);
  va_end(args);
  return raise_error(&err, CE_ERR_USAGE);
}

/* ------------------------------------------------------------- numbering */

static inline uint64_t mix64(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdu;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53u;
  return x ^ (x >> 33);
}

/*
 * Labels are numbered by the core's ce_strings: distinct strings get 0, 1, 2... in the order
 * first seen, as the readers number the labels of a file. UTF-8 (an ASCII str in place, bytes,
 * a numpy string made UTF-8, an integer's digits) goes to it directly. In front of it, two
 * tables of what ce_strings cannot look up without a conversion: an integer by its value
 * (its digits made once), and a str that is not ASCII by the str itself (a dict: its UTF-8
 * made once, for a new label).
 */
typedef struct int_slot {
  long long value;
  uint32_t id; /* number + 1; 0: empty */
} int_slot;

typedef struct numbering {
  ce_strings *strings;
  int_slot *ints;
  size_t int_mask, int_count;
  PyObject *wide; /* {str: number} of the strs that are not ASCII */
} numbering;

enum { FIRST_SLOTS = 64 };

static int numbering_open(numbering *n) {
  memset(n, 0, sizeof *n);
  n->strings = ce_strings_create();
  n->ints = calloc(FIRST_SLOTS, sizeof *n->ints);
  n->int_mask = FIRST_SLOTS - 1;
  n->wide = PyDict_New();
  if (n->wide && n->strings && n->ints) return 0;
  if (!PyErr_Occurred()) PyErr_NoMemory();
  return -1;
}

static void numbering_close(numbering *n) {
  ce_strings_free(n->strings);
  free(n->ints);
  Py_XDECREF(n->wide);
  memset(n, 0, sizeof *n);
}

static inline int_slot *int_find(const numbering *n, long long value) {
  for (size_t at = (size_t)mix64((uint64_t)value) & n->int_mask;; at = (at + 1) & n->int_mask) {
    int_slot *slot = &n->ints[at];
    if (!slot->id || slot->value == value) return slot;
  }
}

/* Fills an empty slot; the table doubles when half full. 0, or -1 out of memory. */
static int int_add(numbering *n, int_slot *slot, int_slot entry) {
  *slot = entry;
  if (++n->int_count * 2 <= n->int_mask + 1) return 0;
  size_t slots = 2 * (n->int_mask + 1);
  int_slot *old = n->ints, *grown = calloc(slots, sizeof *grown);
  if (!grown) return -1;
  n->ints = grown;
  n->int_mask = slots - 1;
  for (size_t i = 0; i < slots / 2; i++)
    if (old[i].id) *int_find(n, old[i].value) = old[i];
  free(old);
  return 0;
}

/* The number of `size` bytes of UTF-8. -1 with an exception set. */
static inline int64_t number_text(numbering *n, const char *utf8, size_t size) {
  uint32_t id;
  ce_status status = ce_strings_put(n->strings, utf8, size, &id);
  if (!status) return id;
  if (status == CE_ERR_NOMEM)
    PyErr_NoMemory();
  else
    usage("a label of %zu bytes is too long", size);
  return -1;
}

/* The number of a str that is not ASCII. -1 with an exception set; -2 without one when it has
 * no UTF-8 form (a lone surrogate). */
static int64_t number_wide(numbering *n, PyObject *str) {
  PyObject *known = PyDict_GetItemWithError(n->wide, str);
  if (known) return PyLong_AsLongLong(known);
  if (PyErr_Occurred()) return -1;
  Py_ssize_t len;
  const char *utf8 = PyUnicode_AsUTF8AndSize(str, &len);
  if (!utf8) {
    PyErr_Clear();
    return -2;
  }
  int64_t id = number_text(n, utf8, (size_t)len);
  PyObject *value = id >= 0 ? PyLong_FromLongLong(id) : NULL;
  if (id >= 0 && (!value || PyDict_SetItem(n->wide, str, value))) id = -1;
  Py_XDECREF(value);
  return id;
}

/* Integers name themselves in decimal, as in a tagged file. -1 with an exception set. */
static int64_t number_int(numbering *n, long long value) {
  int_slot *slot = int_find(n, value);
  if (slot->id) return slot->id - 1;
  char digits[24];
  int len = PyOS_snprintf(digits, sizeof digits, "%lld", value);
  int64_t id = number_text(n, digits, (size_t)len);
  if (id >= 0 && int_add(n, slot, (int_slot){value, (uint32_t)id + 1}))
    return (PyErr_NoMemory(), -1);
  return id;
}

/* ------------------------------------------------------- label sequences */

/*
 * A sequence of labels read a block at a time into numbers: a buffer of integers or
 * fixed-width strings read in place (numpy arrays), or any sequence of str and int. `names`
 * numbers them; `named` of its strings have been handed to the core.
 */
typedef enum source_kind { SOURCE_SEQUENCE, SOURCE_INTS, SOURCE_STRINGS } source_kind;
/* Objects remembered by address (a sequence that holds the same object again and again);
 * objects fetched ahead of their turn, each a miss in the cache otherwise. */
enum { SEEN = 1 << 12, AHEAD = 16 };

typedef struct source {
  const char *what;
  source_kind kind;
  Py_ssize_t count;
  PyObject *seq;  /* SOURCE_SEQUENCE: the sequence as a list or tuple */
  Py_buffer view; /* the others: the buffer, held until closed */
  int has_view;
  int is_signed; /* SOURCE_INTS */
  long long lo;  /* SOURCE_INTS of a small range: direct[value - lo] = number + 1 */
  uint32_t *direct;
  int ucs4;   /* SOURCE_STRINGS: numpy 'U' (else 'S') */
  char *utf8; /* SOURCE_STRINGS: one element as UTF-8 */
  struct {
    PyObject *object; /* compared by address, never read */
    uint32_t id;
  } * seen; /* SOURCE_SEQUENCE */
  numbering names;
  size_t named; /* names handed to the core so far */
} source;

static void source_close(source *s) {
  Py_XDECREF(s->seq);
  if (s->has_view) PyBuffer_Release(&s->view);
  free(s->direct);
  free(s->utf8);
  free(s->seen);
  numbering_close(&s->names);
  memset(s, 0, sizeof *s);
}

/* Integers of a buffer of `size` bytes each, signed or not. */
static long long buffer_int(const char *at, Py_ssize_t size, int is_signed) {
  int8_t s8;
  int16_t s16;
  int32_t s32;
  int64_t s64;
  switch (size) {
    case 1:
      memcpy(&s8, at, 1);
      return is_signed ? s8 : (uint8_t)s8;
    case 2:
      memcpy(&s16, at, 2);
      return is_signed ? s16 : (uint16_t)s16;
    case 4:
      memcpy(&s32, at, 4);
      return is_signed ? s32 : (long long)(uint32_t)s32;
    default:
      memcpy(&s64, at, 8);
      return s64; /* uint64 above 2^63 reads as negative: distinct values stay distinct */
  }
}

/* Integer labels whose range is small (usually 0..k) get a direct table, filled as seen. */
static int open_ints(source *s) {
  Py_ssize_t size = s->view.itemsize;
  long long lo = 0, hi = -1;
  for (Py_ssize_t t = 0; t < s->count; t++) {
    long long v = buffer_int((const char *)s->view.buf + t * size, size, s->is_signed);
    if (t == 0 || v < lo) lo = v;
    if (t == 0 || v > hi) hi = v;
  }
  unsigned long long range = (unsigned long long)hi - (unsigned long long)lo + 1;
  if (!s->count || range > (1u << 22) || range > 4 * (unsigned long long)s->count + 1024) return 0;
  s->lo = lo;
  s->direct = calloc(range, sizeof *s->direct);
  return s->direct ? 0 : -1;
}

/*
 * A one-dimensional buffer of integers or fixed-width strings (numpy's 'U' is "<n>w", 'S'
 * "<n>s"). Returns 1 when it is one, 0 when the object is to be read as a sequence, -1 with
 * an exception.
 */
static int open_buffer(source *s, PyObject *obj) {
  if (!PyObject_CheckBuffer(obj)) return 0;
  if (PyObject_GetBuffer(obj, &s->view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)) {
    PyErr_Clear();
    return 0;
  }
  s->has_view = 1;
  const char *format = s->view.format ? s->view.format : "B";
  const uint16_t probe = 1;
  int little = *(const uint8_t *)&probe;
  if (strchr("<=@", *format) || (*format && strchr(">!", *format) && !little)) format++;
  size_t digits = strspn(format, "0123456789");
  char kind = format[digits];
  int ints = digits == 0 && kind && strchr("bBhHiIlLqQnN?", kind) && format[1] == '\0';
  int strings = (kind == 'w' || kind == 's') && format[digits + 1] == '\0';
  if ((ints || strings) && s->view.ndim != 1) {
    usage("%s must be one-dimensional, not %d-dimensional", s->what, s->view.ndim);
    return -1;
  }
  if (kind && strchr("efdg", kind) && format[digits + 1] == '\0') {
    usage("%s holds floating-point numbers; labels are integers or strings", s->what);
    return -1;
  }
  if (!ints && !strings) { /* numpy objects, big-endian numbers...: read as a sequence */
    PyBuffer_Release(&s->view);
    s->has_view = 0;
    return 0;
  }
  s->count = s->view.shape ? s->view.shape[0] : s->view.len / s->view.itemsize;
  if (ints) {
    s->kind = SOURCE_INTS;
    s->is_signed = strchr("bhilqn", kind) != NULL;
    if (open_ints(s)) return (PyErr_NoMemory(), -1);
  } else {
    s->kind = SOURCE_STRINGS;
    s->ucs4 = kind == 'w';
    if (!(s->utf8 = malloc((size_t)s->view.itemsize + 8))) return (PyErr_NoMemory(), -1);
  }
  return 1;
}

/*
 * Raises TypeError for what Python would iterate but is not a sequence of `of` (labels,
 * truth values): a str or bytes (a sequence of characters), a set or a dict (whose order
 * means nothing, while the sequences pair up by position).
 */
static int check_sequence(PyObject *obj, const char *what, const char *of) {
  const char *type = Py_TYPE(obj)->tp_name;
  if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj)) {
    PyErr_Format(PyExc_TypeError,
                 "%s is a %s, not a sequence of %s (each %s would be one): give a list, "
                 "tuple or array",
                 what, type, of, PyUnicode_Check(obj) ? "character" : "byte");
    return -1;
  }
  if (PyAnySet_Check(obj) || PyDict_Check(obj)) {
    PyErr_Format(PyExc_TypeError,
                 "%s is a %s, which has no meaningful order, while the sequences pair up by "
                 "position: give a list, tuple or array",
                 what, type);
    return -1;
  }
  return 0;
}

static int source_open(source *s, PyObject *obj, const char *what) {
  memset(s, 0, sizeof *s);
  s->what = what;
  if (check_sequence(obj, what, "labels") || numbering_open(&s->names)) return -1;
  int buffer = open_buffer(s, obj);
  if (buffer) return buffer < 0 ? -1 : 0;
  if (!(s->seq = PySequence_Fast(obj, ""))) {
    PyErr_Clear();
    usage("%s must be a sequence of labels, not %s", what, Py_TYPE(obj)->tp_name);
    return -1;
  }
  s->kind = SOURCE_SEQUENCE;
  s->count = PySequence_Fast_GET_SIZE(s->seq);
  if (!(s->seen = calloc(SEEN, sizeof *s->seen))) return (PyErr_NoMemory(), -1);
  return 0;
}

/* One fixed-width string of a buffer as UTF-8, trailing NULs dropped as numpy drops them. */
static size_t buffer_string(const source *s, const char *at, char *utf8) {
  Py_ssize_t size = s->view.itemsize;
  size_t len = 0;
  if (!s->ucs4) {
    for (len = (size_t)size; len && !at[len - 1];) len--;
    memcpy(utf8, at, len);
    return len;
  }
  Py_ssize_t used = size / 4;
  uint32_t c;
  while (used && (memcpy(&c, at + 4 * (used - 1), 4), c == 0)) used--;
  for (Py_ssize_t i = 0; i < used; i++) {
    memcpy(&c, at + 4 * i, 4);
    if (c < 0x80) {
      utf8[len++] = (char)c;
    } else if (c < 0x800) {
      utf8[len++] = (char)(0xc0 | c >> 6);
      utf8[len++] = (char)(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      utf8[len++] = (char)(0xe0 | c >> 12);
      utf8[len++] = (char)(0x80 | (c >> 6 & 0x3f));
      utf8[len++] = (char)(0x80 | (c & 0x3f));
    } else {
      utf8[len++] = (char)(0xf0 | c >> 18);
      utf8[len++] = (char)(0x80 | (c >> 12 & 0x3f));
      utf8[len++] = (char)(0x80 | (c >> 6 & 0x3f));
      utf8[len++] = (char)(0x80 | (c & 0x3f));
    }
  }
  return len;
}

/* The number of a str: an ASCII one by its characters in place (they are its UTF-8). */
static inline int64_t read_str(source *s, PyObject *item, Py_ssize_t t) {
  int64_t id;
  if (PyUnicode_IS_COMPACT_ASCII(item)) {
    id = number_text(&s->names, (const char *)(((PyASCIIObject *)item) + 1),
                     (size_t)PyUnicode_GET_LENGTH(item));
  } else {
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(item)) return -1;
#endif
    id = PyUnicode_IS_ASCII(item)
             ? number_text(&s->names, PyUnicode_DATA(item), (size_t)PyUnicode_GET_LENGTH(item))
             : number_wide(&s->names, item);
  }
  if (id == -2) usage("%s[%zd] is not valid Unicode (a lone surrogate?)", s->what, t);
  return id < 0 ? -1 : id;
}

/* A label of a sequence: str, int (or anything with __index__), or bytes. -1 with an
 * exception set. */
static int64_t read_item(source *s, PyObject *item, Py_ssize_t t) {
  if (PyUnicode_Check(item)) return read_str(s, item, t);
  if (PyBytes_Check(item))
    return number_text(&s->names, PyBytes_AS_STRING(item), (size_t)PyBytes_GET_SIZE(item));
  if (PyLong_Check(item) || (PyIndex_Check(item) && !PyFloat_Check(item))) {
    PyObject *index = PyLong_Check(item) ? Py_NewRef(item) : PyNumber_Index(item);
    if (!index) return -1;
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(index, &overflow);
    int64_t id = -1;
    if (!overflow) {
      id = number_int(&s->names, value);
    } else {
      PyObject *decimal = PyObject_Str(index);
      Py_ssize_t len;
      const char *utf8 = decimal ? PyUnicode_AsUTF8AndSize(decimal, &len) : NULL;
      if (utf8) id = number_text(&s->names, utf8, (size_t)len);
      Py_XDECREF(decimal);
    }
    Py_DECREF(index);
    return id;
  }
  usage("%s[%zd] is a %s; labels are str or int", s->what, t, Py_TYPE(item)->tp_name);
  return -1;
}

/* 0 when a list still has its `count` items, else -1 with an exception: another thread or
 * a label's own __index__ changed it while it was read. */
static int unchanged(PyObject *seq, Py_ssize_t count, const char *what) {
  if (PySequence_Fast_GET_SIZE(seq) == count) return 0;
  PyErr_Format(PyExc_RuntimeError, "%s changed size while it was read", what);
  return -1;
}

/* The labels of a list or tuple: the same object again is found by its address, an exact
 * ASCII str by its bytes in place; the objects a few places ahead are fetched meanwhile. */
static int read_sequence(source *s, Py_ssize_t from, Py_ssize_t count, uint32_t *ids) {
  if (unchanged(s->seq, s->count, s->what)) return -1;
  PyObject *const *items = PySequence_Fast_ITEMS(s->seq);
  Py_ssize_t end = from + count, ahead = end + AHEAD < s->count ? end + AHEAD : s->count;
  for (Py_ssize_t t = from; t < from + AHEAD && t < ahead; t++) PREFETCH(items[t]);
  for (Py_ssize_t t = from; t < end; t++) {
    if (t + AHEAD < ahead) {
      PREFETCH(items[t + AHEAD]);
      PREFETCH((const char *)items[t + AHEAD] + 63);
    }
    PyObject *item = items[t];
    size_t at = ((uintptr_t)item >> 4) & (SEEN - 1);
    if (s->seen[at].object == item) {
      ids[t - from] = s->seen[at].id;
      continue;
    }
    int64_t id;
    if (PyUnicode_CheckExact(item)) { /* reading a str runs no Python code */
      id = read_str(s, item, t);
    } else {
      id = read_item(s, item, t);
      /* A label's __index__ may have changed the list meanwhile. */
      if (id >= 0 && unchanged(s->seq, s->count, s->what)) return -1;
      items = PySequence_Fast_ITEMS(s->seq);
    }
    if (id < 0) return -1;
    s->seen[at].object = item;
    s->seen[at].id = (uint32_t)id;
    ids[t - from] = (uint32_t)id;
  }
  return 0;
}

/* Numbers of labels [from, from + count) into ids. 0, or -1 with an exception. */
static int source_read(source *s, Py_ssize_t from, Py_ssize_t count, uint32_t *ids) {
  if (s->kind == SOURCE_SEQUENCE) return read_sequence(s, from, count, ids);
  const char *data = s->view.buf;
  Py_ssize_t size = s->view.itemsize;
  for (Py_ssize_t t = from; t < from + count; t++) {
    int64_t id;
    if (s->kind == SOURCE_INTS) {
      long long v = buffer_int(data + t * size, size, s->is_signed);
      uint32_t *direct = s->direct ? &s->direct[v - s->lo] : NULL;
      if (direct && *direct) {
        ids[t - from] = *direct - 1;
        continue;
      }
      if ((id = number_int(&s->names, v)) >= 0 && direct) *direct = (uint32_t)id + 1;
    } else {
      id = number_text(&s->names, s->utf8, buffer_string(s, data + t * size, s->utf8));
    }
    if (id < 0) return -1;
    ids[t - from] = (uint32_t)id;
  }
  return 0;
}

/* Hands the core the names read since the last call, one after another. */
static ce_status source_name(source *s, ce_eval *ev, size_t index, ce_names kind, ce_error *err) {
  size_t from = s->named, to = ce_strings_count(s->names.strings);
  if (from == to) return CE_OK;
  size_t *lens = malloc((to - from) * sizeof *lens), total = 0;
  for (size_t id = from; lens && id < to; id++) {
    ce_strings_get(s->names.strings, (uint32_t)id, &lens[id - from]);
    total += lens[id - from];
  }
  char *bytes = lens ? malloc(total ? total : 1) : NULL;
  ce_status status = bytes ? CE_OK : CE_ERR_NOMEM;
  for (size_t id = from, at = 0; bytes && id < to; at += lens[id - from], id++)
    memcpy(bytes + at, ce_strings_get(s->names.strings, (uint32_t)id, NULL), lens[id - from]);
  if (status)
    *err = (ce_error){CE_ERR_NOMEM, 0, 0, "", "out of memory"};
  else
    status = ce_eval_name(ev, index, kind, bytes, lens, to - from, err);
  s->named = to;
  free(bytes);
  free(lens);
  return status;
}

/* ------------------------------------------------------------------ Eval */

typedef struct EvalObject {
  PyObject_HEAD ce_eval *ev;
  int busy; /* a call is in the core with the GIL released */
} EvalObject;

static int eval_init(EvalObject *self, PyObject *args, PyObject *kwargs) {
  if (!PyArg_ParseTuple(args, "") || (kwargs && PyDict_Size(kwargs))) {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "Eval() takes no arguments");
    return -1;
  }
  ce_eval_free(self->ev);
  self->ev = ce_eval_create();
  if (!self->ev) {
    PyErr_NoMemory();
    return -1;
  }
  return 0;
}

static void eval_dealloc(EvalObject *self) {
  ce_eval_free(self->ev);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A call into the core leaves the GIL to other threads; the run is busy meanwhile. */
static PyThreadState *release(EvalObject *self) {
  self->busy = 1;
  return PyEval_SaveThread();
}

static void reacquire(EvalObject *self, PyThreadState *state) {
  PyEval_RestoreThread(state);
  self->busy = 0;
}

/* Every method starts here: one call at a time, even across threads. */
static int enter(EvalObject *self) {
  if (!self->ev) {
    PyErr_SetString(PyExc_RuntimeError, "Eval is not initialised");
    return -1;
  }
  if (self->busy) {
    PyErr_SetString(PyExc_RuntimeError, "Eval is in use by another thread");
    return -1;
  }
  return 0;
}

static PyObject *status_result(ce_status status, const ce_error *err) {
  if (status) return raise_error(err, status);
  Py_RETURN_NONE;
}

static PyObject *eval_set(EvalObject *self, PyObject *args) {
  int opt;
  double value;
  if (enter(self) || !PyArg_ParseTuple(args, "id", &opt, &value)) return NULL;
  if (ce_eval_set(self->ev, (ce_option)opt, value)) {
    double lo = 0, hi = 0;
    ce_opt_bounds((ce_option)opt, NULL, &lo, &hi);
    return usage("option %s: value %g is out of range (from %g to %g)",
                 ce_opt_name((ce_option)opt) ? ce_opt_name((ce_option)opt) : "?", value, lo, hi);
  }
  Py_RETURN_NONE;
}

static PyObject *eval_exclude_label(EvalObject *self, PyObject *args) {
  const char *label;
  if (enter(self) || !PyArg_ParseTuple(args, "s", &label)) return NULL;
  if (ce_eval_exclude_label(self->ev, label)) return usage("cannot exclude label '%s'", label);
  Py_RETURN_NONE;
}

static PyObject *eval_set_unclustered_label(EvalObject *self, PyObject *args) {
  const char *label;
  if (enter(self) || !PyArg_ParseTuple(args, "s", &label)) return NULL;
  if (ce_eval_set_unclustered_label(self->ev, label))
    return usage("the unclustered label must not be empty");
  Py_RETURN_NONE;
}

static PyObject *eval_add_baseline(EvalObject *self, PyObject *args) {
  int baseline;
  if (enter(self) || !PyArg_ParseTuple(args, "i", &baseline)) return NULL;
  if (ce_eval_add_baseline(self->ev, (ce_baseline)baseline))
    return usage("no baseline number %d", baseline);
  Py_RETURN_NONE;
}

static PyObject *eval_map_preset(EvalObject *self, PyObject *args) {
  int side;
  const char *preset;
  ce_error err;
  if (enter(self) || !PyArg_ParseTuple(args, "is", &side, &preset)) return NULL;
  return status_result(ce_eval_map_preset(self->ev, (ce_side)side, preset, &err), &err);
}

static PyObject *eval_map_feed(EvalObject *self, PyObject *args) {
  int side;
  const char *name;
  Py_buffer bytes;
  ce_error err;
  if (enter(self) || !PyArg_ParseTuple(args, "isy*", &side, &name, &bytes)) return NULL;
  ce_status status =
      ce_eval_map_feed(self->ev, (ce_side)side, name, bytes.buf, (size_t)bytes.len, &err);
  PyBuffer_Release(&bytes);
  return status_result(status, &err);
}

static PyObject *eval_map_close(EvalObject *self, PyObject *args) {
  int side;
  ce_error err;
  if (enter(self) || !PyArg_ParseTuple(args, "i", &side)) return NULL;
  return status_result(ce_eval_map_close(self->ev, (ce_side)side, &err), &err);
}

static PyObject *eval_add_input(EvalObject *self, PyObject *args) {
  const char *name;
  size_t index;
  ce_error err;
  if (enter(self) || !PyArg_ParseTuple(args, "s", &name)) return NULL;
  ce_status status = ce_eval_add_input(self->ev, name, &index, &err);
  return status ? raise_error(&err, status) : PyLong_FromSize_t(index);
}

static PyObject *eval_add_sub_test(EvalObject *self, PyObject *args) {
  Py_ssize_t system;
  const char *name;
  size_t index;
  ce_error err;
  if (enter(self) || !PyArg_ParseTuple(args, "ns", &system, &name)) return NULL;
  ce_status status = ce_eval_add_sub_test(self->ev, (size_t)system, name, &index, &err);
  return status ? raise_error(&err, status) : PyLong_FromSize_t(index);
}

static PyObject *eval_add_phones(EvalObject *self, PyObject *args) {
  const char *name;
  size_t index;
  ce_error err;
  if (enter(self) || !PyArg_ParseTuple(args, "s", &name)) return NULL;
  ce_status status = ce_eval_add_phones(self->ev, name, &index, &err);
  return status ? raise_error(&err, status) : PyLong_FromSize_t(index);
}

static PyObject *eval_set_format(EvalObject *self, PyObject *args) {
  Py_ssize_t index;
  int format;
  if (enter(self) || !PyArg_ParseTuple(args, "ni", &index, &format)) return NULL;
  if (ce_eval_set_format(self->ev, (size_t)index, (ce_format)format))
    return usage("cannot set the format of input %zd", index);
  Py_RETURN_NONE;
}

static PyObject *eval_set_input_reading(EvalObject *self, PyObject *args) {
  Py_ssize_t index;
  unsigned column, depth;
  if (enter(self) || !PyArg_ParseTuple(args, "nII", &index, &column, &depth)) return NULL;
  if (ce_eval_set_input_reading(self->ev, (size_t)index, column, depth))
    return usage("input %zd: column %u or depth %u is out of range", index, column, depth);
  Py_RETURN_NONE;
}

/* feed(index, bytes) -> True, or False once the input has failed (its error is kept); raises
 * when gold has failed. */
static PyObject *eval_feed(EvalObject *self, PyObject *args) {
  Py_ssize_t index;
  Py_buffer bytes;
  ce_error err;
  if (enter(self) || !PyArg_ParseTuple(args, "ny*", &index, &bytes)) return NULL;
  ce_status status;
  PyThreadState *state = release(self);
  status = ce_eval_feed(self->ev, (size_t)index, bytes.buf, (size_t)bytes.len, &err);
  reacquire(self, state);
  PyBuffer_Release(&bytes);
  if (status && (index == 0 || status == CE_ERR_USAGE || ce_eval_input_error(self->ev, 0)))
    return raise_error(&err, status);
  return PyBool_FromLong(!status);
}

static PyObject *eval_close(EvalObject *self, PyObject *args) {
  Py_ssize_t index;
  ce_error err;
  if (enter(self) || !PyArg_ParseTuple(args, "n", &index)) return NULL;
  ce_status status;
  PyThreadState *state = release(self);
  status = ce_eval_close(self->ev, (size_t)index, &err);
  reacquire(self, state);
  if (status && (index == 0 || status == CE_ERR_USAGE || ce_eval_input_error(self->ev, 0)))
    return raise_error(&err, status);
  return PyBool_FromLong(!status);
}

static PyObject *eval_backlog(EvalObject *self, PyObject *args) {
  Py_ssize_t index;
  if (enter(self) || !PyArg_ParseTuple(args, "n", &index)) return NULL;
  return PyLong_FromSize_t(ce_eval_backlog(self->ev, (size_t)index));
}

static PyObject *eval_waits(EvalObject *self, PyObject *args) {
  Py_ssize_t index;
  if (enter(self) || !PyArg_ParseTuple(args, "n", &index)) return NULL;
  return PyBool_FromLong(ce_eval_waits(self->ev, (size_t)index));
}

static PyObject *eval_finish(EvalObject *self, PyObject *unused) {
  (void)unused;
  ce_error err;
  if (enter(self)) return NULL;
  ce_status status;
  PyThreadState *state = release(self);
  status = ce_eval_finish(self->ev, &err);
  reacquire(self, state);
  return status_result(status, &err);
}

/* Runs up to `count` steps of `step` (resamples or shuffles): (done, total). */
static PyObject *eval_steps(EvalObject *self, PyObject *args,
                            ce_status (*step)(ce_eval *, unsigned, unsigned *, unsigned *,
                                              ce_error *)) {
  unsigned count, done = 0, total = 0;
  ce_error err;
  if (enter(self) || !PyArg_ParseTuple(args, "I", &count)) return NULL;
  ce_status status;
  PyThreadState *state = release(self);
  status = step(self->ev, count, &done, &total, &err);
  reacquire(self, state);
  if (status) return raise_error(&err, status);
  return Py_BuildValue("(II)", done, total);
}

/* resample(count) -> (done, total) */
static PyObject *eval_resample(EvalObject *self, PyObject *args) {
  return eval_steps(self, args, ce_eval_resample);
}

/* shuffle(count) -> (done, total): approximate randomization's shuffles (test="ar") */
static PyObject *eval_shuffle(EvalObject *self, PyObject *args) {
  return eval_steps(self, args, ce_eval_shuffle);
}

static PyObject *eval_json(EvalObject *self, PyObject *unused) {
  (void)unused;
  if (enter(self)) return NULL;
  char *json = NULL;
  size_t len = 0;
  ce_status status = ce_eval_json(self->ev, &json, &len);
  if (status) return raise_error(NULL, status);
  PyObject *result = PyUnicode_DecodeUTF8(json, (Py_ssize_t)len, "replace");
  ce_free(json);
  return result;
}

/* The error of input `index` as (message, code, file, line, column), or None. */
static PyObject *eval_input_error(EvalObject *self, PyObject *args) {
  Py_ssize_t index;
  if (enter(self) || !PyArg_ParseTuple(args, "n", &index)) return NULL;
  const ce_error *err = ce_eval_input_error(self->ev, (size_t)index);
  if (!err) Py_RETURN_NONE;
  raise_error(err, err->code);
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  Py_XDECREF(type);
  Py_XDECREF(traceback);
  return value;
}

/* A sentence ends where the next token's sentence label differs, and at the last token. */
static int read_ends(source *sentences, PyObject *flags, Py_ssize_t from, Py_ssize_t count,
                     Py_ssize_t n, uint32_t *scratch, uint8_t *ends) {
  if (flags) {
    for (Py_ssize_t t = from; t < from + count; t++) {
      if (unchanged(flags, n, "sentence_ends")) return -1;
      int truth = PyObject_IsTrue(PySequence_Fast_ITEMS(flags)[t]);
      if (truth < 0) return -1;
      ends[t - from] = (uint8_t)truth;
    }
    return 0;
  }
  Py_ssize_t ahead = from + count < n ? 1 : 0;
  if (source_read(sentences, from, count + ahead, scratch)) return -1;
  for (Py_ssize_t t = 0; t < count; t++)
    ends[t] = t + 1 == count + ahead || scratch[t] != scratch[t + 1];
  return 0;
}

/* The block's names and tokens to the core, gold first; stops when gold fails. */
static ce_status feed_block(ce_eval *ev, source *inputs, size_t count, source *words,
                            uint32_t *const *ids, const uint32_t *items, const uint8_t *ends,
                            size_t tokens, ce_error *err) {
  ce_status status = words ? source_name(words, ev, 0, CE_NAMES_ITEMS, err) : CE_OK;
  for (size_t i = 0; i < count && !status; i++) {
    status = source_name(&inputs[i], ev, i, CE_NAMES_LABELS, err);
    if (status) break;
    ce_status fed = ce_eval_feed_ids(ev, i, items, ids[i], i == 0 ? ends : NULL, tokens, err);
    if (i == 0) status = fed; /* a failed system keeps its error in the run */
  }
  return status;
}

/*
 * feed_labels(sequences, words, sentence_ends, sentences): inputs 0, 1... (added already,
 * named after the sequences) get their labels by number, all of the same length; words (or
 * None) are their items; sentence_ends (truth values) or sentences (a sentence label per
 * token) mark gold's sentences. Read and fed a block at a time, the GIL released while the
 * core works, so that memory follows the distinct labels, not the tokens. Closes every
 * input; raises when gold fails.
 */
static PyObject *eval_feed_labels(EvalObject *self, PyObject *args) {
  PyObject *sequences, *words_obj, *ends_obj, *sentences_obj, *flags = NULL;
  if (enter(self) || !PyArg_ParseTuple(args, "O!OOO", &PyTuple_Type, &sequences, &words_obj,
                                       &ends_obj, &sentences_obj))
    return NULL;
  size_t count = (size_t)PyTuple_GET_SIZE(sequences);
  if (count < 2 || count != ce_eval_input_count(self->ev))
    return usage("feed_labels needs one sequence per input, gold first");
  source *inputs = calloc(count, sizeof *inputs);
  uint32_t **ids = calloc(count + 2, sizeof *ids);
  uint8_t *ends = malloc(BLOCK_TOKENS);
  source words = {0}, sentences = {0};
  PyObject *result = NULL;
  if (!inputs || !ids || !ends) goto no_memory;
  for (size_t i = 0; i < count + 2; i++)
    if (!(ids[i] = malloc((BLOCK_TOKENS + 1) * sizeof **ids))) goto no_memory;
  Py_ssize_t n = 0;
  for (size_t i = 0; i < count; i++) {
    const char *name = ce_eval_input_name(self->ev, i);
    if (source_open(&inputs[i], PyTuple_GET_ITEM(sequences, i), name)) goto done;
    if (i == 0) n = inputs[0].count;
    if (inputs[i].count != n) {
      usage("%s has %zd labels, %s %zd", name, inputs[i].count, inputs[0].what, n);
      goto done;
    }
  }
  if (words_obj != Py_None && source_open(&words, words_obj, "words")) goto done;
  if (words_obj != Py_None && words.count != n) {
    usage("words has %zd tokens, the labels %zd", words.count, n);
    goto done;
  }
  if (ends_obj != Py_None &&
      (check_sequence(ends_obj, "sentence_ends", "truth values") ||
       !(flags = PySequence_Fast(ends_obj, "sentence_ends must be a sequence of truth values"))))
    goto done;
  if (sentences_obj != Py_None && source_open(&sentences, sentences_obj, "sentences")) goto done;
  Py_ssize_t marks = flags ? PySequence_Fast_GET_SIZE(flags) : sentences.count;
  if ((flags || sentences_obj != Py_None) && marks != n) {
    usage("%s has %zd values for %zd tokens", flags ? "sentence_ends" : "sentences", marks, n);
    goto done;
  }
  int marked = flags || sentences_obj != Py_None;
  for (Py_ssize_t at = 0; at < n; at += BLOCK_TOKENS) {
    Py_ssize_t block = n - at < BLOCK_TOKENS ? n - at : BLOCK_TOKENS;
    for (size_t i = 0; i < count; i++)
      if (source_read(&inputs[i], at, block, ids[i])) goto done;
    if (words_obj != Py_None && source_read(&words, at, block, ids[count])) goto done;
    if (marked && read_ends(&sentences, flags, at, block, n, ids[count + 1], ends)) goto done;
    ce_error err;
    PyThreadState *state = release(self);
    ce_status status = feed_block(self->ev, inputs, count, words_obj != Py_None ? &words : NULL,
                                  ids, words_obj != Py_None ? ids[count] : NULL,
                                  marked ? ends : NULL, (size_t)block, &err);
    reacquire(self, state);
    if (status) {
      raise_error(&err, status);
      goto done;
    }
  }
  PyThreadState *state = release(self);
  for (size_t i = 0; i < count; i++) ce_eval_close(self->ev, i, NULL);
  reacquire(self, state);
  result = Py_NewRef(Py_None);
  goto done;
no_memory:
  PyErr_NoMemory();
done:
  for (size_t i = 0; inputs && i < count; i++) source_close(&inputs[i]);
  for (size_t i = 0; ids && i < count + 2; i++) free(ids[i]);
  free(inputs);
  free(ids);
  free(ends);
  source_close(&words);
  source_close(&sentences);
  Py_XDECREF(flags);
  return result;
}

static PyMethodDef eval_methods[] = {
    {"set", (PyCFunction)eval_set, METH_VARARGS, "set(option_number, value)"},
    {"exclude_label", (PyCFunction)eval_exclude_label, METH_VARARGS, NULL},
    {"set_unclustered_label", (PyCFunction)eval_set_unclustered_label, METH_VARARGS, NULL},
    {"add_baseline", (PyCFunction)eval_add_baseline, METH_VARARGS, NULL},
    {"map_preset", (PyCFunction)eval_map_preset, METH_VARARGS, NULL},
    {"map_feed", (PyCFunction)eval_map_feed, METH_VARARGS, NULL},
    {"map_close", (PyCFunction)eval_map_close, METH_VARARGS, NULL},
    {"add_input", (PyCFunction)eval_add_input, METH_VARARGS, "add_input(name) -> index"},
    {"add_sub_test", (PyCFunction)eval_add_sub_test, METH_VARARGS, NULL},
    {"add_phones", (PyCFunction)eval_add_phones, METH_VARARGS, NULL},
    {"set_format", (PyCFunction)eval_set_format, METH_VARARGS, NULL},
    {"set_input_reading", (PyCFunction)eval_set_input_reading, METH_VARARGS, NULL},
    {"feed", (PyCFunction)eval_feed, METH_VARARGS, "feed(index, bytes) -> bool"},
    {"close", (PyCFunction)eval_close, METH_VARARGS, "close(index) -> bool"},
    {"backlog", (PyCFunction)eval_backlog, METH_VARARGS, NULL},
    {"waits", (PyCFunction)eval_waits, METH_VARARGS, NULL},
    {"feed_labels", (PyCFunction)eval_feed_labels, METH_VARARGS, NULL},
    {"finish", (PyCFunction)eval_finish, METH_NOARGS, NULL},
    {"resample", (PyCFunction)eval_resample, METH_VARARGS, "resample(count) -> (done, total)"},
    {"shuffle", (PyCFunction)eval_shuffle, METH_VARARGS, "shuffle(count) -> (done, total)"},
    {"json", (PyCFunction)eval_json, METH_NOARGS, "the SPEC §4 JSON document"},
    {"input_error", (PyCFunction)eval_input_error, METH_VARARGS, "input_error(index) -> Error"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject EvalType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "clustereval._core.Eval",
    .tp_basicsize = sizeof(EvalObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One run of the core: options, inputs, bytes or labels fed, the JSON result.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)eval_init,
    .tp_dealloc = (destructor)eval_dealloc,
    .tp_methods = eval_methods,
};

/* ------------------------------------------------------- the catalog */

/* The core's option table (ce_opt_info), row by row: [(id, kind, default, min, max, choices,
 * group, label, help)], kind as "number", "integer", "flag" or "choice". */
static PyObject *module_options(PyObject *module, PyObject *unused) {
  static const char *const kinds[] = {"number", "integer", "flag", "choice"};
  (void)module, (void)unused;
  PyObject *list = PyList_New(0);
  for (int opt = 0; list && opt < CE_OPT_COUNT; opt++) {
    const ce_opt_info *info = ce_opt_describe((ce_option)opt);
    PyObject *choices = PyList_New(0);
    for (unsigned v = 0; choices && ce_opt_choice((ce_option)opt, v); v++) {
      PyObject *name = PyUnicode_FromString(ce_opt_choice((ce_option)opt, v));
      if (!name || PyList_Append(choices, name)) Py_CLEAR(choices);
      Py_XDECREF(name);
    }
    PyObject *row = choices ? Py_BuildValue("(ssdddNsss)", info->id, kinds[info->kind],
                                            info->default_value, info->min, info->max, choices,
                                            ce_opt_group_id(info->group), info->label, info->help)
                            : NULL;
    if (!row || PyList_Append(list, row)) Py_CLEAR(list);
    Py_XDECREF(row);
  }
  return list;
}

/* Names from a function of a number, from 0 while it gives one (or up to `count`). */
static PyObject *name_list(const char *(*name_of)(int), int count) {
  PyObject *list = PyList_New(0);
  for (int i = 0; list && (count < 0 || i < count) && name_of(i); i++) {
    PyObject *name = PyUnicode_FromString(name_of(i));
    if (!name || PyList_Append(list, name)) Py_CLEAR(list);
    Py_XDECREF(name);
  }
  return list;
}

static const char *format_name(int i) {
  return ce_format_name((ce_format)i);
}
static const char *measure_name(int i) {
  return ce_measure_id((ce_measure)i);
}
static const char *baseline_name(int i) {
  return ce_baseline_name((ce_baseline)i);
}
static const char *preset_name(int i) {
  return ce_map_preset_name((size_t)i);
}

static PyObject *module_formats(PyObject *m, PyObject *u) {
  (void)m, (void)u;
  return name_list(format_name, CE_FORMAT_COUNT);
}
static PyObject *module_measures(PyObject *m, PyObject *u) {
  (void)m, (void)u;
  return name_list(measure_name, CE_MEASURE_COUNT);
}
static PyObject *module_baselines(PyObject *m, PyObject *u) {
  (void)m, (void)u;
  return name_list(baseline_name, CE_BASELINE_COUNT);
}
static PyObject *module_map_presets(PyObject *m, PyObject *u) {
  (void)m, (void)u;
  return name_list(preset_name, -1);
}

/* The measures a token level has (CE_IS_TOKEN_MEASURE). */
static PyObject *module_token_measures(PyObject *m, PyObject *u) {
  (void)m, (void)u;
  PyObject *list = PyList_New(0);
  for (int i = 0; list && i < CE_MEASURE_COUNT; i++) {
    if (!CE_IS_TOKEN_MEASURE(i)) continue;
    PyObject *name = PyUnicode_FromString(ce_measure_id((ce_measure)i));
    if (!name || PyList_Append(list, name)) Py_CLEAR(list);
    Py_XDECREF(name);
  }
  return list;
}

static PyObject *module_version(PyObject *m, PyObject *u) {
  (void)m, (void)u;
  return PyUnicode_FromString(ce_version());
}

static PyMethodDef module_methods[] = {
    {"options", module_options, METH_NOARGS,
     "[(id, kind, default, min, max, choices, group, label, help)]: the core's option table"},
    {"formats", module_formats, METH_NOARGS, "the input formats' ids, by number"},
    {"measures", module_measures, METH_NOARGS, "the measures' ids, by number"},
    {"token_measures", module_token_measures, METH_NOARGS, "the ids a token level has"},
    {"baselines", module_baselines, METH_NOARGS, "the baselines' names, by number"},
    {"map_presets", module_map_presets, METH_NOARGS, "the label maps compiled in"},
    {"version", module_version, METH_NOARGS, "the core's version"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "clustereval._core",
    .m_doc = "The clustereval core, compiled in.",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__core(void) {
  if (PyType_Ready(&EvalType) < 0) return NULL;
  PyObject *module = PyModule_Create(&module_def);
  if (!module) return NULL;
  PyObject *defaults =
      Py_BuildValue("{s:O,s:s,s:i,s:i}", "code", Py_None, "file", "", "line", 0, "column", 0);
  Error = defaults ? PyErr_NewExceptionWithDoc(
                         "clustereval.Error",
                         "An error of the core: the message names the input's file and line, "
                         "also in the attributes code, file, line and column.",
                         PyExc_ValueError, defaults)
                   : NULL;
  Py_XDECREF(defaults);
  if (!Error || PyModule_AddObjectRef(module, "Error", Error) < 0 ||
      PyModule_AddObjectRef(module, "Eval", (PyObject *)&EvalType) < 0) {
    Py_DECREF(module);
    return NULL;
  }
  return module;
}
