/*
 * The CPython extension over the clustereval core: a thin handle on one run (Eval: options,
 * inputs, bytes fed, the JSON), and the fast path of score(), which turns label sequences
 * into numbers and feeds them with ce_eval_feed_ids. The core computes; this file only moves
 * data. Every call into the core that may take long releases the GIL.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "clustereval.h"

/* Tokens fed per input and turn: the inputs' queues stay small, and so does memory. */
enum { BLOCK_TOKENS = 1 << 16 };

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

/* ------------------------------------------------------------- interning */

/* Distinct label strings, numbered in the order first seen, one after another in `bytes`. */
typedef struct names {
  char *bytes;
  size_t used, cap;
  size_t *lens, *at; /* name i is bytes [at[i], at[i] + lens[i]) */
  size_t count, lens_cap, at_cap;
  uint64_t *slots; /* hash << 32 | (id + 1); 0 is empty */
  size_t slot_count;
} names;

static uint64_t hash_bytes(const char *bytes, size_t len) {
  uint64_t hash = 0x9e3779b97f4a7c15u ^ len;
  for (size_t i = 0; i < len; i += 8) {
    uint64_t word = 0;
    memcpy(&word, bytes + i, len - i < 8 ? len - i : 8);
    hash = (hash ^ word) * 0xbf58476d1ce4e5b9u;
    hash ^= hash >> 31;
  }
  return hash * 0x94d049bb133111ebu;
}

static void names_free(names *table) {
  free(table->bytes);
  free(table->lens);
  free(table->at);
  free(table->slots);
  memset(table, 0, sizeof *table);
}

static int grow(void **array, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap) return 0;
  size_t cap2 = *cap ? *cap : 16;
  while (cap2 < need) cap2 *= 2;
  void *grown = realloc(*array, cap2 * elem);
  if (!grown) return -1;
  *array = grown;
  *cap = cap2;
  return 0;
}

static int rehash(names *table) {
  size_t count = table->slot_count ? table->slot_count * 2 : 1024;
  uint64_t *slots = calloc(count, sizeof *slots);
  if (!slots) return -1;
  for (size_t s = 0; s < table->slot_count; s++) {
    uint64_t slot = table->slots[s];
    if (!slot) continue;
    size_t at = (slot >> 32) & (count - 1);
    while (slots[at]) at = (at + 1) & (count - 1);
    slots[at] = slot;
  }
  free(table->slots);
  table->slots = slots;
  table->slot_count = count;
  return 0;
}

/* The number of `bytes`, named now if new. -1 when out of memory. */
static int64_t names_put(names *table, const char *bytes, size_t len) {
  if (table->count * 2 >= table->slot_count && rehash(table)) return -1;
  uint64_t hash = hash_bytes(bytes, len) >> 32;
  size_t mask = table->slot_count - 1;
  for (size_t at = hash & mask;; at = (at + 1) & mask) {
    uint64_t slot = table->slots[at];
    if (!slot) {
      size_t id = table->count;
      if (id >= UINT32_MAX - 2 || grow((void **)&table->bytes, &table->cap, table->used + len, 1) ||
          grow((void **)&table->lens, &table->lens_cap, id + 1, sizeof *table->lens) ||
          grow((void **)&table->at, &table->at_cap, id + 1, sizeof *table->at))
        return -1;
      if (len) memcpy(table->bytes + table->used, bytes, len);
      table->at[id] = table->used;
      table->lens[id] = len;
      table->used += len;
      table->count++;
      table->slots[at] = hash << 32 | (id + 1);
      return (int64_t)id;
    }
    uint32_t id = (uint32_t)(slot & 0xffffffffu) - 1;
    if ((slot >> 32) == hash && table->lens[id] == len &&
        memcmp(table->bytes + table->at[id], bytes, len) == 0)
      return id;
  }
}

/* Integers name themselves in decimal, as in a tagged file. */
static int64_t names_put_int(names *table, long long value) {
  char digits[24];
  int len = PyOS_snprintf(digits, sizeof digits, "%lld", value);
  return names_put(table, digits, (size_t)len);
}

/* ------------------------------------------------------- label sequences */

/* Labels read as numbers: ids[t] names labels in `table`. */
typedef struct labels {
  uint32_t *ids;
  Py_ssize_t count;
  names table;
} labels;

static void labels_free(labels *l) {
  free(l->ids);
  names_free(&l->table);
  memset(l, 0, sizeof *l);
}

static PyObject *no_memory(void) {
  return PyErr_NoMemory();
}

/* Integers of a buffer of `size` bytes each, signed or not, C order. */
static long long buffer_int(const char *at, Py_ssize_t size, int is_signed) {
  switch (size) {
    case 1:
      return is_signed ? (long long)*(const int8_t *)at : (long long)*(const uint8_t *)at;
    case 2: {
      int16_t s;
      uint16_t u;
      memcpy(&s, at, 2);
      memcpy(&u, at, 2);
      return is_signed ? s : u;
    }
    case 4: {
      int32_t s;
      uint32_t u;
      memcpy(&s, at, 4);
      memcpy(&u, at, 4);
      return is_signed ? s : (long long)u;
    }
    default: {
      int64_t s;
      memcpy(&s, at, 8);
      return s; /* uint64 above 2^63 reads as negative: distinct values stay distinct */
    }
  }
}

/*
 * Integer labels of a buffer. Where their range is small (labels are usually 0..k), a direct
 * table maps each value to its number; otherwise the decimal text is hashed.
 */
static int read_int_buffer(const Py_buffer *view, int is_signed, labels *out) {
  Py_ssize_t n = out->count, size = view->itemsize;
  const char *data = view->buf;
  long long lo = 0, hi = -1;
  for (Py_ssize_t t = 0; t < n; t++) {
    long long v = buffer_int(data + t * size, size, is_signed);
    if (t == 0 || v < lo) lo = v;
    if (t == 0 || v > hi) hi = v;
  }
  unsigned long long range = (unsigned long long)hi - (unsigned long long)lo + 1;
  int direct = n && range <= (1u << 22) && range <= 4 * (unsigned long long)n + 1024;
  uint32_t *direct_ids = direct ? calloc(range, sizeof *direct_ids) : NULL;
  if (direct && !direct_ids) return -1;
  for (Py_ssize_t t = 0; t < n; t++) {
    long long v = buffer_int(data + t * size, size, is_signed);
    int64_t id;
    if (direct && direct_ids[v - lo]) {
      id = direct_ids[v - lo] - 1;
    } else {
      id = names_put_int(&out->table, v);
      if (id < 0) {
        free(direct_ids);
        return -1;
      }
      if (direct) direct_ids[v - lo] = (uint32_t)id + 1;
    }
    out->ids[t] = (uint32_t)id;
  }
  free(direct_ids);
  return 0;
}

/* Fixed-width strings of a buffer: numpy's 'U' (UCS-4, format "<n>w") or 'S' ("<n>s"),
 * trailing NULs dropped as numpy drops them. */
static int read_string_buffer(const Py_buffer *view, int ucs4, labels *out) {
  Py_ssize_t size = view->itemsize, chars = ucs4 ? size / 4 : size;
  char *utf8 = malloc((size_t)chars * 4 + 1);
  if (!utf8) return -1;
  for (Py_ssize_t t = 0; t < out->count; t++) {
    const char *at = (const char *)view->buf + t * size;
    size_t len = 0;
    if (!ucs4) {
      len = (size_t)size;
      while (len && !at[len - 1]) len--;
      memcpy(utf8, at, len);
    } else {
      Py_ssize_t used = chars;
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
    }
    int64_t id = names_put(&out->table, utf8, len);
    if (id < 0) {
      free(utf8);
      return -1;
    }
    out->ids[t] = (uint32_t)id;
  }
  free(utf8);
  return 0;
}

/*
 * A one-dimensional buffer of integers or fixed-width strings, read in place. Returns 1 when
 * read, 0 when the object is no such buffer (read it as a sequence), -1 with an exception.
 */
static int read_buffer(PyObject *obj, const char *what, labels *out) {
  if (!PyObject_CheckBuffer(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj)) return 0;
  Py_buffer view;
  if (PyObject_GetBuffer(obj, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)) {
    PyErr_Clear();
    return 0;
  }
  const char *format = view.format ? view.format : "B";
  const uint16_t probe = 1;
  int little = *(const uint8_t *)&probe;
  if (*format == '<' || *format == '=' || *format == '@' || (*format == '>' && !little) ||
      (*format == '!' && !little))
    format++;
  size_t digits = strspn(format, "0123456789");
  char kind = format[digits];
  int ints = digits == 0 && kind && strchr("bBhHiIlLqQnN?", kind) && format[1] == '\0';
  int strings = (kind == 'w' || kind == 's') && format[digits + 1] == '\0';
  int result = 0;
  if (view.ndim != 1 && (ints || strings)) {
    usage("%s must be one-dimensional, not %d-dimensional", what, view.ndim);
    result = -1;
  } else if (ints || strings) {
    out->count = view.shape ? view.shape[0] : view.len / view.itemsize;
    out->ids = malloc(((size_t)out->count + 1) * sizeof *out->ids);
    int failed = !out->ids;
    if (!failed && ints)
      failed = read_int_buffer(
          &view,
          kind == 'b' || kind == 'h' || kind == 'i' || kind == 'l' || kind == 'q' || kind == 'n',
          out);
    if (!failed && strings) failed = read_string_buffer(&view, kind == 'w', out);
    if (failed) no_memory();
    result = failed ? -1 : 1;
  } else if (kind == 'e' || kind == 'f' || kind == 'd' || kind == 'g') {
    usage("%s holds floating-point numbers; labels are integers or strings", what);
    result = -1;
  }
  PyBuffer_Release(&view);
  return result;
}

/* A label of a sequence: str, int (or anything with __index__), or bytes. */
static int64_t read_item(PyObject *item, const char *what, Py_ssize_t t, names *table) {
  if (PyUnicode_Check(item)) {
    Py_ssize_t len;
    const char *utf8 = PyUnicode_AsUTF8AndSize(item, &len);
    if (!utf8) {
      PyErr_Clear();
      usage("%s[%zd] is not valid Unicode (a lone surrogate?)", what, t);
      return -2;
    }
    return names_put(table, utf8, (size_t)len);
  }
  if (PyBytes_Check(item))
    return names_put(table, PyBytes_AS_STRING(item), (size_t)PyBytes_GET_SIZE(item));
  if (PyLong_Check(item) || (PyIndex_Check(item) && !PyFloat_Check(item))) {
    PyObject *index = PyNumber_Index(item);
    if (!index) return -2;
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(index, &overflow);
    int64_t id = -2;
    if (!overflow) {
      id = names_put_int(table, value);
    } else {
      PyObject *decimal = PyObject_Str(index);
      Py_ssize_t len;
      const char *utf8 = decimal ? PyUnicode_AsUTF8AndSize(decimal, &len) : NULL;
      if (utf8) id = names_put(table, utf8, (size_t)len);
      Py_XDECREF(decimal);
    }
    Py_DECREF(index);
    return id;
  }
  usage("%s[%zd] is a %s; labels are str or int", what, t, Py_TYPE(item)->tp_name);
  return -2;
}

/* Any sequence of labels. The same object seen again (small ints, a repeated str) is found
 * by its address first. */
static int read_sequence(PyObject *obj, const char *what, labels *out) {
  PyObject *seq = PySequence_Fast(obj, "");
  if (!seq) {
    PyErr_Clear();
    usage("%s must be a sequence of labels, not %s", what, Py_TYPE(obj)->tp_name);
    return -1;
  }
  enum { CACHE = 1024 };
  struct {
    PyObject *object;
    uint32_t id;
  } cache[CACHE];
  memset(cache, 0, sizeof cache);
  out->count = PySequence_Fast_GET_SIZE(seq);
  PyObject **items = PySequence_Fast_ITEMS(seq);
  out->ids = malloc(((size_t)out->count + 1) * sizeof *out->ids);
  int status = out->ids ? 0 : -1;
  if (status) no_memory();
  for (Py_ssize_t t = 0; t < out->count && !status; t++) {
    size_t slot = ((uintptr_t)items[t] >> 4) & (CACHE - 1);
    if (cache[slot].object == items[t]) {
      out->ids[t] = cache[slot].id;
      continue;
    }
    int64_t id = read_item(items[t], what, t, &out->table);
    if (id == -1) no_memory();
    if (id < 0) {
      status = -1;
      break;
    }
    out->ids[t] = (uint32_t)id;
    cache[slot].object = items[t];
    cache[slot].id = (uint32_t)id;
  }
  Py_DECREF(seq);
  return status;
}

static int read_labels(PyObject *obj, const char *what, labels *out) {
  int read = read_buffer(obj, what, out);
  if (read) return read < 0 ? -1 : 0;
  return read_sequence(obj, what, out);
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
    return usage("option %s: %g is not allowed (from %g to %g)",
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

/* resample(count) -> (done, total) */
static PyObject *eval_resample(EvalObject *self, PyObject *args) {
  unsigned count, done = 0, total = 0;
  ce_error err;
  if (enter(self) || !PyArg_ParseTuple(args, "I", &count)) return NULL;
  ce_status status;
  PyThreadState *state = release(self);
  status = ce_eval_resample(self->ev, count, &done, &total, &err);
  reacquire(self, state);
  if (status) return raise_error(&err, status);
  return Py_BuildValue("(II)", done, total);
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

/* Releases the gold and system sequences' numbers into the core and feeds them in turns. */
static ce_status feed_labels(ce_eval *ev, labels *inputs, size_t count, const labels *words,
                             const uint8_t *ends, ce_error *err) {
  size_t n = (size_t)inputs[0].count;
  for (size_t i = 0; i < count; i++) {
    ce_status status = ce_eval_name(ev, i, CE_NAMES_LABELS, inputs[i].table.bytes,
                                    inputs[i].table.lens, inputs[i].table.count, err);
    if (status) return status;
  }
  if (words) {
    ce_status status = ce_eval_name(ev, 0, CE_NAMES_ITEMS, words->table.bytes, words->table.lens,
                                    words->table.count, err);
    if (status) return status;
  }
  for (size_t at = 0; at < n; at += BLOCK_TOKENS) {
    size_t block = n - at < BLOCK_TOKENS ? n - at : BLOCK_TOKENS;
    for (size_t i = 0; i < count; i++) {
      ce_status status = ce_eval_feed_ids(ev, i, words ? words->ids + at : NULL, inputs[i].ids + at,
                                          i == 0 && ends ? ends + at : NULL, block, err);
      if (status && i == 0) return status;
    }
  }
  for (size_t i = 0; i < count; i++) ce_eval_close(ev, i, NULL);
  return CE_OK;
}

/* A sentence ends where the next token's sentence number differs (and at the last token). */
static uint8_t *ends_of(const labels *sentences) {
  uint8_t *ends = calloc((size_t)sentences->count + 1, 1);
  for (Py_ssize_t t = 0; ends && t < sentences->count; t++)
    ends[t] = t + 1 == sentences->count || sentences->ids[t] != sentences->ids[t + 1];
  return ends;
}

/* Truth values of a sequence (or a buffer), one per token. */
static uint8_t *read_flags(PyObject *obj, Py_ssize_t n) {
  PyObject *seq = PySequence_Fast(obj, "sentence_ends must be a sequence of booleans");
  if (!seq) return NULL;
  if (PySequence_Fast_GET_SIZE(seq) != n) {
    usage("sentence_ends has %zd values for %zd tokens", PySequence_Fast_GET_SIZE(seq), n);
    Py_DECREF(seq);
    return NULL;
  }
  uint8_t *ends = malloc((size_t)n + 1);
  for (Py_ssize_t t = 0; ends && t < n; t++) {
    int truth = PyObject_IsTrue(PySequence_Fast_GET_ITEM(seq, t));
    if (truth < 0) {
      free(ends);
      ends = NULL;
      break;
    }
    ends[t] = (uint8_t)truth;
  }
  if (!ends && !PyErr_Occurred()) PyErr_NoMemory();
  Py_DECREF(seq);
  return ends;
}

/*
 * feed_labels(sequences, words, sentence_ends, sentences): inputs 0, 1... (added already,
 * named after the sequences) get their labels by number, all of the same length; words (or
 * None) are their items; sentence_ends (booleans) or sentences (a sentence label per token)
 * mark gold's sentences. Closes every input. Raises when gold fails.
 */
static PyObject *eval_feed_labels(EvalObject *self, PyObject *args) {
  PyObject *sequences, *words_obj, *ends_obj, *sentences_obj;
  if (enter(self) || !PyArg_ParseTuple(args, "O!OOO", &PyTuple_Type, &sequences, &words_obj,
                                       &ends_obj, &sentences_obj))
    return NULL;
  size_t count = (size_t)PyTuple_GET_SIZE(sequences);
  if (count < 2 || count != ce_eval_input_count(self->ev))
    return usage("feed_labels needs one sequence per input, gold first");
  labels *inputs = calloc(count, sizeof *inputs);
  labels words = {0}, sentences = {0};
  uint8_t *ends = NULL;
  PyObject *result = NULL;
  if (!inputs) return PyErr_NoMemory();
  for (size_t i = 0; i < count; i++) {
    const char *name = ce_eval_input_name(self->ev, i);
    if (read_labels(PyTuple_GET_ITEM(sequences, i), name, &inputs[i])) goto done;
    if (inputs[i].count != inputs[0].count) {
      usage("%s has %zd labels, %s %zd", name, inputs[i].count, ce_eval_input_name(self->ev, 0),
            inputs[0].count);
      goto done;
    }
  }
  Py_ssize_t n = inputs[0].count;
  if (words_obj != Py_None) {
    if (read_labels(words_obj, "words", &words)) goto done;
    if (words.count != n) {
      usage("words has %zd tokens, the labels %zd", words.count, n);
      goto done;
    }
  }
  if (ends_obj != Py_None && !(ends = read_flags(ends_obj, n))) goto done;
  if (sentences_obj != Py_None) {
    if (read_labels(sentences_obj, "sentences", &sentences)) goto done;
    if (sentences.count != n) {
      usage("sentences has %zd values for %zd tokens", sentences.count, n);
      goto done;
    }
    if (!(ends = ends_of(&sentences))) {
      PyErr_NoMemory();
      goto done;
    }
  }
  ce_error err;
  ce_status status;
  PyThreadState *state = release(self);
  status = feed_labels(self->ev, inputs, count, words_obj != Py_None ? &words : NULL, ends, &err);
  reacquire(self, state);
  if (status) {
    raise_error(&err, status);
    goto done;
  }
  result = Py_NewRef(Py_None);
done:
  for (size_t i = 0; i < count; i++) labels_free(&inputs[i]);
  free(inputs);
  labels_free(&words);
  labels_free(&sentences);
  free(ends);
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
    {"set_format", (PyCFunction)eval_set_format, METH_VARARGS, NULL},
    {"set_input_reading", (PyCFunction)eval_set_input_reading, METH_VARARGS, NULL},
    {"feed", (PyCFunction)eval_feed, METH_VARARGS, "feed(index, bytes) -> bool"},
    {"close", (PyCFunction)eval_close, METH_VARARGS, "close(index) -> bool"},
    {"backlog", (PyCFunction)eval_backlog, METH_VARARGS, NULL},
    {"feed_labels", (PyCFunction)eval_feed_labels, METH_VARARGS, NULL},
    {"finish", (PyCFunction)eval_finish, METH_NOARGS, NULL},
    {"resample", (PyCFunction)eval_resample, METH_VARARGS, "resample(count) -> (done, total)"},
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

/* [(id, default, min, max, choices)]: the core's options, choices named for enum options. */
static PyObject *module_options(PyObject *module, PyObject *unused) {
  (void)module, (void)unused;
  PyObject *list = PyList_New(0);
  for (int opt = 0; list && opt < CE_OPT_COUNT; opt++) {
    double def, lo, hi;
    ce_opt_bounds((ce_option)opt, &def, &lo, &hi);
    PyObject *choices = PyList_New(0);
    for (unsigned v = 0; choices && ce_opt_choice((ce_option)opt, v); v++) {
      PyObject *name = PyUnicode_FromString(ce_opt_choice((ce_option)opt, v));
      if (!name || PyList_Append(choices, name)) Py_CLEAR(choices);
      Py_XDECREF(name);
    }
    int integral = ce_opt_check((ce_option)opt, lo + 0.5) != CE_OK && lo + 0.5 <= hi;
    PyObject *row = choices ? Py_BuildValue("(sdddNi)", ce_opt_name((ce_option)opt), def, lo, hi,
                                            choices, integral)
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
    {"options", module_options, METH_NOARGS, "[(id, default, min, max, choices, integral)]"},
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
