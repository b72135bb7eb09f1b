/*
 * The command line as a function: cli/main.c, cli/read_ahead.c and cli/save_page.c compiled
 * into this module with their main renamed ce_cli_main (setup.py), so that `python -m
 * clustereval` and the `clustereval` script are the C command line itself, byte for byte and
 * exit code for exit code, not a second one written in Python.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdio.h>
#include <stdlib.h>

int ce_cli_main(int argc, char **argv);

/*
 * main(argv) -> exit code: runs the command line on argv (argv[0] the program's name; str,
 * encoded as the file system's names are, or bytes) in this process. It writes to file
 * descriptors 1 and 2 through C's stdio, flushed before it returns; the caller flushes
 * Python's streams first. The GIL is released meanwhile.
 */
static PyObject *cli_main(PyObject *module, PyObject *arg) {
  (void)module;
  PyObject *seq = PySequence_Fast(arg, "main() takes a list of arguments");
  if (!seq) return NULL;
  Py_ssize_t argc = PySequence_Fast_GET_SIZE(seq);
  PyObject **encoded = calloc((size_t)argc + 1, sizeof *encoded);
  char **argv = calloc((size_t)argc + 1, sizeof *argv);
  PyObject *result = NULL;
  if (!encoded || !argv) {
    PyErr_NoMemory();
    goto done;
  }
  if (argc == 0) {
    PyErr_SetString(PyExc_ValueError, "main() needs at least the program's name");
    goto done;
  }
  for (Py_ssize_t i = 0; i < argc; i++) {
    if (!PyUnicode_FSConverter(PySequence_Fast_GET_ITEM(seq, i), &encoded[i])) goto done;
    argv[i] = PyBytes_AS_STRING(encoded[i]);
  }
  PyThreadState *state = PyEval_SaveThread();
  int code = ce_cli_main((int)argc, argv);
  fflush(stdout);
  fflush(stderr);
  PyEval_RestoreThread(state);
  result = PyLong_FromLong(code);
done:
  for (Py_ssize_t i = 0; encoded && i < argc; i++) Py_XDECREF(encoded[i]);
  free(encoded);
  free(argv);
  Py_DECREF(seq);
  return result;
}

static PyMethodDef module_methods[] = {
    {"main", cli_main, METH_O, "main(argv) -> exit code: the clustereval command line"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "clustereval._cli",
    .m_doc = "The clustereval command line (cli/main.c), compiled in.",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__cli(void) {
  return PyModule_Create(&module_def);
}
