// The synchronous JavaScript binding over the wasm core. It alone touches wasm memory:
// it copies bytes in, calls the flat C exports, turns a non-zero status into a thrown
// CeError, copies results out, and frees in `finally`. Runs unchanged in a worker and in Node.
// The last finished evaluation stays alive, so that tables of it can be asked for without
// running it again; the next evaluation, or release(), frees it.

/** @typedef {import('#clustereval-wasm').CoreModule} CoreModule */
/** @typedef {import('./protocol.js').CoreErrorData} CoreErrorData */
/** @typedef {import('./protocol.js').EvaluateRequest} EvaluateRequest */
/** @typedef {import('./protocol.js').EvaluateOptions} EvaluateOptions */
/** @typedef {import('./protocol.js').InputFile} InputFile */
/** @typedef {import('./protocol.js').PreviewRequest} PreviewRequest */
/** @typedef {import('./protocol.js').Preview} Preview */
/** @typedef {import('./protocol.js').Result} Result */
/** @typedef {import('./protocol.js').TableRequest} TableRequest */
/** @typedef {import('./protocol.js').ItemsRequest} ItemsRequest */
/** @typedef {import('./protocol.js').CheckRequest} CheckRequest */
/** @typedef {import('./protocol.js').CheckCell} CheckCell */
/** @typedef {import('./protocol.js').Progress} Progress */
/** @typedef {(done: number, total: number, phase: Progress['phase']) => void} OnProgress */
/**
 * score()'s options: the core's option ids, and what a label sequence needs besides.
 * @typedef {{words?: ArrayLike<unknown>, measures?: string | string[], sentence_ends?: ArrayLike<unknown>,
 *   sentences?: ArrayLike<unknown>, exclude_labels?: string | string[], unclustered_label?: string,
 *   [option: string]: unknown}} ScoreOptions
 */

const CHUNK_BYTES = 1 << 20;

/** An error of the core, naming the input file and line like the CLI does. */
export class CeError extends Error {
  /** @param {CoreErrorData} data */
  constructor({ code, message, file = '', line = 0, column = 0 }) {
    super(message);
    this.name = 'CeError';
    this.code = code;
    this.file = file;
    this.line = line;
    this.column = column;
  }

  /** @returns {Required<CoreErrorData>} */
  toJSON() {
    return { code: this.code, message: this.message, file: this.file, line: this.line, column: this.column };
  }
}

// Shuffles per step: each posts progress, and a step stays well under a frame's time.
const SHUFFLE_STEP = 16;
const PREVIEW_BYTES = 64 * 1024;
// By ce_table_format. (A table's columns are '<level>.<id>', the levels as the core names
// them: a sense run's 'senses.<id>', a tde run's 'tde.<id>', a coreference run's 'coref.<id>'.)
const TABLE_FORMATS = ['text', 'tsv', 'csv', 'markdown', 'latex'];

/**
 * Labels to exclude as --exclude-labels reads them: a comma list ("\\," a comma inside a
 * label), or an array as it is.
 * @param {string | string[]} value
 */
export const labelList = (value) =>
  Array.isArray(value)
    ? value
    : value
        .split(/(?<!\\),/)
        .map((label) => label.replaceAll('\\,', ','))
        .filter(Boolean);

/**
 * What `value` is, for a message: "a string ('gold.tsv')", "null", "a Set", "an object".
 * @param {unknown} value
 */
export const kindOf = (value) => {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`;
  if (typeof value !== 'object' && typeof value !== 'function') return `a ${typeof value} (${String(value)})`;
  const name = Object.getPrototypeOf(value)?.constructor?.name;
  return !name || name === 'Object' ? 'an object' : `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
};

/**
 * A list of strings given as a comma list or an array of strings, else a TypeError naming
 * `what`.
 * @param {unknown} value
 * @param {string} what
 * @returns {string | string[]}
 */
export const stringList = (value, what) => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const bad = value.findIndex((v) => typeof v !== 'string');
    if (bad < 0) return value;
    throw new TypeError(`${what}[${bad}] is ${kindOf(value[bad])}; ${what} is a comma list or an array of strings`);
  }
  throw new TypeError(`${what} is ${kindOf(value)}; pass a comma list or an array of strings`);
};

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * Wraps an instantiated Emscripten module. Returns {version, options, measures, formats,
 * mapPresets, evaluate, evaluateStream, preview, table, check, release,
 * score}.
 * `options` lists the core's option ids ("beta", "log2", "token_check"); `measures` the
 * measure table, [{id, label, higherIsBetter}] with true, false or null (no direction).
 * @param {CoreModule} module
 */
export function bindCore(module) {
  /*
   * Wasm memory as bytes, read afresh: growth replaces the buffer. The threaded build's
   * memory is shared and grows on whichever thread allocates, which does not renew this
   * thread's module.HEAPU8: its wasmMemory (exported by that build alone) is the one to follow.
   */
  const shared = Boolean(module.wasmMemory);
  let view = module.HEAPU8;
  const heap = () => {
    const buffer = (module.wasmMemory ?? module.HEAPU8).buffer;
    if (view.buffer !== buffer) view = new Uint8Array(buffer);
    return view;
  };
  /** @type {(ptr: number, len?: number) => string} */
  const readString = (ptr, len) => {
    if (!ptr) return '';
    const bytes = heap();
    let end = ptr;
    if (len === undefined) while (bytes[end]) end++;
    else end = ptr + len;
    // TextDecoder takes no view of shared memory: a copy, then.
    const text = bytes.subarray(ptr, end);
    return decoder.decode(shared ? text.slice() : text);
  };
  /**
   * @template T
   * @param {string} text
   * @param {(ptr: number) => T} fn
   * @returns {T}
   */
  const withString = (text, fn) => {
    const bytes = encoder.encode(text);
    const ptr = module._malloc(bytes.length + 1);
    if (!ptr) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
    try {
      heap().set(bytes, ptr);
      heap()[ptr + bytes.length] = 0;
      return fn(ptr);
    } finally {
      module._free(ptr);
    }
  };

  // The core's option table (ce_opt_info), row by row: the one description of every option.
  const KINDS = /** @type {const} */ (['number', 'integer', 'flag', 'choice']);
  /** @type {Map<string, number>} */
  const optionIds = new Map();
  /** @type {import('./protocol.js').OptionRow[]} */
  const optionTable = [];
  for (let i = 0; i < module._ce_wasm_option_count(); i++) {
    const id = readString(module._ce_wasm_option_name(i));
    const kind = KINDS[module._ce_wasm_option_kind(i)];
    const choices = [];
    for (let v = 0; module._ce_wasm_option_choice(i, v); v++) choices.push(readString(module._ce_wasm_option_choice(i, v)));
    const value = module._ce_wasm_option_default(i);
    optionIds.set(id, i);
    optionTable.push({
      id,
      kind,
      default: kind === 'flag' ? value !== 0 : kind === 'choice' ? choices[value] : value,
      min: module._ce_wasm_option_min(i),
      max: module._ce_wasm_option_max(i),
      choices,
      group: readString(module._ce_wasm_option_group(i)),
      groupTitle: readString(module._ce_wasm_option_group_title(i)),
      label: readString(module._ce_wasm_option_label(i)),
      help: readString(module._ce_wasm_option_help(i)),
    });
  }
  /** @param {string} id */
  const choicesFor = (id) => optionTable[optionIds.get(id) ?? -1]?.choices ?? [];
  const formats = Array.from({ length: module._ce_wasm_format_count() }, (_, f) => readString(module._ce_wasm_format_name(f)));
  const mapPresets = [];
  for (let i = 0; module._ce_wasm_map_preset_name(i); i++) mapPresets.push(readString(module._ce_wasm_map_preset_name(i)));
  const version = readString(module._ce_wasm_version());
  /** The handle of the last finished evaluation, or 0. */
  let last = 0;

  /** @type {(handle: number, status: number) => CeError} */
  const lastError = (handle, status) =>
    new CeError({
      code: readString(module._ce_wasm_status_name(status)),
      message: readString(module._ce_wasm_error_message(handle)) || 'unknown error',
      file: readString(module._ce_wasm_error_source(handle)),
      line: module._ce_wasm_error_line(handle),
      column: module._ce_wasm_error_column(handle),
    });

  /**
   * The error of a call that keeps no message of its own (a table, items): its message by
   * its code, out of memory otherwise.
   * @type {(status: number, messages: Record<string, string>) => CeError}
   */
  const statusError = (status, messages) => {
    const code = readString(module._ce_wasm_status_name(status));
    return new CeError({ code, message: messages[code] ?? 'out of memory' });
  };

  /** @type {Map<string, number>} */
  const measureIds = new Map();
  const measures = [];
  const tokenMeasures = new Set();
  for (let m = 0; m < module._ce_wasm_measure_count(); m++) {
    const id = readString(module._ce_wasm_measure_id(m));
    const higher = module._ce_wasm_measure_higher_is_better(m);
    measureIds.set(id, m);
    measures.push({ id, label: readString(module._ce_wasm_measure_label(m)), higherIsBetter: higher < 0 ? null : higher === 1 });
    if (module._ce_wasm_is_token_measure(m)) tokenMeasures.add(id);
  }

  /** The levels by ce_level, as the core spells them. @type {string[]} */
  const tableLevels = [];
  for (let l = 0, id; (id = module._ce_wasm_level_id(l)); l++) tableLevels.push(readString(id));

  /** @param {string} name */
  const formatIds = (name) => withString(name, (ptr) => module._ce_wasm_format_from_name(ptr));
  const baselineIds = new Map();
  for (let b = 0; b < module._ce_wasm_baseline_count(); b++) baselineIds.set(readString(module._ce_wasm_baseline_name(b)), b);

  /** @param {string} message */
  const usage = (message) => new CeError({ code: 'CE_ERR_USAGE', message });
  /** @type {(value: string | number, names: string[], id: string) => number} */
  const choice = (value, names, id) => {
    if (typeof value === 'number') return value;
    const index = names.indexOf(value);
    if (index < 0) throw usage(`option ${id}: '${value}' is not one of ${names.join(', ')}`);
    return index;
  };

  /**
   * An option by the core's own id ("nmi_mean": "geometric", "log2": true, "restarts": 5) as
   * the number the core takes: a new option of the core needs nothing here.
   * @type {(id: string, value: unknown) => number}
   */
  const coreValue = (id, value) =>
    typeof value === 'boolean'
      ? Number(value)
      : choicesFor(id).length && (typeof value === 'string' || typeof value === 'number')
        ? choice(value, choicesFor(id), id)
        : Number(value);

  /** The options of a run besides the core's table (protocol.js, RunOptions). */
  const RUN_KEYS = new Set(['exclude_labels', 'unclustered_label', 'gold_map', 'induced_map', 'baselines']);

  /** @type {(handle: number, options?: EvaluateOptions) => void} */
  const setOptions = (handle, options = {}) => {
    /** @type {Record<string, unknown>} */
    const given = options;
    for (const [id, value] of Object.entries(given)) {
      if (RUN_KEYS.has(id) || value === undefined || value === null) continue;
      if (!optionIds.has(id)) throw usage(`unknown option '${id}' (the core's options: ${[...optionIds.keys()].join(', ')})`);
      const number = coreValue(id, value);
      const status = module._ce_wasm_set(handle, optionIds.get(id) ?? -1, number);
      if (status) throw usage(`option ${id}: value ${value} is out of range`);
    }
    // The run's own options, checked here for every caller (the page's worker, npm, score).
    const excluded = options.exclude_labels === undefined ? [] : labelList(stringList(options.exclude_labels, 'exclude_labels'));
    const baselines = options.baselines === undefined ? [] : labelList(stringList(options.baselines, 'baselines'));
    if (options.unclustered_label !== undefined && typeof options.unclustered_label !== 'string')
      throw new TypeError(`unclustered_label is ${kindOf(options.unclustered_label)}; pass a string`);
    for (const label of excluded) {
      if (withString(label, (ptr) => module._ce_wasm_exclude_label(handle, ptr))) throw usage(`cannot exclude label '${label}'`);
    }
    if (options.unclustered_label) {
      if (withString(options.unclustered_label, (ptr) => module._ce_wasm_set_unclustered_label(handle, ptr)))
        throw usage('the unclustered label must not be empty');
    }
    [options.gold_map, options.induced_map].forEach((map, side) => {
      if (!map) return;
      let status;
      if ('preset' in map) {
        status = withString(map.preset, (ptr) => module._ce_wasm_map_preset(handle, side, ptr));
      } else {
        const bytes = map.bytes instanceof Uint8Array ? map.bytes : new Uint8Array(map.bytes);
        const buffer = module._malloc(bytes.length || 1);
        try {
          heap().set(bytes, buffer);
          status = withString(map.name ?? 'map', (ptr) => module._ce_wasm_map_feed(handle, side, ptr, buffer, bytes.length));
          if (!status) status = module._ce_wasm_map_close(handle, side);
        } finally {
          module._free(buffer);
        }
      }
      if (status) throw lastError(handle, status);
    });
    for (const name of baselines) {
      if (!baselineIds.has(name)) throw usage(`unknown baseline '${name}' (${[...baselineIds.keys()].join(', ')})`);
      module._ce_wasm_add_baseline(handle, baselineIds.get(name));
    }
  };

  /** @param {string | undefined} name */
  const formatOf = (name) => {
    const id = formatIds(name ?? 'auto');
    if (id < 0 || id >= module._ce_wasm_format_count()) throw usage(`unknown input format '${name}'`);
    return id;
  };

  /**
   * Reads the head of a file as the page's preview: {format, detected, records, error?}.
   * @param {PreviewRequest} request
   * @returns {Preview}
   */
  function preview({ name = 'preview', bytes, format = 'auto', column = 0, depth = 0 }) {
    const head = (bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).subarray(0, PREVIEW_BYTES);
    const handle = module._ce_wasm_create();
    const buffer = module._malloc(head.length || 1);
    try {
      if (!handle || !buffer) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
      heap().set(head, buffer);
      const status = withString(name, (ptr) =>
        module._ce_wasm_preview(handle, ptr, buffer, head.length, formatOf(format), column, depth),
      );
      if (status) throw lastError(handle, status);
      return JSON.parse(readString(module._ce_wasm_text(handle), module._ce_wasm_text_length(handle)));
    } finally {
      if (buffer) module._free(buffer);
      module._ce_wasm_free(handle);
    }
  }

  /**
   * One run of the core: options and inputs set, then chunks fed input by input. Chunks of
   * any size are copied into wasm memory CHUNK_BYTES at a time. `free()` in a finally.
   * @param {EvaluateRequest} request
   */
  function openRun(request) {
    const systems = request.systems ?? [];
    // A system's held-out test corpus for sub_p and sub_r is read like any input, after all.
    const tests = systems.flatMap((system, i) => (system.subTest ? [{ ...system.subTest, system: i + 1 }] : []));
    // The phone alignment of a tde run (SPEC §3.8) comes after them all, read as tde-words.
    const phones = request.phones ? [{ ...request.phones, phones: true }] : [];
    /** @type {Array<InputFile & {system?: number, phones?: boolean}>} */
    const inputs = [request.gold, ...systems, ...tests, ...phones];
    // A counts or joint file is scored alone; a gold of another format needs systems (the
    // core says so once it has detected the format of a gold given alone).
    const alone = ['counts', 'joint', 'auto', undefined].includes(request.gold?.format);
    if (!request.gold || inputs.length < (alone ? 1 : 2)) throw usage('needs a gold file and at least one system file');
    release();
    const handle = module._ce_wasm_create();
    // A buffer of CHUNK_BYTES for each input fed in the same call (one at first, more as
    // needed), and the call's table of input numbers, addresses and lengths (three 32-bit
    // words each).
    /** @type {number[]} */
    const buffers = handle ? [module._malloc(CHUNK_BYTES)] : [];
    const table = handle ? module._malloc(12 * inputs.length) : 0;
    let kept = false;
    const run = {
      inputs,
      /* Frees what the run holds, but a finished evaluation, which stays as the last. */
      free() {
        for (const buffer of buffers) if (buffer) module._free(buffer);
        if (table) module._free(table);
        if (!kept) module._ce_wasm_free(handle);
      },
      /**
       * Feeds a chunk to each of several inputs in one call of the core, which reads them side
       * by side where it runs on threads; returns, for each, false once its input has failed.
       * @param {Array<[number, Uint8Array]>} entries input number and chunk, inputs distinct
       * @returns {boolean[]}
       */
      feedAll(entries) {
        const alive = entries.map(() => true);
        for (let at = 0; ; at += CHUNK_BYTES) {
          const now = entries.filter(([, chunk], j) => alive[j] && at < chunk.length);
          if (!now.length) return alive;
          while (buffers.length < now.length) {
            const more = module._malloc(CHUNK_BYTES);
            if (!more) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
            buffers.push(more);
          }
          now.forEach(([index, chunk], k) => {
            const piece = chunk.subarray(at, at + CHUNK_BYTES);
            heap().set(piece, buffers[k]);
            const words = new Uint32Array(heap().buffer, table, 3 * now.length);
            words[k] = index;
            words[now.length + k] = buffers[k];
            words[2 * now.length + k] = piece.length;
          });
          const status = module._ce_wasm_feed_inputs(handle, now.length, table, table + 4 * now.length, table + 8 * now.length);
          if (status && module._ce_wasm_input_failed(handle, 0)) throw lastError(handle, status);
          entries.forEach(([index], j) => {
            if (alive[j] && module._ce_wasm_input_failed(handle, index)) alive[j] = false;
          });
        }
      },
      /** @param {number} index */
      close(index) {
        const status = module._ce_wasm_close(handle, index);
        if (status && index === 0) throw lastError(handle, status);
      },
      /**
       * True when input `index` sits out the next round (ce_eval_waits): far ahead of
       * another open input, or on threads less than a chunk behind gold.
       * @param {number} index
       */
      waits(index) {
        return module._ce_wasm_waits(handle, index) !== 0;
      },
      /**
       * Scores, runs the --bootstrap resamples one at a time (progress per resample, the
       * jackknife's replicates included), then the --test ar shuffles a few at a time, and
       * returns the result.
       * @param {OnProgress} onProgress
       * @returns {Result}
       */
      finish(onProgress) {
        let status = module._ce_wasm_finish(handle);
        if (status) throw lastError(handle, status);
        /** @type {[Progress['phase'], number, (h: number, n: number) => number, (h: number) => number, (h: number) => number][]} */
        const steps = [
          ['bootstrap', 1, module._ce_wasm_resample, module._ce_wasm_resampled, module._ce_wasm_resamples],
          ['shuffle', SHUFFLE_STEP, module._ce_wasm_shuffle, module._ce_wasm_shuffled, module._ce_wasm_shuffles],
        ];
        for (const [phase, count, step, doneOf, totalOf] of steps) {
          for (;;) {
            status = step(handle, count);
            if (status) throw lastError(handle, status);
            const done = doneOf(handle);
            const total = totalOf(handle);
            if (!total) break;
            onProgress(done, total, phase);
            if (done >= total) break;
          }
        }
        status = module._ce_wasm_json(handle);
        if (status) throw lastError(handle, status);
        const result = JSON.parse(readString(module._ce_wasm_text(handle), module._ce_wasm_text_length(handle)));
        kept = true;
        last = handle;
        return result;
      },
    };
    try {
      if (!handle || !buffers[0] || !table) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
      // A held-out test corpus asks for the substitutable scores.
      setOptions(handle, { ...request.options, ...(tests.length ? { substitutable: true } : {}) });
      inputs.forEach((input, index) => {
        const { system } = input;
        /** @type {(ptr: number) => number} */
        const add = input.phones
          ? (ptr) => module._ce_wasm_add_phones(handle, ptr)
          : system
            ? (ptr) => module._ce_wasm_add_sub_test(handle, system, ptr)
            : (ptr) => module._ce_wasm_add_input(handle, ptr);
        const status = withString(input.name, add);
        if (status) throw lastError(handle, status);
        if (input.phones) return; // read as tde-words, which ce_wasm_add_phones sets
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

  /** @param {Uint8Array | ArrayBuffer | undefined} bytes */
  const asBytes = (bytes) =>
    bytes instanceof Uint8Array ? bytes : bytes ? new Uint8Array(bytes) : new Uint8Array(0);
  /** @param {InputFile} input */
  const sizeOf = (input) => (input.blob ? input.blob.size : asBytes(input.bytes).length);

  /**
   * Scores every system against gold, synchronously, from bytes in memory: the request and
   * its options are described in protocol.js (EvaluateRequest). Returns the SPEC §4 result; a
   * system that fails carries `error` there. Throws CeError when gold fails.
   * `onProgress(done, total, phase)` gets bytes fed (phase 'read'), then with `bootstrap` B
   * the resamples and the jackknife's replicates done (phase 'bootstrap'), then with `test`
   * 'ar' the shuffles (phase 'shuffle').
   * @param {EvaluateRequest} request
   * @param {OnProgress} [onProgress]
   * @returns {Result}
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
        /** @type {Array<[number, Uint8Array]>} */
        const round = [];
        inputs.forEach((input, index) => {
          if (!input.open) return;
          if (run.waits(index)) {
            open++;
            return;
          }
          const chunk = input.bytes.subarray(input.offset, input.offset + CHUNK_BYTES);
          input.offset += chunk.length;
          round.push([index, chunk]);
        });
        // The round's chunks go in together: on threads, the inputs are read side by side.
        run.feedAll(round).forEach((alive, j) => {
          const [index, chunk] = round[j];
          const input = inputs[index];
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
   * @param {EvaluateRequest} request
   * @param {OnProgress} [onProgress]
   * @returns {Promise<Result>}
   */
  async function evaluateStream(request, onProgress = () => {}) {
    const run = openRun(request);
    try {
      const inputs = run.inputs.map((input) => ({
        reader: input.blob ? input.blob.stream().getReader() : null,
        bytes: asBytes(input.blob ? undefined : input.bytes),
        offset: 0,
        open: true,
        size: sizeOf(input),
      }));
      const total = inputs.reduce((sum, input) => sum + input.size, 0);
      let done = 0;
      /** @param {(typeof inputs)[number]} input */
      const next = async (input) => {
        if (!input.reader) {
          const chunk = input.bytes.subarray(input.offset, input.offset + CHUNK_BYTES);
          input.offset += chunk.length;
          return chunk.length ? chunk : null;
        }
        const { value, done: ended } = await input.reader.read();
        return ended ? null : value;
      };
      /** @param {number} index */
      const end = (index) => {
        inputs[index].open = false;
        inputs[index].reader?.cancel().catch(() => {});
        run.close(index);
      };
      for (let open = inputs.length; open > 0; ) {
        open = 0;
        /** @type {Array<[number, Uint8Array]>} */
        const round = [];
        /** @type {number[]} */
        const ended = [];
        for (const [index, input] of inputs.entries()) {
          if (!input.open) continue;
          if (run.waits(index)) {
            open++;
            continue;
          }
          const chunk = await next(input);
          if (chunk) round.push([index, chunk]);
          else ended.push(index);
        }
        // The round's chunks go in together: on threads, the inputs are read side by side.
        const failed = new Set();
        run.feedAll(round).forEach((alive, j) => {
          const [index, chunk] = round[j];
          if (!alive) failed.add(index);
          else {
            done += chunk.length;
            open++;
          }
        });
        // Inputs close in order, after the round's chunks, as the command line closes them.
        for (const index of [...ended, ...failed].sort((a, b) => a - b)) end(index);
        onProgress(Math.min(done, total), total, 'read');
      }
      onProgress(total, total, 'read');
      return run.finish(onProgress);
    } finally {
      run.free();
    }
  }

  /**
   * A table of the last evaluation, written by the core (ce_eval_table): `format` 'text',
   * 'tsv', 'csv', 'markdown' or 'latex'; `columns` as 'level.id' keys ('token.m1',
   * 'senses.fuzzy_bcubed_f'); `rows` the rows to show, in order, as indices into the result's
   * `systems` (every row when left out).
   * @param {TableRequest} request
   * @returns {string}
   */
  function table({ format, columns, rows }) {
    if (!last) throw usage('there is no evaluation to make a table of');
    const formatId = TABLE_FORMATS.indexOf(format);
    if (formatId < 0) throw usage(`unknown table format '${format}' (${TABLE_FORMATS.join(', ')})`);
    const pairs = columns.flatMap((key) => {
      const [level, id, more] = String(key).split('.');
      const levelId = tableLevels.indexOf(level);
      const measure = measureIds.get(id);
      if (levelId < 0 || measure === undefined || more !== undefined) throw usage(`unknown column '${key}'`);
      return [levelId, measure];
    });
    const order = rows ?? [];
    const ints = new Int32Array([...pairs, ...order]);
    const ptr = module._malloc(ints.byteLength || 4);
    if (!ptr) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
    try {
      new Int32Array(heap().buffer, ptr, ints.length).set(ints);
      const status = module._ce_wasm_table(last, formatId, ptr, columns.length, ptr + 8 * columns.length, rows ? order.length : -1);
      if (status) throw statusError(status, { CE_ERR_USAGE: `a row of [${order}] is not in the evaluation` });
      return readString(module._ce_wasm_text(last), module._ce_wasm_text_length(last));
    } finally {
      module._free(ptr);
    }
  }

  /**
   * The per-item rows of one system of the last evaluation (ce_eval_items_json), as its
   * `detail.items` would hold them: for a run with `detail: 2`, whose result says how
   * many there are (`detail.item_rows`) and leaves them out. `system` indexes the result's
   * `systems`.
   * @param {ItemsRequest} request
   * @returns {any[][]}
   */
  function items({ system }) {
    if (!last) throw usage('there is no evaluation to take items from');
    if (!Number.isInteger(system) || system < 0) throw usage(`no system ${system} in the evaluation`);
    const status = module._ce_wasm_items(last, system);
    if (status)
      throw statusError(status, {
        CE_ERR_UNAVAILABLE: `system ${system} has no type level, so no items`,
        CE_ERR_USAGE: `no system ${system} in the evaluation`,
      });
    return JSON.parse(readString(module._ce_wasm_text(last), module._ce_wasm_text_length(last)));
  }

  /**
   * Checks reported numbers against the last evaluation (ce_eval_check): `text` is the table
   * as a paper prints it, `name` what messages call it, `assign` reads reported rows as rows
   * of the result ({row name: index into the result's systems}). Returns one cell per
   * reported number, in the order read.
   * @param {CheckRequest} request
   * @returns {CheckCell[]}
   */
  function check({ name, text, assign = {} }) {
    if (!last) throw usage('there is no evaluation to check reported numbers against');
    for (const [row, system] of Object.entries(assign)) {
      if (withString(row, (ptr) => module._ce_wasm_check_alias(last, ptr, system)))
        throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
    }
    const bytes = encoder.encode(text);
    const buffer = module._malloc(bytes.length || 1);
    if (!buffer) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
    try {
      heap().set(bytes, buffer);
      const status = withString(name || 'reported numbers', (ptr) => module._ce_wasm_check(last, ptr, buffer, bytes.length));
      if (status) throw lastError(last, status);
      return JSON.parse(readString(module._ce_wasm_text(last), module._ce_wasm_text_length(last)));
    } finally {
      module._free(buffer);
    }
  }

  /** Frees the last evaluation; tables cannot be asked for until the next one. */
  function release() {
    if (last) module._ce_wasm_free(last);
    last = 0;
  }

  /* Distinct labels numbered as first seen (1 and '1' may both be named: the core unites
   * equal names); throws on a label that is neither a string nor an integer. */
  /**
   * @param {ArrayLike<unknown>} values
   * @param {string} what
   * @returns {{ids: Uint32Array, names: string[]}}
   */
  function numbered(values, what) {
    const ids = new Uint32Array(values.length);
    const seen = new Map();
    const names = [];
    for (let t = 0; t < values.length; t++) {
      const value = values[t];
      let id = seen.get(value);
      if (id === undefined) {
        if (typeof value !== 'string' && !Number.isInteger(value) && typeof value !== 'bigint')
          throw usage(`${what}[${t}] is ${typeof value === 'number' ? 'not an integer' : kindOf(value)}; labels are strings or integers`);
        id = names.length;
        seen.set(value, id);
        names.push(String(value));
      }
      ids[t] = id;
    }
    return { ids, names };
  }

  /** Copies `array` into wasm memory; the caller frees the pointer.
   * @param {Uint8Array | Uint32Array} array */
  const copyIn = (array) => {
    const ptr = module._malloc(array.byteLength || 1);
    if (!ptr) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
    heap().set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), ptr);
    return ptr;
  };

  /** @type {(handle: number, index: number, table: number, names: string[]) => void} */
  const nameAll = (handle, index, table, names) => {
    const encoded = names.map((name) => encoder.encode(name));
    const bytes = new Uint8Array(encoded.reduce((sum, e) => sum + e.length, 0));
    encoded.reduce((at, e) => (bytes.set(e, at), at + e.length), 0);
    const bytesPtr = copyIn(bytes);
    const lensPtr = copyIn(Uint32Array.from(encoded, (e) => e.length)); // size_t is 32 bits in wasm32
    try {
      const status = module._ce_wasm_name(handle, index, table, bytesPtr, lensPtr, names.length);
      if (status) throw lastError(handle, status);
    } finally {
      module._free(bytesPtr);
      module._free(lensPtr);
    }
  };

  /** 'level.id' keys of `wanted` as the CLI's --measures reads them.
   * @param {string | string[]} wanted */
  const measureColumns = (wanted) =>
    (typeof wanted === 'string' ? wanted.split(',') : wanted).map((spec) => {
      const [level, bare] = spec.includes('.') ? spec.split('.', 2) : [tokenMeasures.has(spec) ? 'token' : 'type', spec];
      if (!measureIds.has(bare) || !['token', 'type'].includes(level) || (level === 'token' && !tokenMeasures.has(bare)))
        throw usage(`unknown measure '${spec}'`);
      return `${level}.${bare}`;
    });

  /**
   * A sequence of one value per token, as score() takes it: an array or a typed array. A
   * string would be its characters, a Set or a Map has no positions: each is a TypeError
   * naming `what`, never a sequence.
   * @param {unknown} value
   * @param {string} what
   * @returns {ArrayLike<unknown>}
   */
  const perToken = (value, what) => {
    if (Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView)))
      return /** @type {ArrayLike<unknown>} */ (value);
    const why =
      typeof value === 'string'
        ? ', not a sequence: a string is not read as its characters (files go to evaluate())'
        : value instanceof Set
          ? ', which has no token order: no positions, and each value once'
          : value instanceof Map
            ? ', which has no token order: keys, not positions'
            : '';
    throw new TypeError(`${what} is ${kindOf(value)}${why}; pass an array or a typed array, one value per token`);
  };

  /**
   * Scores the clustering `labelsPred` against the classes `labelsTrue` (arrays or typed
   * arrays of equal length, of strings or integers; a string, a Set or anything else is a
   * TypeError): {token: {...}}, and with `words` (the tokens) the type level, {type: {...}};
   * always the row's `warnings` and `ci_withheld` (why a measure has no interval). `sentence_ends`
   * (a boolean per token) or `sentences` (a sentence label per token) mark sentences; with
   * `bootstrap` B, `ci` holds the intervals (without sentences, over tokens one by one: a
   * warning says so); `measures` ('m1', 'type.macro_i_m1' or a list) keeps those only, in
   * the levels, `ci`, `ci_bias`, `ci_notes` and `ci_withheld`. With `bootstrap`, `ci_bias`
   * holds each interval's bias (the resamples' mean minus the value) and `ci_notes`, where a
   * value is biased beyond its spread, "biased high by ~0.03; bias-corrected 0.4670: …".
   * Other options are the core's ids (`restarts`,
   * `nmi_mean`...), `exclude_labels`, `unclustered_label`. Wrong types throw TypeError,
   * wrong values CeError (CE_ERR_USAGE).
   * @param {ArrayLike<unknown>} labelsTrue
   * @param {ArrayLike<unknown>} labelsPred
   * @param {ScoreOptions} [options]
   * @returns {{token?: Record<string, number | null> | null, type?: Record<string, number | null>,
   *   ci?: Record<string, number[]>, ci_bias?: Record<string, number>,
   *   ci_notes?: Record<string, string>, warnings: string[], ci_withheld: Record<string, string>}}
   */
  function score(labelsTrue, labelsPred, options = {}) {
    if (options === null || typeof options !== 'object' || Array.isArray(options))
      throw new TypeError(`options is ${kindOf(options)}; pass an object of options, such as {words, bootstrap: 100}`);
    const { words, measures, sentence_ends: sentenceEnds, sentences, ...core } = options;
    const trueLabels = perToken(labelsTrue, 'labelsTrue');
    const predLabels = perToken(labelsPred, 'labelsPred');
    for (const key of Object.keys(core))
      if (!optionIds.has(key) && key !== 'exclude_labels' && key !== 'unclustered_label') throw usage(`unknown option '${key}'`);
    if (measures !== undefined && !(typeof measures === 'string' || Array.isArray(measures)))
      throw new TypeError(`measures is ${kindOf(measures)}; pass measure ids ('m1', 'token.ari'), as a comma list or an array`);
    const columns = measures === undefined ? null : measureColumns(stringList(measures, 'measures'));
    if (columns && !columns.length) throw usage('measures names no measure; leave it out for all of them');
    const wantsType = words !== undefined && (!columns || columns.some((c) => c.startsWith('type.')));
    if (columns?.some((c) => c.startsWith('type.')) && words === undefined) throw usage('type-level measures need the words');
    if (core.levels === 'type' && words === undefined) throw usage("levels 'type' needs the words");
    if (sentenceEnds !== undefined && sentences !== undefined) throw usage('give sentence_ends or sentences, not both');
    const inputs = [numbered(trueLabels, 'labelsTrue'), numbered(predLabels, 'labelsPred')];
    const n = inputs[0].ids.length;
    if (inputs[1].ids.length !== n) throw usage(`labelsPred has ${inputs[1].ids.length} labels, labelsTrue ${n}`);
    const items = words === undefined ? null : numbered(perToken(words, 'words'), 'words');
    if (items && items.ids.length !== n) throw usage(`words has ${items.ids.length} tokens, the labels ${n}`);
    let ends = null;
    if (sentenceEnds !== undefined) ends = Uint8Array.from(perToken(sentenceEnds, 'sentence_ends'), (end) => (end ? 1 : 0));
    if (sentences !== undefined) {
      const marks = perToken(sentences, 'sentences');
      ends = Uint8Array.from(marks, (s, t) => (t + 1 === n || s !== marks[t + 1] ? 1 : 0));
    }
    if (ends && ends.length !== n) throw usage(`${sentences === undefined ? 'sentence_ends' : 'sentences'} has ${ends.length} marks for ${n} tokens`);
    const handle = module._ce_wasm_create();
    const block = Math.min(n, 1 << 16) || 1;
    const buffers = handle ? [module._malloc(4 * block), module._malloc(4 * block), module._malloc(4 * block), module._malloc(block)] : [];
    try {
      if (!handle || buffers.some((b) => !b)) throw new CeError({ code: 'CE_ERR_NOMEM', message: 'out of memory' });
      setOptions(handle, { levels: wantsType ? 'both' : 'token', ...core });
      ['labels_true', 'labels_pred'].forEach((name, index) => {
        const status = withString(name, (ptr) => module._ce_wasm_add_input(handle, ptr));
        if (status) throw lastError(handle, status);
        nameAll(handle, index, 1, inputs[index].names);
      });
      if (items) nameAll(handle, 0, 0, items.names);
      const [itemsPtr, goldPtr, predPtr, endsPtr] = buffers;
      for (let at = 0; at < n; at += block) {
        const count = Math.min(block, n - at);
        /** @type {(ids: Uint32Array, ptr: number) => void} */
        const put = (ids, ptr) => new Uint32Array(heap().buffer, ptr, count).set(ids.subarray(at, at + count));
        if (items) put(items.ids, itemsPtr);
        if (ends) heap().set(ends.subarray(at, at + count), endsPtr);
        put(inputs[0].ids, goldPtr);
        put(inputs[1].ids, predPtr);
        let status = module._ce_wasm_feed_ids(handle, 0, items ? itemsPtr : 0, goldPtr, ends ? endsPtr : 0, count);
        if (status) throw lastError(handle, status);
        module._ce_wasm_feed_ids(handle, 1, items ? itemsPtr : 0, predPtr, 0, count);
      }
      for (const index of [0, 1]) {
        const status = module._ce_wasm_close(handle, index);
        if (status && index === 0) throw lastError(handle, status);
      }
      let status = module._ce_wasm_finish(handle);
      if (status) throw lastError(handle, status);
      do status = module._ce_wasm_resample(handle, 100);
      while (!status && module._ce_wasm_resampled(handle) < module._ce_wasm_resamples(handle));
      if (status || (status = module._ce_wasm_json(handle))) throw lastError(handle, status);
      const row = JSON.parse(readString(module._ce_wasm_text(handle), module._ce_wasm_text_length(handle))).systems[0];
      if (row.error) throw new CeError(row.error);
      // ci_bias (the resamples' mean minus the value) beside every interval, and ci_notes
      // where a value is biased beyond its spread (SPEC §3.5): as the row carries them.
      const result = {
        token: row.token,
        ...(items && row.type ? { type: row.type } : {}),
        ...(row.ci ? { ci: row.ci } : {}),
        ...(row.ci_bias ? { ci_bias: row.ci_bias } : {}),
        ...(row.ci_notes ? { ci_notes: row.ci_notes } : {}),
      };
      const qualified = new Set(['ci', 'ci_bias', 'ci_notes']);
      /** @type {string[]} */
      const warnings = row.warnings ?? [];
      /** @type {Record<string, string>} */
      const withheld = row.ci_withheld ?? {};
      if (!columns) return { ...result, warnings, ci_withheld: withheld };
      /** @type {(values: Record<string, any>, key: (id: string) => string) => Record<string, any>} */
      const pick = (values, key) => Object.fromEntries(Object.entries(values).filter(([id]) => columns.includes(key(id))));
      /** @type {Record<string, Record<string, any>>} */
      const kept = {};
      for (const [level, values] of Object.entries(result)) {
        const some = values && pick(values, (id) => (qualified.has(level) ? id : `${level}.${id}`));
        if (some && Object.keys(some).length) kept[level] = some;
      }
      return /** @type {any} */ ({ ...kept, warnings, ci_withheld: pick(withheld, (id) => id) });
    } finally {
      buffers.forEach((b) => b && module._free(b));
      module._ce_wasm_free(handle);
    }
  }

  return {
    version,
    options: [...optionIds.keys()],
    optionTable,
    measures,
    formats,
    mapPresets,
    evaluate,
    evaluateStream,
    preview,
    table,
    items,
    check,
    release,
    score,
  };
}
