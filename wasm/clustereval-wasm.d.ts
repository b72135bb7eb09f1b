// The Emscripten module of the core (wasm/build/clustereval.mjs, made by `make wasm`), as
// wasm/binding.js uses it. package.json's "imports" maps '#clustereval-wasm' to the built
// module, and to this file for the type checker, so that tsc never reads the generated code.

/** The instantiated module: its memory and the flat C exports of wasm/exports.c. */
export interface CoreModule {
  HEAPU8: Uint8Array;
  /** The threaded build's shared memory (wasm/build/clustereval-threads.mjs); absent otherwise. */
  wasmMemory?: WebAssembly.Memory;
  _malloc(size: number): number;
  _free(ptr: number): void;
  /** Every export takes and returns numbers: handles, pointers, lengths, ids, statuses. */
  [name: `_ce_wasm_${string}`]: (...args: number[]) => number;
}

export interface ModuleOptions {
  locateFile?: (path: string) => string;
  wasmBinary?: Uint8Array | ArrayBuffer;
  /** The threaded build: where its pthread workers import the module from. */
  mainScriptUrlOrBlob?: string;
}

export default function createClusterEval(options?: ModuleOptions): Promise<CoreModule>;
