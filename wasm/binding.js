// The synchronous JavaScript binding over the wasm core. It alone touches wasm memory:
// it copies bytes in, calls the flat C exports, turns a non-zero status into a thrown
// CeError, copies results out, and frees in `finally`. Runs unchanged in a worker and in Node.

const CHUNK_BYTES = 1 << 20;

/** An error of the core, naming the input file and line like the CLI does. */
export class CeError extends Error {
  constructor({ code, message, file = '', line = 0, column = 0 }) {
    super(message);
    this.name = 'CeError';
    this.code = code;
    this.file = file;
    this.line = line;
    this.column = column;
  }

  toJSON() {
    return { code: this.code, message: this.message, file: this.file, line: this.line, column: this.column };
  }
}

const NMI_MEANS = ['arithmetic', 'geometric', 'min', 'max'];

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * Wraps an instantiated Emscripten module. Returns {version, options, evaluate}.
 * `options` lists the core's option ids ("beta", "log2", "token_check").
 */
export function bindCore(module) {
  const readString = (ptr, len) => {
    if (!ptr) return '';
    const heap = module.HEAPU8; // read afresh: memory growth replaces the view
    let end = ptr;
    if (len === undefined) while (heap[end]) end++;
    else end = ptr + len;
    return decoder.decode(heap.subarray(ptr, end));
  };
  const withString = (text, fn) => {
    const bytes = encoder.encode(text);
    const ptr = module._malloc(bytes.length + 1);
    if (!ptr) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
    try {
      module.HEAPU8.set(bytes, ptr);
      module.HEAPU8[ptr + bytes.length] = 0;
      return fn(ptr);
    } finally {
      module._free(ptr);
    }
  };

  const optionIds = new Map();
  for (let i = 0; i < module._ce_wasm_option_count(); i++) {
    optionIds.set(readString(module._ce_wasm_option_name(i)), i);
  }
  const version = readString(module._ce_wasm_version());

  const lastError = (handle, status) =>
    new CeError({
      code: readString(module._ce_wasm_status_name(status)),
      message: readString(module._ce_wasm_error_message(handle)) || 'unknown error',
      file: readString(module._ce_wasm_error_source(handle)),
      line: module._ce_wasm_error_line(handle),
      column: module._ce_wasm_error_column(handle),
    });

  const setOptions = (handle, options = {}) => {
    const values = {
      beta: options.beta,
      log2: options.log2 === undefined ? undefined : Number(Boolean(options.log2)),
      token_check: options.tokenCheck === undefined ? undefined : Number(Boolean(options.tokenCheck)),
      nmi_mean: options.nmiMean === undefined ? undefined : NMI_MEANS.indexOf(options.nmiMean),
    };
    for (const [id, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const status = module._ce_wasm_set(handle, optionIds.get(id), Number(value));
      if (status) throw new CeError({ code: 'CE_ERR_USAGE', message: `option ${id}: value ${value} is out of range` });
    }
  };

  /**
   * Scores every system against gold. `request` = {gold: {name, bytes}, systems: [{name,
   * bytes}], options: {beta, log2, tokenCheck, nmiMean}}; bytes are Uint8Array or ArrayBuffer; nmiMean is
   * 'arithmetic' (default), 'geometric', 'min' or 'max'.
   * Returns the SPEC §4 result; a system that fails carries `error` there. Throws CeError
   * when gold fails. `onProgress(done, total)` is told the bytes fed so far.
   */
  function evaluate(request, onProgress = () => {}) {
    const inputs = [request.gold, ...(request.systems ?? [])].map((input) => ({
      name: input.name,
      bytes: input.bytes instanceof Uint8Array ? input.bytes : new Uint8Array(input.bytes),
      offset: 0,
      open: true,
    }));
    if (inputs.length < 2) throw new CeError({ code: 'CE_ERR_USAGE', message: 'needs a gold file and at least one system file' });
    const total = inputs.reduce((sum, input) => sum + input.bytes.length, 0);
    const handle = module._ce_wasm_create();
    if (!handle) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
    const buffer = module._malloc(CHUNK_BYTES);
    try {
      if (!buffer) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
      setOptions(handle, request.options);
      for (const input of inputs) {
        const status = withString(input.name, (ptr) => module._ce_wasm_add_input(handle, ptr));
        if (status) throw lastError(handle, status);
      }
      // Round-robin, a chunk at a time: the core pairs tokens as soon as all inputs have them.
      let done = 0;
      for (let open = inputs.length; open > 0; ) {
        open = 0;
        inputs.forEach((input, index) => {
          if (!input.open) return;
          const chunk = input.bytes.subarray(input.offset, input.offset + CHUNK_BYTES);
          input.offset += chunk.length;
          done += chunk.length;
          let status = 0;
          if (chunk.length) {
            module.HEAPU8.set(chunk, buffer);
            status = module._ce_wasm_feed(handle, index, buffer, chunk.length);
          }
          if (status || input.offset >= input.bytes.length) {
            input.open = false;
            done += input.bytes.length - input.offset;
            module._ce_wasm_close(handle, index);
          } else {
            open++;
          }
          if (status && index === 0) throw lastError(handle, status);
        });
        onProgress(Math.min(done, total), total);
      }
      const status = module._ce_wasm_finish(handle);
      if (status) throw lastError(handle, status);
      return JSON.parse(readString(module._ce_wasm_json(handle), module._ce_wasm_json_length(handle)));
    } finally {
      if (buffer) module._free(buffer);
      module._ce_wasm_free(handle);
    }
  }

  return { version, options: [...optionIds.keys()], evaluate };
}
