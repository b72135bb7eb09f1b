// The synchronous JavaScript binding over the wasm core. It alone touches wasm memory:
// it copies bytes in, calls the flat C exports, turns a non-zero status into a thrown
// CeError, copies results out, and frees in `finally`. Runs unchanged in a worker and in Node.

const CHUNK_BYTES = 1 << 20;
// An input this many tokens ahead of another waits its turn (its tokens would only queue).
const BACKLOG_SLACK = 1 << 16;

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
const UNCLUSTERED = ['merge', 'split', 'drop'];
const LEVELS = ['both', 'token', 'type'];
const PREVIEW_BYTES = 64 * 1024;

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * Wraps an instantiated Emscripten module. Returns {version, options, evaluate,
 * evaluateStream, preview}.
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

  const formatIds = (name) => withString(name, (ptr) => module._ce_wasm_format_from_name(ptr));
  const baselineIds = new Map();
  for (let b = 0; b < module._ce_wasm_baseline_count(); b++) baselineIds.set(readString(module._ce_wasm_baseline_name(b)), b);

  const usage = (message) => new CeError({ code: 'CE_ERR_USAGE', message });
  const flag = (value) => (value === undefined ? undefined : Number(Boolean(value)));
  const choice = (value, names, id) => {
    if (value === undefined) return undefined;
    const index = names.indexOf(value);
    if (index < 0) throw usage(`option ${id}: '${value}' is not one of ${names.join(', ')}`);
    return index;
  };

  const setOptions = (handle, options = {}) => {
    const values = {
      beta: options.beta,
      log2: flag(options.log2),
      token_check: flag(options.tokenCheck),
      nmi_mean: choice(options.nmiMean, NMI_MEANS, 'nmi_mean'),
      restarts: options.restarts,
      seed: options.seed,
      min_share: options.minShare,
      unclustered: choice(options.unclustered, UNCLUSTERED, 'unclustered'),
      exclude_punct: flag(options.excludePunct),
      map_keep: flag(options.mapKeep),
      column: options.column,
      depth: options.depth,
      detail: flag(options.detail),
      substitutable: flag(options.substitutable),
      levels: choice(options.levels, LEVELS, 'levels'),
      bootstrap: options.bootstrap,
    };
    for (const [id, value] of Object.entries(values)) {
      if (value === undefined || value === null || value === '') continue;
      const status = module._ce_wasm_set(handle, optionIds.get(id), Number(value));
      if (status) throw usage(`option ${id}: value ${value} is out of range`);
    }
    for (const label of options.excludeLabels ?? []) {
      if (withString(label, (ptr) => module._ce_wasm_exclude_label(handle, ptr))) throw usage(`cannot exclude label '${label}'`);
    }
    if (options.unclusteredLabel) {
      if (withString(options.unclusteredLabel, (ptr) => module._ce_wasm_set_unclustered_label(handle, ptr)))
        throw usage('the unclustered label must not be empty');
    }
    [options.goldMap, options.inducedMap].forEach((map, side) => {
      if (!map) return;
      let status;
      if (map.preset) {
        status = withString(map.preset, (ptr) => module._ce_wasm_map_preset(handle, side, ptr));
      } else {
        const bytes = map.bytes instanceof Uint8Array ? map.bytes : new Uint8Array(map.bytes);
        const buffer = module._malloc(bytes.length || 1);
        try {
          module.HEAPU8.set(bytes, buffer);
          status = withString(map.name ?? 'map', (ptr) => module._ce_wasm_map_feed(handle, side, ptr, buffer, bytes.length));
          if (!status) status = module._ce_wasm_map_close(handle, side);
        } finally {
          module._free(buffer);
        }
      }
      if (status) throw lastError(handle, status);
    });
    for (const name of options.baselines ?? []) {
      if (!baselineIds.has(name)) throw usage(`unknown baseline '${name}' (${[...baselineIds.keys()].join(', ')})`);
      module._ce_wasm_add_baseline(handle, baselineIds.get(name));
    }
  };

  const formatOf = (name) => {
    const id = formatIds(name ?? 'auto');
    if (id < 0 || id >= module._ce_wasm_format_count()) throw usage(`unknown input format '${name}'`);
    return id;
  };

  /** Reads the head of a file as the page's preview: {format, detected, records, error?}. */
  function preview({ bytes, format = 'auto', column = 0, depth = 0 }) {
    const head = (bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).subarray(0, PREVIEW_BYTES);
    const handle = module._ce_wasm_create();
    const buffer = module._malloc(head.length || 1);
    try {
      if (!handle || !buffer) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
      module.HEAPU8.set(head, buffer);
      const status = module._ce_wasm_preview(handle, buffer, head.length, formatOf(format), column, depth);
      if (status) throw lastError(handle, status);
      return JSON.parse(readString(module._ce_wasm_text(handle), module._ce_wasm_text_length(handle)));
    } finally {
      if (buffer) module._free(buffer);
      module._ce_wasm_free(handle);
    }
  }

  /*
   * One run of the core: options and inputs set, then chunks fed input by input. Chunks of
   * any size are copied into wasm memory CHUNK_BYTES at a time. `free()` in a finally.
   */
  function openRun(request) {
    const systems = request.systems ?? [];
    // A system's held-out test corpus for sub_p and sub_r is read like any input, after all.
    const tests = systems.flatMap((system, i) => (system.subTest ? [{ ...system.subTest, system: i + 1 }] : []));
    const inputs = [request.gold, ...systems, ...tests];
    // A counts or joint file is scored alone; a gold of another format needs systems (the
    // core says so once it has detected the format of a gold given alone).
    const alone = ['counts', 'joint', 'auto', undefined].includes(request.gold?.format);
    if (!request.gold || inputs.length < (alone ? 1 : 2)) throw usage('needs a gold file and at least one system file');
    const handle = module._ce_wasm_create();
    const buffer = handle ? module._malloc(CHUNK_BYTES) : 0;
    const run = {
      inputs,
      free() {
        if (buffer) module._free(buffer);
        module._ce_wasm_free(handle);
      },
      /* Feeds one chunk; returns false once the input has failed (its error is in the result). */
      feed(index, chunk) {
        for (let at = 0; at < chunk.length; at += CHUNK_BYTES) {
          const piece = chunk.subarray(at, at + CHUNK_BYTES);
          module.HEAPU8.set(piece, buffer);
          const status = module._ce_wasm_feed(handle, index, buffer, piece.length);
          if (status && index === 0) throw lastError(handle, status);
          if (status) return false;
        }
        return true;
      },
      close(index) {
        const status = module._ce_wasm_close(handle, index);
        if (status && index === 0) throw lastError(handle, status);
      },
      /* True when input `index` should wait: far ahead of some other open input. */
      ahead(index, open) {
        const mine = module._ce_wasm_backlog(handle, index);
        return mine > BACKLOG_SLACK && open.some((o, j) => o && j !== index && module._ce_wasm_backlog(handle, j) < mine);
      },
      /* Scores, runs the --bootstrap resamples one at a time (progress per resample), and
       * returns the result. */
      finish(onProgress) {
        let status = module._ce_wasm_finish(handle);
        if (status) throw lastError(handle, status);
        for (;;) {
          status = module._ce_wasm_resample(handle, 1);
          if (status) throw lastError(handle, status);
          const done = module._ce_wasm_resampled(handle);
          const total = module._ce_wasm_resamples(handle);
          if (!total) break;
          onProgress(done, total, 'bootstrap');
          if (done >= total) break;
        }
        status = module._ce_wasm_json(handle);
        if (status) throw lastError(handle, status);
        return JSON.parse(readString(module._ce_wasm_text(handle), module._ce_wasm_text_length(handle)));
      },
    };
    try {
      if (!handle || !buffer) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
      // A held-out test corpus asks for the substitutable scores.
      setOptions(handle, { ...request.options, ...(tests.length ? { substitutable: true } : {}) });
      inputs.forEach((input, index) => {
        const add = input.system
          ? (ptr) => module._ce_wasm_add_sub_test(handle, input.system, ptr)
          : (ptr) => module._ce_wasm_add_input(handle, ptr);
        const status = withString(input.name, add);
        if (status) throw lastError(handle, status);
        if (module._ce_wasm_set_format(handle, index, formatOf(input.format))) throw usage(`cannot set the format of ${input.name}`);
        if ((input.column || input.depth) && module._ce_wasm_set_input_reading(handle, index, input.column || 0, input.depth || 0))
          throw usage(`${input.name}: column ${input.column} or depth ${input.depth} is out of range`);
      });
    } catch (error) {
      run.free();
      throw error;
    }
    return run;
  }

  const asBytes = (bytes) => (bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const sizeOf = (input) => (input.blob ? input.blob.size : asBytes(input.bytes).length);

  /**
   * Scores every system against gold, synchronously, from bytes in memory. `request` =
   * {gold: {name, bytes, format?}, systems: [{name, bytes, format?}], options}; each input
   * may name its `format` ('auto' by default). Options: beta, log2, tokenCheck, nmiMean
   * ('arithmetic', 'geometric', 'min', 'max'), restarts, seed, minShare, unclustered
   * ('merge', 'split', 'drop'), unclusteredLabel, excludeLabels [..], excludePunct,
   * baselines ['random', 'one', 'singletons', 'majority'], goldMap and inducedMap
   * ({preset: 'brown-universal'} or {name, bytes}), mapKeep, column, depth, detail. A system
   * may carry `subTest` ({name, bytes or blob}), its tagging of held-out text for sub_p and
   * sub_r (with `substitutable` they use the system's own corpus); `levels` is 'both',
   * 'token' or 'type'; `bootstrap` B asks for B resamples (intervals, paired shares).
   * Any input may set its own `column` and `depth`. Bytes
   * are Uint8Array or ArrayBuffer. Returns the SPEC §4 result; a system that fails carries
   * `error` there. Throws CeError when gold fails. `onProgress(done, total, phase)` gets
   * bytes fed (phase 'read'), then with `bootstrap` B the resamples done (phase 'bootstrap').
   */
  function evaluate(request, onProgress = () => {}) {
    const run = openRun(request);
    try {
      const inputs = run.inputs.map((input) => ({ bytes: asBytes(input.bytes), offset: 0, open: true }));
      const total = inputs.reduce((sum, input) => sum + input.bytes.length, 0);
      let done = 0;
      // Round-robin, a chunk at a time: the core pairs tokens as soon as all inputs have them.
      for (let open = inputs.length; open > 0; ) {
        open = 0;
        const opened = inputs.map((input) => input.open);
        inputs.forEach((input, index) => {
          if (!input.open) return;
          if (run.ahead(index, opened)) {
            open++;
            return;
          }
          const chunk = input.bytes.subarray(input.offset, input.offset + CHUNK_BYTES);
          input.offset += chunk.length;
          const alive = run.feed(index, chunk);
          if (!alive || input.offset >= input.bytes.length) {
            input.open = false;
            run.close(index);
          } else {
            open++;
          }
          done += alive ? chunk.length : chunk.length + input.bytes.length - input.offset;
        });
        onProgress(Math.min(done, total), total, 'read');
      }
      return run.finish(onProgress);
    } finally {
      run.free();
    }
  }

  /**
   * The same from streams, so that a large file is never whole in memory: each input has
   * `blob` (a File or Blob, read through blob.stream()) or `bytes`. Reads the inputs
   * round-robin, a chunk of each in turn; progress follows the bytes read.
   */
  async function evaluateStream(request, onProgress = () => {}) {
    const run = openRun(request);
    const readers = [];
    try {
      const inputs = run.inputs.map((input) => {
        if (!input.blob) return { bytes: asBytes(input.bytes), offset: 0, open: true, size: sizeOf(input) };
        const reader = input.blob.stream().getReader();
        readers.push(reader);
        return { reader, open: true, size: input.blob.size };
      });
      const total = inputs.reduce((sum, input) => sum + input.size, 0);
      let done = 0;
      const next = async (input) => {
        if (!input.reader) {
          const chunk = input.bytes.subarray(input.offset, input.offset + CHUNK_BYTES);
          input.offset += chunk.length;
          return chunk.length ? chunk : null;
        }
        const { value, done: ended } = await input.reader.read();
        return ended ? null : value;
      };
      for (let open = inputs.length; open > 0; ) {
        open = 0;
        const opened = inputs.map((input) => input.open);
        for (const [index, input] of inputs.entries()) {
          if (!input.open) continue;
          if (run.ahead(index, opened)) {
            open++;
            continue;
          }
          const chunk = await next(input);
          if (chunk && run.feed(index, chunk)) {
            done += chunk.length;
            open++;
            continue;
          }
          input.open = false;
          input.reader?.cancel().catch(() => {});
          run.close(index);
        }
        onProgress(Math.min(done, total), total, 'read');
      }
      onProgress(total, total, 'read');
      return run.finish(onProgress);
    } finally {
      run.free();
    }
  }

  return { version, options: [...optionIds.keys()], evaluate, evaluateStream, preview };
}
