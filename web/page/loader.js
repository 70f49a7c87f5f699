// The mjscore engine (mjscore_web.wasm) behind plain functions of strings. No wasm-bindgen:
// a string goes in as UTF-8 bytes the engine reserved (mjs_alloc), passed as pointer and
// length, and given back after the call (mjs_free); an answer is UTF-8 at mjs_answer(),
// as long as the call returned. The page inlines this file; node's tests import it.
globalThis.MjscoreEngine = {
  /** Compiles and starts the engine from the .wasm bytes: resolves to its functions. */
  async load(bytes) {
    const { instance } = await WebAssembly.instantiate(bytes, {});
    const wasm = instance.exports;
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    // Calls `fn` with each string as (pointer, length), then the numbers; returns the answer.
    const call = (fn, strings, numbers) => {
      const args = [];
      const reserved = [];
      for (const text of strings) {
        const bytes = encoder.encode(text);
        const ptr = wasm.mjs_alloc(bytes.length);
        new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
        reserved.push([ptr, bytes.length]);
        args.push(ptr, bytes.length);
      }
      try {
        const len = fn(...args, ...numbers);
        // The memory may have grown during the call: read through its buffer as it is now.
        return decoder.decode(new Uint8Array(wasm.memory.buffer, wasm.mjs_answer(), len));
      } finally {
        for (const [ptr, len] of reserved) wasm.mjs_free(ptr, len);
      }
    };
    // A rule set is a built-in one's id ('wsom'), or a rules file's text as `{ file: TEXT }`
    // (`--rules FILE`: the engine reads the text once and keeps what it made).
    const under = (rules, named, file, strings, numbers, fileNumbers) =>
      (typeof rules === 'object' && rules !== null
        ? call(file, [rules.file, ...strings], fileNumbers)
        : call(named, [rules, ...strings], numbers));
    return {
      /** `mjscore --rules R [--max N] [--all] --format json LINE`, as a string. */
      score: (rules, line, { max = 0, all = false } = {}) =>
        under(rules, wasm.mjs_score, wasm.mjs_score_file, [line], [max, all ? 1 : 0], [all ? 1 : 0]),
      /** `mjscore waits --rules R --format json LINE`. */
      waits: (rules, line, { max = 0 } = {}) =>
        under(rules, wasm.mjs_waits, wasm.mjs_waits_file, [line], [max], []),
      /** `mjscore patterns --rules R --format json`: one object per line. */
      patterns: (rules, { max = 0 } = {}) =>
        under(rules, wasm.mjs_patterns, wasm.mjs_patterns_file, [], [max], []),
      /** `mjscore explain --rules R --format json PATTERN`. */
      explain: (rules, pattern, { max = 0 } = {}) =>
        under(rules, wasm.mjs_explain, wasm.mjs_explain_file, [pattern], [max], []),
      /** `mjscore -f FILE --rules R [--max N] [--all] --format json --summary`: one object a line. */
      session: (rules, lines, { max = 0, all = false } = {}) =>
        under(rules, wasm.mjs_session, wasm.mjs_session_file, [lines], [max, all ? 1 : 0], [all ? 1 : 0]),
      /** `mjscore rules check FILE` for a rules file's text: the rule set it makes, or
       * `{"error":{"kind":"rules_file","line","column","message"}}`. */
      rulesFile: (text) => call(wasm.mjs_rules_file, [text], []),
      /** An event file with the files beside it and the tables' sheets (`[[name, text]]`
       * each): its draw (or, with `afterRound` K, the round after K drawn from the
       * standings) and its standings, as `mjscore event draw` and `mjscore event standings
       * --allow-incomplete` write them, in one object. */
      event: (text, beside = [], sheets = [], afterRound = 0) => {
        const framed = (files) => files.map(([name, body]) => `${name}\0${body}\0`).join('');
        return call(wasm.mjs_event, [text, framed(beside), framed(sheets)], [afterRound]);
      },
      /** `mjscore notation`. */
      notation: () => call(wasm.mjs_notation, [], []),
      /** The rule sets and their context words, for the page's controls. */
      systems: () => call(wasm.mjs_systems, [], []),
    };
  },
};
