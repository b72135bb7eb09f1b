// Prepended to the threaded build's module (Makefile): a locateFile for every instance of
// it. The page runs that module from a blob: URL, against which Emscripten's default,
// new URL(file, import.meta.url), cannot resolve a name; the pthread workers' instances are
// given no options, and need no file (their wasm comes compiled from the first instance).
if (!Module['locateFile']) Module['locateFile'] = (path) => path;
