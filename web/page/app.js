// The referee's page: the notation field is the one source of truth. The tile keyboard and
// the context controls edit its text; every change scores it with the engine (or, without a
// winning tile, asks what the hand waits for) and shows the engine's JSON as a person reads it.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  // Milliseconds since the page was opened (performance.now()): when the engine had started,
  // when the first answer was in the page, when it had been drawn; and each update's cost.
  const timings = { engineReady: null, firstScore: null, firstShown: null, updates: [] };
  window.mjscoreTimings = timings;

  // ---- Tiles -------------------------------------------------------------------------------
  const SUITS = [
    { letter: 'c', name: 'Characters', base: 0x1f007, face: '萬', count: 9 },
    { letter: 'b', name: 'Bamboo', base: 0x1f010, face: '條', count: 9 },
    { letter: 'd', name: 'Dots', base: 0x1f019, face: '筒', count: 9 },
  ];
  const WINDS = ['East', 'South', 'West', 'North'];
  const DRAGONS = ['Red', 'Green', 'White'];
  const SEATS = [['e', 'East'], ['s', 'South'], ['w', 'West'], ['n', 'North']];
  const SEAT_NAME = Object.fromEntries(SEATS);

  /** Everything known about the tile `code` (b5, w1, e3). */
  function tileInfo(code) {
    const letter = code[0].toLowerCase();
    const n = Number(code.slice(1));
    const suit = SUITS.find((s) => s.letter === letter);
    if (suit) {
      return { code, letter, n, name: `${n} ${suit.name}`, glyph: String.fromCodePoint(suit.base + n - 1), face: `${n}${suit.face}` };
    }
    if (letter === 'w') {
      return { code, letter, n, name: `${WINDS[n - 1]} Wind`, glyph: String.fromCodePoint(0x1f000 + n - 1), face: '東南西北'[n - 1] };
    }
    // U+1F004 is the one mahjong tile with an emoji presentation: ask for the text one.
    const glyph = String.fromCodePoint(0x1f004 + n - 1) + (n === 1 ? '\ufe0e' : '');
    return { code, letter, n, name: `${DRAGONS[n - 1]} Dragon`, glyph, face: '中發白'[n - 1] };
  }
  const ALL_TILES = [];
  for (const s of SUITS) for (let n = 1; n <= 9; n++) ALL_TILES.push(`${s.letter}${n}`);
  for (let n = 1; n <= 4; n++) ALL_TILES.push(`w${n}`);
  for (let n = 1; n <= 3; n++) ALL_TILES.push(`e${n}`);

  /** Whether this browser has a font with the mahjong tiles (else the keys show 5萬, 東). */
  function hasTileGlyphs() {
    try {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 32;
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      const ink = (text) => {
        ctx.clearRect(0, 0, 32, 32);
        ctx.font = '24px "Noto Sans Symbols2", "Segoe UI Symbol", "Apple Symbols", sans-serif';
        ctx.textBaseline = 'top';
        ctx.fillText(text, 2, 2);
        return ctx.getImageData(0, 0, 32, 32).data.join(',');
      };
      // A missing glyph is drawn as the same box (or, on some systems, the same sign for the
      // whole block) whatever the tile: two tiles drawn alike mean no font has them.
      const blank = ink(' ');
      const c1 = ink('\u{1f007}');
      return c1 !== blank && c1 !== ink('\u{1f008}') && ink('\u{1f019}') !== ink('\u{1f01a}');
    } catch {
      return true;
    }
  }

  // ---- The line as tokens ------------------------------------------------------------------
  const TILE_GROUP = /^[bcdwe]\d+$/i;
  const TILE_TEXT = /^(?:(?:[bcdwe]\d+)+|(?:\d+[mpsz])+|(?:[\u{1f000}-\u{1f021}]\ufe0f?)+)$/iu;
  const MELD_KINDS = { p: 'p', pung: 'p', pong: 'p', c: 'c', chow: 'c', chi: 'c', k: 'k', kong: 'k', ck: 'ck', ckong: 'ck' };

  /**
   * The line's tokens, each `{kind, text}`: `tiles`, `meld`, `open` (a meld not yet
   * closed, which runs to the end), `win` (`+b9`, or a bare `+` waiting for its tile), `word`
   * or `comment`.
   */
  function tokenize(line) {
    const out = [];
    let i = 0;
    while (i < line.length) {
      const c = line[i];
      if (c === ' ' || c === '\t' || c === '\n') { i++; continue; }
      if (c === '#') { out.push({ kind: 'comment', text: line.slice(i) }); break; }
      let j;
      if (c === '[') {
        const close = line.indexOf(']', i);
        j = close < 0 ? line.length : close + 1;
        out.push({ kind: close < 0 ? 'open' : 'meld', text: line.slice(i, j).replace(/\s+$/, '') });
      } else {
        j = i;
        while (j < line.length && !' \t\n[#'.includes(line[j])) j++;
        const text = line.slice(i, j);
        out.push({ kind: text.startsWith('+') ? 'win' : TILE_TEXT.test(text) ? 'tiles' : 'word', text });
      }
      i = j;
    }
    return out;
  }
  const joined = (tokens) => tokens.map((t) => t.text).join(' ');

  /** A word's key as the controls know it: `self`, `last`, `seat=`, `last=` (lower case). */
  function wordKey(text) {
    const eq = text.indexOf('=');
    return eq < 0 ? text.toLowerCase() : text.slice(0, eq + 1).toLowerCase();
  }
  const wordValue = (text) => text.slice(text.indexOf('=') + 1);

  /** The line in the keyboard's order: tiles, melds, the winning tile, words, what is open. */
  function ordered(tokens) {
    const rank = { tiles: 0, meld: 1, win: 2, word: 3, open: 4, comment: 5 };
    const bare = (t) => t.kind === 'win' && t.text === '+';
    return tokens
      .map((t, i) => ({ t, i, r: bare(t) ? 4 : rank[t.kind] }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map((x) => x.t);
  }

  /** What the keyboard is waiting for: `{meld: 'p', tiles: 0}`, `{win: true}`, or null. */
  function pending(tokens) {
    const last = tokens.filter((t) => t.kind !== 'comment').pop();
    if (!last) return null;
    if (last.kind === 'win' && last.text === '+') return { win: true };
    if (last.kind === 'open') {
      const m = /^\[\s*([a-z]+)\s*(.*)$/i.exec(last.text);
      const kind = m && MELD_KINDS[m[1].toLowerCase()];
      if (!kind) return { meld: null, tiles: 0, token: last };
      // A meld still being entered holds tiles only, fewer than it takes: `[p d777 w11 +b5`
      // is a meld left open in the middle of a line, which the engine reports.
      if (!/^(?:[bcdwe]\d*\s*)*$/i.test(m[2])) return null;
      const tiles = (m[2].match(/\d/g) || []).length;
      if (tiles >= (kind === 'k' || kind === 'ck' ? 4 : 3)) return null;
      return { meld: kind, tiles, token: last };
    }
    return null;
  }

  /** The line with the tile `code` added where the keyboard's state says. */
  function withTile(line, code) {
    const tokens = tokenize(line);
    const wait = pending(tokens);
    const letter = code[0];
    const n = Number(code[1]);
    if (wait && wait.win) {
      tokens[tokens.findLastIndex((t) => t.kind === 'win' && t.text === '+')] = { kind: 'win', text: `+${code}` };
      return joined(ordered(tokens));
    }
    if (wait && wait.meld) {
      const token = wait.token;
      const size = wait.meld === 'k' || wait.meld === 'ck' ? 4 : 3;
      let text;
      if (wait.tiles === 0) {
        // One tap makes the whole meld: a pung's or kong's copies, a chow from its lowest tile.
        const digits = wait.meld === 'c' ? `${n}${n + 1}${n + 2}` : String(n).repeat(size);
        text = `[${wait.meld} ${letter}${digits}]`;
      } else {
        // Tiles typed into the meld by hand: add this one (to their group when it is of the
        // same suit), and close the meld when it is full.
        const group = /([a-z])\d+$/i.exec(token.text);
        text = group && group[1].toLowerCase() === letter ? `${token.text}${n}` : `${token.text} ${code}`;
        if (wait.tiles + 1 >= size) text += ']';
      }
      const done = text.endsWith(']');
      tokens[tokens.indexOf(token)] = { kind: done ? 'meld' : 'open', text };
      return joined(ordered(tokens));
    }
    // A concealed tile: into the group of its suit, in order, or a new group in suit order.
    const order = 'bcdwe';
    const groups = tokens.filter((t) => t.kind === 'tiles' && TILE_GROUP.test(t.text));
    const same = groups.filter((t) => t.text[0].toLowerCase() === letter).pop();
    if (same) {
      const digits = (same.text.slice(1) + n).split('').sort().join('');
      same.text = same.text[0] + digits;
      return joined(ordered(tokens));
    }
    const token = { kind: 'tiles', text: code };
    const after = groups.find((t) => order.indexOf(t.text[0].toLowerCase()) > order.indexOf(letter));
    if (after) tokens.splice(tokens.indexOf(after), 0, token);
    else tokens.push(token);
    return joined(ordered(tokens));
  }

  /** The line with `code` tapped: one tile, or under Run or Three (and no meld or winning
   * tile waiting for it) a concealed set of three from it, as one change of the field. */
  function withSet(line, code) {
    const wait = pending(tokenize(line));
    if (!state.set || wait) return withTile(line, code);
    const n = Number(code[1]);
    const codes = state.set === 'run' ? [0, 1, 2].map((i) => `${code[0]}${n + i}`) : [code, code, code];
    return codes.reduce((text, c) => withTile(text, c), line);
  }

  /** The line with a meld of `kind` opened (or, if one is open, that one dropped or changed). */
  function withMeld(line, kind) {
    const tokens = tokenize(line);
    const wait = pending(tokens);
    if (wait && wait.win) tokens.splice(tokens.findLastIndex((t) => t.kind === 'win' && t.text === '+'), 1);
    if (wait && 'meld' in wait) {
      const index = tokens.indexOf(wait.token);
      if (wait.meld === kind || wait.tiles > 0) {
        tokens.splice(index, 1);
        return joined(ordered(tokens));
      }
      tokens.splice(index, 1);
    }
    tokens.push({ kind: 'open', text: `[${kind}` });
    return joined(ordered(tokens)) + ' ';
  }

  /** The line waiting for its winning tile (a winning tile already there is taken back). */
  function withWinOpened(line) {
    const tokens = tokenize(line);
    const wait = pending(tokens);
    const rest = tokens.filter((t) => t.kind !== 'win');
    if (wait && wait.win) return joined(ordered(rest));
    const open = rest.findIndex((t) => t.kind === 'open');
    if (open >= 0) rest.splice(open, 1);
    rest.push({ kind: 'win', text: '+' });
    return joined(ordered(rest));
  }

  /** The line with the word `key` (`self`, `seat=`) set to `value` (true, `s`), or removed. */
  function withWord(line, key, value) {
    const tokens = tokenize(line);
    const at = tokens.findIndex((t) => t.kind === 'word' && wordKey(t.text) === key);
    const text = value === false || value === null || value === '' ? null : key.endsWith('=') ? `${key}${value}` : key;
    if (text === null) {
      if (at >= 0) tokens.splice(at, 1);
    } else if (at >= 0) {
      tokens[at] = { kind: 'word', text };
    } else {
      tokens.push({ kind: 'word', text });
    }
    return joined(ordered(tokens));
  }

  /** The words of the line, by key. */
  function wordsOf(line) {
    const words = new Map();
    for (const t of tokenize(line)) if (t.kind === 'word') words.set(wordKey(t.text), t.text);
    return words;
  }

  // ---- The engine --------------------------------------------------------------------------
  let engine = null;
  let engineBytes = null;
  let systems = null;
  const cards = new Map();

  async function startEngine() {
    if (!engineBytes) {
      const text = $('engine-wasm').textContent.trim();
      if (typeof Uint8Array.fromBase64 === 'function') {
        engineBytes = Uint8Array.fromBase64(text);
      } else {
        const raw = atob(text);
        engineBytes = new Uint8Array(raw.length);
        for (let i = 0; i < raw.length; i++) engineBytes[i] = raw.charCodeAt(i);
      }
      // The engine is kept gzipped in the page (a third of its size): unpacked by the
      // browser's own DecompressionStream.
      if (engineBytes[0] === 0x1f && engineBytes[1] === 0x8b) {
        if (typeof DecompressionStream !== 'function') throw new Error('this browser cannot unpack the engine (it lacks DecompressionStream): open the page in a browser of 2023 or later');
        const unpacked = new Blob([engineBytes]).stream().pipeThrough(new DecompressionStream('gzip'));
        engineBytes = new Uint8Array(await new Response(unpacked).arrayBuffer());
      }
    }
    engine = await window.MjscoreEngine.load(engineBytes);
  }

  /** A call into the engine, its answer parsed; a trap restarts the engine for the next call. */
  function ask(what, ...args) {
    try {
      return JSON.parse(engine[what](...args));
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        startEngine();
        return { error: { kind: 'engine', message: `the engine stopped (${error.message}); please report this hand` } };
      }
      throw error;
    }
  }

  /** The rule set's pattern card as a map from id to pattern. */
  function card(rules = state.rules) {
    const key = `${rules}/${state.max}`;
    if (!cards.has(key)) {
      const lines = engine.patterns(rulesArg(rules), { max: state.max }).split('\n').filter(Boolean);
      cards.set(key, new Map(lines.map((l) => JSON.parse(l)).map((p) => [p.id, p])));
    }
    return cards.get(key);
  }

  // ---- State -------------------------------------------------------------------------------
  const RULE_LABELS = { wsom: 'WSOM', zj: 'ZJ', doubling: 'Doubling', huang: 'Huang' };
  // `set`: Run or Three, when on (concealed sequences or triplets a tap each).
  const state = { rules: 'wsom', max: 0, undo: [], typing: false, shown: '', set: null };
  const EXAMPLE = 'b66 c12345678 d111 +c9 self seat=s';

  // ---- Rules files -------------------------------------------------------------------------
  // A club's rules file (docs/rules-files.md), loaded by the referee: kept in the browser as
  // its name and text, checked by the engine as `mjscore rules check` checks it, and scored
  // under as `--rules FILE` is. In the page its key is `file:` and a hash of its text: the
  // same text is the same rule set, whatever the file was called.
  const RULES_FILES = 'mjscore-rules-files';
  /** The kept files, in the order loaded: `{key, name, text, info}`, `info` the engine's
   * reading of it (`id`, `name`, `base`, `patterns`, and `system`, as a built-in rule set is
   * described). */
  let rulesFiles = [];
  const isFileKey = (key) => typeof key === 'string' && key.startsWith('file:');
  const fileOf = (key) => rulesFiles.find((f) => f.key === key) || null;
  /** A hash of the text (53 bits, in hex): the key of a rules file. */
  function textHash(text) {
    let h1 = 0xdeadbeef;
    let h2 = 0x41c6ce57;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (h2 & 0x1fffff).toString(16) + (h1 >>> 0).toString(16).padStart(8, '0');
  }
  /** The rule set `key` as the engine takes it: a built-in id, or `{file: TEXT}`. */
  const rulesArg = (key = state.rules) => (isFileKey(key) ? { file: fileOf(key).text } : key);
  /** The rule set `key` as the page's controls need it: its names, limits and own words. */
  const ruleSet = (key = state.rules) => (isFileKey(key) ? fileOf(key).info.system : systems.systems.find((s) => s.id === key));
  /** Its short label, for the bar: WSOM, ZJ, ..., a file's own name. */
  const ruleLabel = (key = state.rules) => RULE_LABELS[key] || ruleSet(key).short_name;
  /** The file's name as `--rules` takes it: a path ending .toml or holding a /. */
  const cliPath = (name) => (/\.toml$/i.test(name) || name.includes('/') ? name : `./${name}`);
  const shellWord = (word) => (/^[A-Za-z0-9_./:+-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`);
  /** The command line's `--rules` option for `key` (nothing for WSOM, the default). */
  function rulesOption(key = state.rules, fileName = null) {
    if (isFileKey(key)) return ` --rules ${shellWord(cliPath(fileName || fileOf(key).name))}`;
    return key === 'wsom' ? '' : ` --rules ${key}`;
  }
  /** `name:line:column: message`, as `mjscore rules check` says why a file makes no rule set. */
  const fileError = (name, error) => `${name}:${error.line}:${error.column}: ${error.message}`;

  /** Checks `text` and keeps it as the file `name`: `{file}`, or `{error}` (the engine's,
   * with its line and column) and nothing kept. A file of the same name with other text is
   * the club's older version: it goes (an evening keeps its own copy), unless `replace` is
   * false. */
  function keepRulesFile(name, text, { replace = true } = {}) {
    const info = ask('rulesFile', text);
    if (info.error) return { error: info.error };
    const key = `file:${textHash(text)}`;
    let file = fileOf(key);
    if (file) {
      file.name = name;
    } else {
      if (replace) rulesFiles = rulesFiles.filter((f) => f.name !== name);
      file = { key, name, text, info };
      rulesFiles.push(file);
    }
    saveRulesFiles();
    return { file };
  }
  function saveRulesFiles() {
    try {
      localStorage.setItem(RULES_FILES, JSON.stringify(rulesFiles.map(({ name, text }) => ({ name, text }))));
    } catch { /* a private window may refuse: the file is used until the page is closed */ }
  }
  /** The files kept by an earlier visit, each checked again (one that no longer checks is
   * left out, and said). */
  function loadRulesFiles() {
    let kept = [];
    try { kept = JSON.parse(localStorage.getItem(RULES_FILES) || '[]'); } catch { kept = []; }
    const dropped = [];
    for (const f of Array.isArray(kept) ? kept : []) {
      if (!f || typeof f.name !== 'string' || typeof f.text !== 'string') continue;
      const info = ask('rulesFile', f.text);
      if (info.error) dropped.push(fileError(f.name, info.error));
      else if (!fileOf(`file:${textHash(f.text)}`)) rulesFiles.push({ key: `file:${textHash(f.text)}`, name: f.name, text: f.text, info });
    }
    return dropped;
  }

  function load() {
    // `#rules=huang&hand=...`: each value percent-encoded; a + stays a + (the winning tile).
    const hash = new Map(location.hash.slice(1).split('&').filter(Boolean).map((pair) => {
      const eq = pair.indexOf('=');
      const decode = (text) => { try { return decodeURIComponent(text); } catch { return text; } };
      return eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
    }));
    let stored = {};
    try { stored = JSON.parse(localStorage.getItem('mjscore-page') || '{}'); } catch { stored = {}; }
    const link = hash.has('rules') || hash.has('hand');
    const rules = link ? hash.get('rules') || 'wsom' : stored.rules;
    state.missingRules = null;
    if (systems.systems.some((s) => s.id === rules)) state.rules = rules;
    else if (fileOf(rules)) state.rules = rules;
    else if (link) {
      // A link names a file's rule set by its id (`#rules=spring-season`): a kept file of it,
      // or one not kept here, which the page says (see `showMissingRules`).
      const file = rulesFiles.find((f) => f.info.id === rules);
      if (file) state.rules = file.key;
      else {
        state.rules = 'wsom';
        state.missingRules = rules;
      }
    }
    // The doubling table's maximum belongs to it alone: a link carries its own (or none), and
    // one kept from an earlier visit counts only when that visit was under the doubling table.
    const max = Number(link ? hash.get('max') : stored.rules === 'doubling' ? stored.max : 0) || 0;
    state.max = state.rules === 'doubling' && max >= 2 && max <= 30 ? max : 0;
    // A link to a hand opens the hand view under the link's rules, even where the page was
    // left on the sheet; a reload keeps the view (the address then holds the field's own hand).
    const opened = hash.has('hand') && hash.get('hand') !== stored.line;
    state.view = !opened && (stored.view === 'sheet' || stored.view === 'event') ? stored.view : 'hand';
    // A correction under way when the page was closed stays one (see `resumeCorrection`),
    // unless the page was opened on another hand's link (the address holds the field's own
    // hand after a reload).
    const sameHand = !hash.has('hand') || hash.get('hand') === stored.line;
    state.correcting = Number.isInteger(stored.editing) && sameHand ? { evening: stored.editingEvening, index: stored.editing } : null;
    const line = hash.has('hand') ? hash.get('hand') : stored.line;
    return typeof line === 'string' ? line : EXAMPLE;
  }
  function save() {
    try {
      const editing = state.view === 'sheet' ? sheet.editing : null;
      localStorage.setItem('mjscore-page', JSON.stringify({ rules: state.rules, max: state.max, line: $('line').value, view: state.view, editing, editingEvening: editing === null ? null : sheet.current }));
    } catch { /* a private window may refuse: the page works without */ }
    // The address follows the field: a reload keeps the hand, and the address is its link.
    const hash = handHash($('line').value);
    $('hand-link').href = hash;
    if (location.hash !== hash) {
      try { history.replaceState(null, '', hash); } catch { /* a sandboxed frame */ }
    }
  }
  /** `#rules=…&hand=…` for `line` under the rule set (and the doubling table's maximum). */
  function handHash(line) {
    const max = state.rules === 'doubling' && state.max ? `&max=${state.max}` : '';
    const rules = isFileKey(state.rules) ? fileOf(state.rules).info.id : state.rules;
    return `#rules=${encodeURIComponent(rules)}${max}&hand=${encodeURIComponent(line).replace(/%2B/g, '+').replace(/%3D/g, '=').replace(/%20/g, '%20')}`;
  }

  // ---- Building the controls ---------------------------------------------------------------
  const esc = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

  /** The rule sets' buttons: the four built-in ones, then the kept rules files. */
  function drawRules() {
    const group = $('rules');
    group.textContent = '';
    const button = (key, label, title) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('role', 'radio');
      b.dataset.rules = key;
      b.textContent = label;
      b.title = title;
      b.setAttribute('aria-label', title);
      b.addEventListener('click', () => setRules(key));
      group.append(b);
      return b;
    };
    for (const system of systems.systems) button(system.id, RULE_LABELS[system.id] || system.short_name, system.name);
    for (const f of rulesFiles) button(f.key, f.info.name, `${f.info.name} (the rules file ${f.name})`).classList.add('file');
    group.classList.toggle('with-files', rulesFiles.length > 0);
    for (const b of group.querySelectorAll('button')) {
      const on = b.dataset.rules === state.rules;
      b.setAttribute('aria-checked', String(on));
      b.tabIndex = on ? 0 : -1;
    }
  }

  function buildRules() {
    const group = $('rules');
    drawRules();
    $('rules-files').addEventListener('click', openRulesFiles);
    // Arrow keys move between the rule sets, as in any radio group.
    group.addEventListener('keydown', (event) => {
      const ids = [...systems.systems.map((s) => s.id), ...rulesFiles.map((f) => f.key)];
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      const next = ids[(ids.indexOf(state.rules) + step + ids.length) % ids.length];
      setRules(next);
      group.querySelector(`[data-rules="${CSS.escape(next)}"]`).focus();
    });
    const max = $('max');
    max.append(new Option('13 (default)', '0'));
    for (let n = 2; n <= 30; n++) if (n !== 13) max.append(new Option(String(n), String(n)));
    max.addEventListener('change', () => {
      state.max = Number(max.value);
      const e = evening();
      if (state.view === 'sheet' && e) {
        e.max = state.max;
        saveEvenings();
        recompute();
        drawSheet();
      }
      update();
    });
  }

  function buildTiles() {
    const glyphs = hasTileGlyphs();
    document.documentElement.classList.toggle('no-glyphs', !glyphs);
    const grid = $('tiles');
    for (const code of ALL_TILES) {
      const t = tileInfo(code);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `tile ${t.letter}`;
      b.dataset.tile = code;
      b.setAttribute('aria-label', `${t.name} (${code})`);
      b.innerHTML = `<span class="glyph" aria-hidden="true">${t.glyph}</span><span class="face" aria-hidden="true">${t.face}</span><span class="code" aria-hidden="true">${code}</span>`;
      b.addEventListener('click', () => edit(withSet($('line').value, code)));
      grid.append(b);
      // A suit ends its row; on a narrow screen (two rows a suit) this keeps the next suit
      // from filling the row's last place.
      if (t.n === 9) {
        const end = document.createElement('span');
        end.className = 'row-end';
        end.setAttribute('aria-hidden', 'true');
        grid.append(end);
      }
    }
    for (const b of document.querySelectorAll('.meld[data-meld]')) {
      b.addEventListener('click', () => edit(withMeld($('line').value, b.dataset.meld)));
    }
    $('win-tile').addEventListener('click', () => edit(withWinOpened($('line').value)));
    // Run and Three stay on, a tile a set, until tapped again (or the other is chosen).
    for (const [id, kind] of [['set-run', 'run'], ['set-three', 'three']]) {
      $(id).addEventListener('click', () => {
        state.set = state.set === kind ? null : kind;
        syncControls($('line').value);
      });
    }
  }

  const SHARED = [
    { key: 'self', label: 'Self-draw', kind: 'flag', word: 'self' },
    { key: 'seat=', label: 'Winner\'s seat', kind: 'seat', word: 'seat=X', blank: 'East (default)' },
    { key: 'from=', label: 'Discarder', kind: 'seat', word: 'from=X', blank: 'upper seat' },
    { key: 'resp=', label: 'Responsible', kind: 'seat', word: 'resp=X', blank: 'the discarder', extra: [['none', 'none (resp=none)']] },
    { key: 'last', label: 'Last tile', kind: 'flag', word: 'last' },
    { key: 'kong', label: 'Kong supplement', kind: 'flag', word: 'kong' },
    { key: 'rob', label: 'Robbing a kong', kind: 'flag', word: 'rob' },
    { key: 'heaven', label: 'Heaven', kind: 'flag', word: 'heaven' },
    { key: 'earth', label: 'Earth', kind: 'flag', word: 'earth' },
    { key: 'claim=', label: 'Claim', kind: 'text', word: 'claim=N, claim=ID+ID', placeholder: 'e.g. 45' },
  ];
  const SYSTEM_LABELS = { 'round=': 'Round wind', 'tin=': 'Tin declared', 'last=': 'N-th last tile', lastcopy: 'Last copy', 'flowers=': 'Flowers' };

  /** One context control: a checkbox, a select or a text field, with its word and why. */
  function control(item, why) {
    const row = document.createElement('div');
    row.className = item.kind === 'flag' ? 'ctx flag' : 'ctx choice';
    const id = `ctx-${item.key.replace('=', '')}-${item.system ? 'sys' : 'shared'}`;
    let input;
    if (item.kind === 'flag') {
      input = document.createElement('input');
      input.type = 'checkbox';
      input.addEventListener('change', () => edit(withWord($('line').value, item.key, input.checked)));
    } else if (item.kind === 'text') {
      input = document.createElement('input');
      input.type = 'text';
      input.placeholder = item.placeholder;
      input.autocomplete = 'off';
      input.spellcheck = false;
      input.addEventListener('input', () => edit(withWord($('line').value, item.key, input.value.trim()), { typing: true }));
    } else {
      input = document.createElement('select');
      input.append(new Option(item.blank || '—', ''));
      const values = item.kind === 'seat' ? SEATS.map(([k, name]) => [k, `${name} (${k})`]) : item.values;
      for (const [value, text] of [...values, ...(item.extra || [])]) input.append(new Option(text, value));
      if (item.kind === 'seat') input.dataset.seats = '';
      input.addEventListener('change', () => edit(withWord($('line').value, item.key, input.value)));
    }
    input.id = id;
    input.dataset.key = item.key;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.innerHTML = `<span class="name">${esc(item.label)}</span><span class="word">${esc(item.word)}</span>`;
    const small = document.createElement('span');
    small.className = 'why';
    small.id = `${id}-why`;
    small.textContent = why;
    input.setAttribute('aria-describedby', small.id);
    row.append(input, label, small);
    return row;
  }

  function buildContext() {
    const meaning = new Map(systems.shared.map((w) => [w.word, w.meaning]));
    const box = $('context');
    for (const item of SHARED) box.append(control(item, meaning.get(item.word) || ''));
  }

  /** The chosen rule set's own words (none for Zung Jung). */
  function buildSystemWords() {
    const system = ruleSet();
    const box = $('system-words');
    box.textContent = '';
    $('system-words-title').textContent = system.words.length ? `${ruleLabel()}'s own words` : '';
    for (const w of system.words) {
      const item = { key: w.values === 'flag' ? w.key : `${w.key}=`, label: SYSTEM_LABELS[w.values === 'flag' ? w.key : `${w.key}=`] || w.key, system: true };
      if (w.values === 'flag') {
        Object.assign(item, { kind: 'flag', word: w.key });
      } else if (w.values === 'seat') {
        Object.assign(item, { kind: 'seat', word: `${w.key}=WIND`, blank: 'East (default)' });
      } else if (Array.isArray(w.values)) {
        Object.assign(item, { kind: 'select', word: `${w.key}=NAME`, blank: '— (default)', values: w.values.map((v) => [v, v]) });
      } else {
        const values = [];
        for (let n = w.values.min; n <= w.values.max; n++) values.push([String(n), String(n)]);
        Object.assign(item, { kind: 'select', word: `${w.key}=N`, blank: '—', values });
      }
      box.append(control(item, w.meaning));
    }
  }

  /** The controls as the line says: checked, chosen, filled. */
  function syncControls(line) {
    const words = wordsOf(line);
    for (const input of document.querySelectorAll('#context [data-key], #system-words [data-key]')) {
      const text = words.get(input.dataset.key);
      if (input.type === 'checkbox') input.checked = text !== undefined;
      else if (input.type === 'text') { if (document.activeElement !== input) input.value = text === undefined ? '' : wordValue(text); }
      else {
        let value = text === undefined ? '' : wordValue(text).toLowerCase();
        if ('seats' in input.dataset) value = seatOf(value);
        // A value the list does not hold (being typed, or not a seat at all) is shown in the
        // one option kept for it, replaced as the typing goes on.
        let typed = input.querySelector('option[data-typed]');
        const known = [...input.options].some((o) => o.value === value && !o.dataset.typed);
        if (!known && value) {
          if (!typed) {
            typed = new Option('', '');
            typed.dataset.typed = '';
            input.append(typed);
          }
          typed.value = value;
          typed.textContent = `${wordValue(text)} (as written)`;
        } else if (typed) {
          typed.remove();
        }
        input.value = value;
      }
      input.closest('.ctx').classList.toggle('on', text !== undefined);
    }
    const tokens = tokenize(line);
    const wait = pending(tokens);
    for (const b of document.querySelectorAll('.meld[data-meld]')) b.setAttribute('aria-pressed', String(!!(wait && wait.meld === b.dataset.meld)));
    $('win-tile').setAttribute('aria-pressed', String(!!(wait && wait.win)));
    // An empty chow (or a Run) takes its lowest tile: 8, 9 and the honours cannot start one.
    const chow = (wait && wait.meld === 'c' && wait.tiles === 0) || (!wait && state.set === 'run');
    for (const b of document.querySelectorAll('.tile')) {
      const t = b.dataset.tile;
      b.disabled = chow && (t[0] === 'w' || t[0] === 'e' || Number(t[1]) > 7);
    }
    $('set-run').setAttribute('aria-pressed', String(state.set === 'run'));
    $('set-three').setAttribute('aria-pressed', String(state.set === 'three'));
    const hint = !wait ? { run: 'Run: tap the lowest tile of each concealed sequence (Run again to stop).', three: 'Three: tap the tile of each concealed triplet (Three again to stop).' }[state.set] || ''
      : wait.win ? 'Tap the winning tile.'
      : wait.meld === 'c' ? (wait.tiles ? 'Tap the next tile of the chow.' : 'Tap the chow\'s lowest tile.')
      : wait.meld ? (wait.tiles ? 'Tap the next tile of the meld.' : `Tap the tile of the ${{ p: 'pung', k: 'kong', ck: 'concealed kong' }[wait.meld]}.`)
      : '';
    $('keyboard-hint').textContent = hint;
  }

  // ---- Editing -----------------------------------------------------------------------------
  /**
   * Remembers `line` for Undo. A run of typing (in the field, or in the claim) is one step:
   * only the line before its first keystroke is kept.
   */
  function remember(line, typing) {
    if (typing && state.typing) return;
    state.typing = typing;
    state.undo.push(line);
    if (state.undo.length > 200) state.undo.shift();
  }

  /** Puts `line` in the field (remembering the old one for Undo) and scores it. */
  function edit(line, { typing = false } = {}) {
    const field = $('line');
    if (line === field.value) return;
    remember(field.value, typing);
    field.value = line;
    update();
  }

  function setRules(id, { keepSheet = false } = {}) {
    if (id === state.rules) return;
    // (A rules file taken out of the bar has no words left to compare.)
    const from = isFileKey(state.rules) && !fileOf(state.rules) ? null : ruleSet();
    const to = ruleSet(id);
    state.rules = id;
    if (id !== 'doubling') state.max = 0;
    // The words of the old rule set that the new one does not read go: they would be errors.
    const keys = (s) => new Set(s.words.map((w) => (w.values === 'flag' ? w.key : `${w.key}=`)));
    const gone = from ? [...keys(from)].filter((k) => !keys(to).has(k)) : [];
    let line = $('line').value;
    const removed = [];
    for (const key of gone) {
      const text = wordsOf(line).get(key);
      if (text !== undefined) {
        removed.push(text);
        line = withWord(line, key, null);
      }
    }
    buildSystemWords();
    if (state.view === 'sheet' && !keepSheet && evening()) {
      // The evening is scored under the rule set chosen: every hand worked out again.
      const e = evening();
      eveningRules(e);
      saveEvenings();
      recompute();
      drawSheet();
    }
    if (line !== $('line').value) edit(line);
    else update();
    if (removed.length) {
      $('keyboard-hint').textContent = `Removed ${removed.join(', ')}: not a word of ${ruleLabel(id)}.`;
    }
  }

  // ---- Showing the answer ------------------------------------------------------------------
  const tileCode = (code) => `<span class="tilecode"><span class="wtile" aria-hidden="true">${tileInfo(code).glyph}</span><span class="wcode" aria-label="${esc(tileInfo(code).name)}">${esc(code)}</span></span>`;
  const points = (p) => (p === 0.5 ? '½' : p === null || p === undefined ? '—' : String(p));
  const limitWords = () => ruleSet().limits;

  function update() {
    const started = performance.now();
    const line = $('line').value;
    autosize();
    syncControls(line);
    state.shown = line;
    const tokens = tokenize(line);
    const hasWin = tokens.some((t) => t.kind === 'win');
    const wait = pending(tokens);
    let scoring = true;
    $('quick').hidden = true;
    if (!line.trim()) {
      showEmpty();
    } else if (wait) {
      showPending(wait);
    } else {
      // Scored as the command line scores it; a line with no winning tile that is not a hand
      // (a win by declaration is one) is a hand before its win: what does it wait for?
      const scored = sheetView() ? atTable(line) : ask('score', rulesArg(), line, { max: state.max, all: true });
      if (hasWin || !scored.error) {
        showScored(scored, line);
      } else {
        scoring = false;
        showWaits(ask('waits', rulesArg(), line, { max: state.max }), line);
      }
    }
    showCommand(line, scoring);
    if (state.view === 'sheet') showRecordBar(line, scoring);
    $('max-field').hidden = state.rules !== 'doubling';
    $('max').value = String(state.max);
    for (const b of document.querySelectorAll('#rules button')) {
      const on = b.dataset.rules === state.rules;
      b.setAttribute('aria-checked', String(on));
      b.tabIndex = on ? 0 : -1;
    }
    save();
    const elapsed = performance.now() - started;
    timings.updates.push(elapsed);
    if (timings.updates.length > 500) timings.updates.shift();
    if (timings.firstScore === null) {
      timings.firstScore = performance.now();
      requestAnimationFrame(() => setTimeout(() => {
        timings.firstShown = performance.now();
        $('engine-time').textContent = `First answer ${Math.round(timings.firstScore)} ms after opening.`;
      }, 0));
    }
  }

  /** The field as tall as its text: by CSS where the browser can (no layout forced on each
   * keystroke), else measured after the frame is drawn. */
  const sizedByCss = window.CSS && CSS.supports && CSS.supports('field-sizing', 'content');
  let sizing = false;
  function autosize() {
    if (sizedByCss || sizing) return;
    sizing = true;
    requestAnimationFrame(() => {
      sizing = false;
      const field = $('line');
      field.style.height = 'auto';
      field.style.height = `${field.scrollHeight + 2}px`;
    });
  }

  function setStatus(text, tone) {
    const status = $('status');
    status.textContent = text;
    status.className = `status ${tone || ''}`;
  }

  /** The line with the character at `column` (counted in characters from 1) marked. */
  function showProblem(line, error) {
    const box = $('problem');
    const field = $('line');
    if (!error) {
      box.hidden = true;
      box.textContent = '';
      field.removeAttribute('aria-invalid');
      return;
    }
    field.setAttribute('aria-invalid', 'true');
    const chars = Array.from(line);
    const at = Math.max(1, error.column || 1) - 1;
    const before = chars.slice(0, at).join('');
    const marked = at < chars.length ? chars[at] : ' ';
    const after = chars.slice(at + 1).join('');
    box.hidden = false;
    box.innerHTML = `<div class="echo" aria-hidden="true">${esc(before)}<mark>${esc(marked)}</mark>${esc(after)}</div>` +
      `<div class="message"><strong>${error.column ? `Column ${error.column}` : 'Error'}</strong>: ${esc(error.message)}</div>`;
  }

  function showPending(wait) {
    showProblem('', null);
    setStatus(wait.win ? 'Waiting for the winning tile' : 'Waiting for the meld\'s tile');
    $('answer').innerHTML = `<p class="empty">${wait.win ? 'Tap the winning tile (or type it after the +).' : 'Tap the meld\'s tile (or type its tiles and a closing ]).'}</p>`;
  }

  function showEmpty() {
    showProblem('', null);
    setStatus('');
    $('answer').innerHTML = '<p class="empty">Tap the tiles below, or type a hand. With a winning tile (<code>+b9</code>) the hand is scored; without one, the page lists what it waits for.</p>';
  }

  function winLine(a) {
    const seat = SEAT_NAME[a.seat];
    const on = a.winning_tile ? ` ${tileCode(a.winning_tile)}` : '';
    if (a.self_draw) return `${seat} wins by self-draw${a.winning_tile ? ' on' : ''}${on}`;
    let text = `${seat} wins on ${SEAT_NAME[a.from]}'s discard${a.winning_tile ? ' of' : ''}${on}`;
    if (a.from_assumed) text += ` <span class="note">(discarder assumed: ${seat}'s upper seat; set the discarder to change)</span>`;
    if (a.responsible && a.responsible !== a.from) text += `; ${SEAT_NAME[a.responsible]} is responsible`;
    if (!a.responsible && !a.self_draw) text += '; nobody is responsible (resp=none)';
    return text;
  }

  function placement(a) {
    if (!a.winning_tile) return '';
    if (a.winning_set === 'pair') return `${esc(a.winning_tile)} completes the pair`;
    if (a.winning_set) return `${esc(a.winning_tile)} completes ${esc(a.winning_set)}`;
    return `${esc(a.winning_tile)} completes the hand`;
  }

  function patternButton(p) {
    const value = p.percent ? `+${p.percent}%` : points(p.points);
    const set = p.set ? `<span class="set">${esc(p.set)}</span>` : '';
    return `<li><button type="button" class="pattern" data-pattern="${esc(p.id)}" aria-label="${esc(`${p.id} ${p.name}, ${p.chinese}, ${value}${p.set ? `, for ${p.set}` : ''}: show the pattern card`)}">` +
      `<span class="id">${esc(p.id)}</span><span class="names">${esc(p.name)} ${set}<span class="zh" lang="zh-Hant">${esc(p.chinese)}</span></span><span class="pts">${esc(value)}</span></button></li>`;
  }

  function verdict(a) {
    if (!a.verdict) return '';
    const c = a.claim;
    const names = card();
    const named = (ids) => ids.map((id) => `${esc(id)} ${esc(names.get(id)?.name || '')}`).join(', ');
    const worth = a.total === undefined ? '' : points(a.total);
    const headline = {
      confirmed: `Confirmed: the claim of ${c.value} stands`,
      underscored: `Underscored: the claim of ${c.value} stands and is paid (the hand is worth ${worth})`,
      overclaimed: `Overclaimed: ${c.value} claimed, corrected to ${c.settled}`,
      false_win: `False win: ${c.value} claimed, ${a.payments && a.payments[a.seat] < 0 ? 'the declarer pays the charge for a false win' : 'nothing is paid'}`,
    }[a.verdict] || a.verdict;
    const items = [];
    if (c.missed.length) items.push(`<li>missed: ${named(c.missed)}</li>`);
    if (c.not_there.length) items.push(`<li>not there: ${named(c.not_there)}</li>`);
    return `<div class="verdict ${esc(a.verdict)}" data-verdict="${esc(a.verdict)}"><strong>${esc(headline)}</strong>` +
      `claim=<code>${esc(c.text)}</code>${c.patterns ? ` (worth ${c.value})` : ''}${items.length ? `<ul>${items.join('')}</ul>` : ''}</div>`;
  }

  /** How the total came about, as the command line's text says it: the limit, and a
   * percentage's base, exact value and rounding. */
  function totalNote(a, limit) {
    let note = limit;
    if (a.limit === 'compound') note += `: the patterns sum to ${points(a.sum)}`;
    if (a.limit === 'listed') note += `: ${a.patterns[0].id} ${a.patterns[0].name} scores alone`;
    const percent = a.patterns.reduce((n, p) => n + (p.percent || 0), 0);
    if (percent > 0) {
      const hundredths = a.sum * (100 + percent);
      const exact = `${Math.floor(hundredths / 100)}${hundredths % 100 ? `.${String(hundredths % 100).padStart(2, '0').replace(/0$/, '')}` : ''}`;
      note += `; base ${a.sum} + ${percent}% = ${exact}${hundredths % 100 ? `, rounded half up to ${a.total}` : ''}`;
    }
    return note;
  }

  function showScored(a, line) {
    const box = $('answer');
    if (a.error) {
      showProblem(line, a.error);
      setStatus(a.error.column ? `Not a hand: column ${a.error.column}` : 'Not a hand', 'bad');
      box.innerHTML = '<p class="empty">Not scored: the line is not a hand (see above).</p>';
      return;
    }
    showProblem(line, null);
    if (a.penalty) {
      // A session's penalty line, typed in the sheet: the player charged, paid to nobody.
      const who = a.players ? a.players[a.penalty.seat] : SEAT_NAME[a.penalty.seat];
      setStatus(`A penalty of ${a.penalty.points}: paid to nobody`);
      showQuick({ ...a, seat: null }, -a.penalty.points);
      box.innerHTML = `<p class="lead" data-penalty>${esc(who)} is charged a penalty of ${esc(String(a.penalty.points))}, paid to nobody; no hand is played and the deal does not pass.</p>`;
      return;
    }
    if (a.draw) {
      setStatus('A drawn hand: nobody pays');
      box.innerHTML = '<p class="lead" data-draw>A drawn hand: nobody wins, nobody pays, and the deal passes.</p>';
      return;
    }
    if (a.false_win) {
      setStatus('False win', 'bad');
      showQuick(a, 0);
      // A rules file may charge a false win: the declarer pays each other player.
      const charged = a.payments[a.seat] < 0
        ? `<p class="note" data-false-win-charge>${esc(seatWord(a))} pays ${esc(String(-a.payments[a.seat] / 3))} to each other player for the false win.</p>`
        : '';
      box.innerHTML = `${verdict(a)}<div class="falsewin" data-false-win><strong>False win</strong>${esc(a.false_win.reason)}</div>${charged}`;
      return;
    }
    const limit = a.limit ? limitWords()[a.limit] : 'no limit';
    const sum = totalNote(a, limit);
    const paid = a.claim && a.claim.settled !== null && a.verdict === 'underscored' ? a.claim.settled : a.total;
    const winner = a.seat;
    const rows = SEATS.map(([k, name]) => {
      const amount = a.payments[k];
      const cls = k === winner ? 'winner' : amount < 0 ? 'payer' : '';
      const words = k === winner ? `receives ${amount}` : amount < 0 ? `pays ${-amount}` : `pays ${amount}`;
      return `<tr class="${cls}" data-seat="${k}"><th scope="row">${name}${a.players ? ` <span class="who">${esc(a.players[k])}</span>` : ''}</th><td>${k === winner ? 'winner' : ''}</td><td class="amount">${esc(words)}</td></tr>`;
    }).join('');
    const readings = a.readings && a.readings.length > 1
      ? `<details class="reading-list"><summary>best of ${a.readings.length} readings</summary><ol class="readings">${a.readings.map((r) => `<li><strong>${esc(points(r.total))}</strong>: <code>${esc(r.arrangement)}</code>; ${esc(r.patterns.join(' + '))}</li>`).join('')}</ol></details>`
      : '';
    const setAside = a.set_aside.length
      ? `<p class="note">not counted (${esc(limit)}): ${a.set_aside.map((p) => `${esc(p.id)} ${esc(p.name)} ${esc(points(p.points))}`).join(', ')}</p>`
      : '';
    box.innerHTML = verdict(a) +
      `<p class="note rules-name">${esc(ruleSet().name)}${isFileKey(state.rules) ? ` <span class="file-name">(${esc(fileOf(state.rules).name)})</span>` : ''}</p>` +
      `<p class="lead">${winLine(a)}</p>` +
      `<p class="arrangement" aria-label="Arrangement">${esc(a.arrangement)}</p>` +
      `<p class="note">${placement(a)}</p>${readings}` +
      `<ul class="patterns" aria-label="Patterns">${a.patterns.map(patternButton).join('')}</ul>${setAside}` +
      (paid !== a.total
        ? `<div class="total"><span class="label">Paid on the claim</span><span class="value" data-paid>${esc(points(paid))}</span><span class="limit">the hand is worth <span data-total>${esc(points(a.total))}</span>; ${esc(sum)}</span></div>`
        : `<div class="total"><span class="label">Total</span><span class="value" data-total>${esc(points(a.total))}</span><span class="limit" data-limit>${esc(sum)}</span></div>`) +
      `<table class="payments" aria-label="Payments"><tbody>${rows}</tbody></table>`;
    const pays = a.payments[winner];
    showQuick(a, paid);
    setStatus(`Total ${points(a.total)}${a.limit ? ` (${limit})` : ''} · ${SEAT_NAME[winner]} receives ${pays}${a.verdict ? ` · ${a.verdict.replace('_', ' ')}` : ''}`, a.verdict && a.verdict !== 'confirmed' ? 'bad' : 'good');
  }

  function waitsTable(waits) {
    const names = card();
    const value = (v) => (v.below_minimum ? '—' : points(v.total));
    const rows = waits.map((w) => {
      const shapes = w.discard.shapes.slice(1).map((s) => `as ${s.shape.replace('_', ' ')} ${points(s.total)}`);
      const pats = w.discard.patterns.map((id) => `${id} ${names.get(id)?.name || ''}`).join(', ');
      const selfOnly = w.self_draw.patterns.filter((id) => !w.discard.patterns.includes(id)).map((id) => `${id} ${names.get(id)?.name || ''}`);
      const self = selfOnly.length ? `self-drawn adds ${selfOnly.join(', ')}` : '';
      const extra = [w.discard.below_minimum ? 'below the minimum' : '', pats, ...shapes, self].filter(Boolean).join('; ');
      return `<tr class="${w.dead ? 'dead' : ''}" data-wait="${esc(w.tile)}"><td>${tileCode(w.tile)}</td><td>${w.dead ? 'dead' : `${w.unseen} unseen`}</td>` +
        `<td class="n" data-discard>${esc(value(w.discard))}</td><td class="n" data-self-draw>${esc(value(w.self_draw))}</td></tr>` +
        `<tr class="${w.dead ? 'dead' : ''}"><td></td><td colspan="3"><span class="pats">${esc(extra)}</span></td></tr>`;
    }).join('');
    return `<table class="waits"><thead><tr><th>wait</th><th>copies</th><th class="n">on a discard</th><th class="n">self-drawn</th></tr></thead><tbody>${rows}</tbody></table>`;
  }

  function showWaits(a, line) {
    const box = $('answer');
    // On the sheet, a hand being tapped in is short of tiles until it is whole: said in a
    // line, not as an error whose box would push the keys off the screen.
    const short = a.error && sheetView() ? /^the hand has (\d+) tiles?;/.exec(a.error.message) : null;
    if (short && Number(short[1]) < 13) {
      showProblem(line, null);
      setStatus(`${short[1]} tile${short[1] === '1' ? '' : 's'} so far: a hand is 14, the winning one after Win +`);
      box.innerHTML = '<p class="empty">Tap on: the hand is scored once its winning tile is in.</p>';
      return;
    }
    if (a.error) {
      showProblem(line, a.error);
      setStatus(a.error.column ? `Not a hand yet: column ${a.error.column}` : 'Not a hand yet', 'bad');
      box.innerHTML = '<p class="empty">Without a winning tile (<code>+b9</code>) the page lists what a hand of 13 tiles waits for; add tiles, or the winning tile to score.</p>';
      return;
    }
    showProblem(line, null);
    const kinds = (k) => `${k} kind${k === 1 ? '' : 's'}`;
    if (a.tiles === 13) {
      if (!a.calling) {
        setStatus(`Not calling: ${a.distance} tile${a.distance === 1 ? '' : 's'} from calling`, 'bad');
        box.innerHTML = `<h2>Waits</h2><p data-not-calling>Not calling: ${a.distance} tile${a.distance === 1 ? '' : 's'} from calling.</p>`;
        return;
      }
      setStatus(`Calling on ${kinds(a.kinds)}, ${a.unseen} tiles unseen: ${a.waits.map((w) => w.tile).join(' ')}`, 'good');
      box.innerHTML = `<h2>Waits</h2><p class="lead" data-waits-summary>Calling on ${kinds(a.kinds)}, ${a.unseen} tiles unseen.</p>${waitsTable(a.waits)}`;
      return;
    }
    if (!a.discards.length) {
      setStatus(`14 tiles: no discard leaves the hand calling (${a.distance} from calling)`, 'bad');
      box.innerHTML = `<h2>Discards</h2><p>No discard leaves the hand calling: ${a.distance} tile${a.distance === 1 ? '' : 's'} from calling after the best discard.</p>`;
      return;
    }
    setStatus(`14 tiles: ${a.discards.length} discard${a.discards.length === 1 ? '' : 's'} leave the hand calling`, 'good');
    box.innerHTML = `<h2>Discards that leave the hand calling</h2>` + a.discards.map((d) =>
      `<div class="discard"><h3>Discard ${tileCode(d.discard)}: calling on ${kinds(d.kinds)}, ${d.unseen} unseen</h3>${waitsTable(d.waits)}</div>`).join('');
  }

  function showCommand(line, scoring) {
    const quoted = `'${line.trim().replace(/'/g, "'\\''")}'`;
    const rules = rulesOption();
    const max = state.max ? ` --max ${state.max}` : '';
    $('command').textContent = line.trim() ? `mjscore${scoring ? '' : ' waits'}${rules}${max} ${quoted}` : '';
  }

  // ---- Dialogs: a pattern, the card, the notation ------------------------------------------
  function openDialog(title, html) {
    $('dialog-title').textContent = title;
    $('dialog-body').innerHTML = html;
    const dialog = $('dialog');
    if (!dialog.open) dialog.showModal();
    $('dialog-close').focus();
  }

  function explain(id) {
    const e = ask('explain', rulesArg(), id, { max: state.max });
    if (e.error) {
      openDialog(id, `<p>${esc(e.error.message)}</p>`);
      return;
    }
    const value = e.percent ? `+${e.percent}%` : points(e.points);
    const example = e.example_total === null
      ? 'a false win under these rules'
      : `scores ${esc(e.example_patterns.join(' + '))} = ${esc(points(e.example_total))}`;
    openDialog(`${e.id} ${e.name}`,
      `<p lang="zh-Hant" class="zh">${esc(e.chinese)}</p><dl class="explain">` +
      (e.aliases && e.aliases.length ? `<dt>Also called</dt><dd data-aliases>${esc(e.aliases.join(', '))}</dd>` : '') +
      `<dt>Points</dt><dd>${esc(value)}</dd><dt>Series</dt><dd>${esc(e.series)} (only the highest pattern of a series counts)</dd>` +
      `<dt>Scores on</dt><dd>${esc(e.scores_on)}</dd><dt>Condition</dt><dd data-condition>${esc(e.condition)}</dd>` +
      `<dt>Example</dt><dd><code>${esc(e.example)}</code><br>${example}</dd></dl>` +
      `<button type="button" id="use-example" data-line="${esc(e.example)}">Put the example in the field</button>`);
  }

  function openCard() {
    const list = [...card().values()].map((p) =>
      `<li><button type="button" class="pattern" data-pattern="${esc(p.id)}"><span class="id">${esc(p.id)}</span>` +
      `<span class="names">${esc(p.name)}<span class="zh" lang="zh-Hant">${esc(p.chinese)}</span><span class="why">${esc(p.condition)}</span></span>` +
      `<span class="pts">${esc(p.percent ? `+${p.percent}%` : points(p.points))}</span></button></li>`).join('');
    const system = ruleSet();
    const file = isFileKey(state.rules) ? `, the rules file ${fileOf(state.rules).name}` : '';
    openDialog(`Patterns: ${ruleLabel()}`, `<p class="note">${esc(system.name)}${esc(file)}. Tap a pattern for its definition and example.</p><ul class="card-list">${list}</ul>`);
  }

  // ---- Rules files: loading, choosing, removing --------------------------------------------
  function openRulesFiles() {
    const evening = state.view === 'sheet' ? sheet.evenings.find((e) => e.id === sheet.current) : null;
    const kept = rulesFiles.map((f) => {
      const inUse = evening && evening.rules === f.key;
      return `<li data-rules-file="${esc(f.key)}"><div class="what"><strong>${esc(f.info.name)}</strong> <code>${esc(f.name)}</code>` +
        `<span class="why">a rule set of ${f.info.patterns} patterns, ${esc(f.info.from)}${f.info.description ? `: ${esc(f.info.description)}` : ''}</span></div>` +
        `<button type="button" data-use-file="${esc(f.key)}"${f.key === state.rules ? ' aria-pressed="true"' : ''}>Use</button>` +
        `<button type="button" data-remove-file="${esc(f.key)}"${inUse ? ' disabled title="The evening on the sheet is kept under it"' : ''} aria-label="Remove ${esc(f.info.name)} (${esc(f.name)})">Remove</button></li>`;
    }).join('');
    openDialog('Rules files', '<p class="note">A club\'s own rules, as a rules file of the command line (<code>mjscore --rules FILE</code>): choose the file, or paste its text. It is checked as <code>mjscore rules check</code> checks it, kept in this browser, and shown beside the rule sets.</p>' +
      '<label class="file-pick">Choose a file <input type="file" id="rules-file-input" accept=".toml,text/plain,application/toml"></label>' +
      '<textarea id="rules-file-text" class="filetext" rows="8" spellcheck="false" aria-label="The rules file\'s text" placeholder="base = &quot;wsom&quot;&#10;name = &quot;Our club&quot;&#10;minimum = 10"></textarea>' +
      '<div class="row"><button type="button" id="rules-file-go" class="primary">Use the pasted text</button></div>' +
      '<div id="rules-file-error" class="rules-file-error" role="alert" hidden></div>' +
      (kept ? `<h3>Kept in this browser</h3><ul class="kept-files">${kept}</ul>` : ''));
  }

  /** Loads the rules file `name` with `text`: kept and chosen, or its error shown. */
  function loadRulesFile(name, text) {
    const box = $('rules-file-error');
    const kept = keepRulesFile(name, text);
    if (kept.error) {
      // The command line's message, and the line it names with its column marked.
      const line = text.split(/\r?\n/)[kept.error.line - 1] ?? '';
      const chars = Array.from(line);
      const at = Math.max(1, kept.error.column) - 1;
      box.hidden = false;
      box.innerHTML = `<p class="message" data-rules-file-error>${esc(fileError(name, kept.error))}</p>` +
        `<div class="echo" aria-hidden="true">${esc(chars.slice(0, at).join(''))}<mark>${esc(chars[at] ?? ' ')}</mark>${esc(chars.slice(at + 1).join(''))}</div>` +
        '<p class="note">Nothing was kept: correct the file and load it again.</p>';
      return;
    }
    $('dialog').close();
    drawRules();
    if (kept.file.key === state.rules) {
      cards.clear();
      buildSystemWords();
      update();
    } else {
      setRules(kept.file.key);
    }
  }

  function removeRulesFile(key) {
    const file = fileOf(key);
    if (!file) return;
    rulesFiles = rulesFiles.filter((f) => f.key !== key);
    saveRulesFiles();
    if (state.rules === key) setRules('wsom');
    drawRules();
    update();
    openRulesFiles();
    $('keyboard-hint').textContent = `Removed the rules file ${file.name}: load it again to use it.`;
  }

  function wireRulesFiles() {
    document.addEventListener('change', async (event) => {
      if (event.target.id === 'rules-file-input' && event.target.files[0]) {
        const chosen = event.target.files[0];
        loadRulesFile(chosen.name, await chosen.text());
      }
    });
    document.addEventListener('click', (event) => {
      if (event.target.closest('#rules-file-go')) {
        const text = $('rules-file-text').value;
        if (!text.trim()) return;
        // Pasted text has no file name: it is named for its rule set (`spring-season.toml`).
        const info = ask('rulesFile', text);
        loadRulesFile(info.error ? 'pasted text' : `${info.id}.toml`, text);
      }
      const use = event.target.closest('[data-use-file]');
      if (use) {
        $('dialog').close();
        setRules(use.dataset.useFile);
      }
      const remove = event.target.closest('[data-remove-file]');
      if (remove) removeRulesFile(remove.dataset.removeFile);
    });
  }

  /** The seat that declared the hand, as the page names it: `East`, or `East (Ann)` at a table. */
  function seatWord(a) {
    const name = SEATS.find(([k]) => k === a.seat)[1];
    return a.players ? `${name} (${a.players[a.seat]})` : name;
  }

  /** The sticky answer in short: the total (what is paid) and each seat's payment. */
  function showQuick(a, paid) {
    const box = $('quick');
    const cells = SEATS.map(([k, name]) => {
      const amount = a.payments[k];
      const who = a.players ? `${k.toUpperCase()} ${a.players[k]}` : name;
      return `<span class="pay ${k === a.seat && !a.false_win ? 'winner' : amount < 0 ? 'payer' : ''}" data-quick-seat="${k}"><span class="who">${esc(who)}</span><span class="amount">${amount > 0 ? '+' : ''}${esc(String(amount))}</span></span>`;
    }).join('');
    box.innerHTML = `<span class="qtotal"><span class="label">${a.false_win ? 'false win' : a.penalty ? 'penalty' : paid !== a.total ? 'paid' : 'total'}</span><span data-quick-total>${esc(points(paid))}</span></span>${cells}`;
    box.hidden = false;
  }

  /** A seat word's value as one of the lists' seats: `south`, `S`, `南`, a player's name or its
   * start at the table now; anything else as it is. */
  function seatOf(value) {
    const v = value.toLowerCase();
    const seat = { e: 'e', east: 'e', '東': 'e', '东': 'e', s: 's', south: 's', '南': 's', w: 'w', west: 'w', '西': 'w', n: 'n', north: 'n', '北': 'n', none: 'none' }[v];
    if (seat) return seat;
    const seating = sheetView() ? tableNow() : null;
    if (seating && v) {
      const hits = SEATS.filter((_, i) => seating[i].toLowerCase().startsWith(v));
      if (hits.length === 1) return hits[0][0];
    }
    return v;
  }

  // ---- The sheet: an evening's hands, seats, running totals and standings ------------------
  // An evening is the command line's session file, kept as its lines (docs/sessions.md):
  // `players:` lines, hands and `draw`. Everything the sheet shows is what the engine's
  // batch run (`mjscore -f FILE --format json --summary`) answers for those lines.
  const EVENINGS = 'mjscore-evenings';
  const sheet = { evenings: [], current: null, run: null, next: null, editing: null, seatForm: null };

  function loadEvenings() {
    try {
      const kept = JSON.parse(localStorage.getItem(EVENINGS) || 'null');
      if (kept && Array.isArray(kept.evenings)) {
        sheet.evenings = kept.evenings.filter((e) => e && Array.isArray(e.lines));
        sheet.current = kept.current;
        dropEmptyEvenings();
      }
    } catch { sheet.evenings = []; }
  }
  function saveEvenings() {
    const kept = JSON.stringify({ saved: Date.now(), view: state.view, current: sheet.current, evenings: sheet.evenings });
    try {
      localStorage.setItem(EVENINGS, kept);
    } catch { /* storage full or refused: shown nowhere else, so say so */
      $('table-bar').textContent = 'This browser refused to keep the sheet: export it now.';
    }
    // localStorage reaches the disk a moment later; IndexedDB, asked for a strict commit, is
    // on the disk when its transaction completes: a browser killed after that loses nothing.
    window.mjscoreKept = keepDurably(kept);
  }
  function idb(mode, then) {
    return new Promise((resolve) => {
      if (!window.indexedDB) { resolve(null); return; }
      const open = indexedDB.open('mjscore', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('kept');
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction('kept', mode, { durability: 'strict' });
        const request = then(tx.objectStore('kept'));
        tx.oncomplete = () => { db.close(); resolve(request.result ?? true); };
        tx.onerror = tx.onabort = () => { db.close(); resolve(null); };
      };
    });
  }
  const keepDurably = (kept) => idb('readwrite', (store) => store.put(kept, EVENINGS)).catch(() => null);
  /** The evenings kept in IndexedDB, when they are newer than localStorage's (a browser that
   * was killed before localStorage reached the disk). */
  async function newerKept() {
    const durable = await idb('readonly', (store) => store.get(EVENINGS)).catch(() => null);
    if (typeof durable !== 'string') return false;
    let local = 0;
    try { local = JSON.parse(localStorage.getItem(EVENINGS) || '{}').saved || 0; } catch { local = 0; }
    const kept = JSON.parse(durable);
    if ((kept.saved || 0) <= local) return false;
    if (kept.view === 'sheet') state.view = 'sheet';
    localStorage.setItem(EVENINGS, durable);
    loadEvenings();
    return true;
  }
  const evening = () => sheet.evenings.find((e) => e.id === sheet.current) || null;
  const sheetView = () => state.view === 'sheet' && !!tableNow();
  function today() {
    const d = new Date();
    const two = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
  }
  function newEvening(lines = [], rules = state.rules, max = state.max, date = today()) {
    // An evening is worth keeping: the browser is asked not to clear the site's storage
    // under pressure (it may say no; the evening is kept as ever).
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => false);
    const e = { id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, date, rules, max: rules === 'doubling' ? max : 0, lines, undo: [], redo: [] };
    if (isFileKey(rules)) e.rulesFile = { name: fileOf(rules).name, text: fileOf(rules).text };
    sheet.evenings.unshift(e);
    sheet.current = e.id;
    return e;
  }
  /** The evening is kept under the rule set chosen now: a rules file's name and text with it
   * (the evening keeps its copy, whatever becomes of the file in the bar). */
  function eveningRules(e) {
    e.rules = state.rules;
    e.max = state.max;
    if (isFileKey(state.rules)) e.rulesFile = { name: fileOf(state.rules).name, text: fileOf(state.rules).text };
    else delete e.rulesFile;
  }
  /** The rule set an evening is kept under, as a key of the bar: its rules file kept again
   * if it is no longer there. */
  function eveningKey(e) {
    if (!e.rulesFile) return isFileKey(e.rules) ? 'wsom' : e.rules;
    const kept = keepRulesFile(e.rulesFile.name, e.rulesFile.text, { replace: false });
    if (kept.error) return state.rules;
    drawRules();
    return kept.file.key;
  }
  /** The command that scores an evening's exported file (`mjscore -f NAME --summary`): the
   * file states its rules in its `rules:` line, which the command line reads. */
  const sessionCommand = (name) => `mjscore -f ${name} --summary`;
  /** What an evening's `rules:` line states: a built-in rule set's id (the doubling table
   * with its maximum when it has another), or the rules file's name as the command line
   * takes one (a `#` would start a comment, a line break end the line). */
  function statedRules(e) {
    if (e.rulesFile) return cliPath(e.rulesFile.name.replace(/[#\r\n]/g, '_'));
    return e.rules === 'doubling' && e.max ? `doubling max=${e.max}` : e.rules;
  }
  /** The session file of an evening, as `mjscore -f` reads it: its `rules:` line first,
   * which the command line scores the evening under. An evening kept under a rules file
   * holds the file too, right after that line: each of its lines after `#| `, which
   * `grep '^#|' EVENING | cut -c4-` writes out again. */
  function sessionFile(e) {
    let head = `# mjscore session of ${e.date}: ${sessionCommand('THIS_FILE')}\n`;
    if (e.rulesFile) {
      const text = e.rulesFile.text.replace(/\r?\n$/, '').split(/\r?\n/);
      head += `# scored under the rules file ${cliPath(e.rulesFile.name)}, its text after the rules: line, each line after "#| " (grep '^#|' THIS_FILE | cut -c4- > ${shellWord(cliPath(e.rulesFile.name))} writes it out)\n` +
        `rules: ${statedRules(e)}\n` + text.map((l) => (l ? `#| ${l}` : '#|')).join('\n') + '\n';
    } else {
      head += `rules: ${statedRules(e)}\n`;
    }
    return `${head}${e.lines.join('\n')}\n`;
  }

  /** The engine's session run over `text`: its objects, the summary last. */
  function askSession(text, all = false) {
    try {
      return engine.session(rulesArg(), text, { max: state.max, all }).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        startEngine();
        return [{ error: { kind: 'engine', message: `the engine stopped (${error.message}); please report this evening` } }];
      }
      throw error;
    }
  }

  /** Works the evening out again: every hand, the seats after the last one, the standings. */
  function recompute() {
    const e = evening();
    if (!e) { sheet.run = null; sheet.next = null; return; }
    const text = e.lines.join('\n') + '\n';
    const objects = askSession(text);
    const summary = objects.pop()?.summary || null;
    const byLine = new Map(objects.map((o) => [o.line, o]));
    sheet.run = { objects: byLine, summary, usage: summary ? null : objects[0]?.error };
    sheet.next = seatingAfter(e.lines.length);
  }

  /** The seating (East South West North) at the line after the first `count` lines. */
  function seatingAfter(count) {
    const e = evening();
    for (let i = count - 1; i >= 0; i--) {
      const line = e.lines[i];
      const object = sheet.run.objects.get(i + 1);
      if (/^\s*players:/i.test(line)) {
        if (object && object.error) continue; // a bad players: line seats nobody
        return playersOf(line);
      }
      if (object && object.players) {
        // The deal passes as the rule set says: the engine seats a drawn hand after it.
        const seating = SEATS.map(([k]) => object.players[k]);
        const probe = askSession(`players: ${seating.join(' ')}\n${line}\ndraw\n`);
        const after = probe.filter((o) => o.draw && o.line === 3).pop();
        return after ? SEATS.map(([k]) => after.players[k]) : seating;
      }
    }
    return null;
  }
  const playersOf = (line) => line.replace(/^\s*players:/i, '').replace(/#.*/, '').split(/[\s,]+/).filter(Boolean).slice(0, 4);

  /** The seating the field's hand is played at: the one after the last hand, or the edited
   * hand's own. */
  function tableNow() {
    if (!sheet.run) return null;
    if (sheet.editing !== null) {
      const object = sheet.run.objects.get(sheet.editing + 1);
      if (object && object.players) return SEATS.map(([k]) => object.players[k]);
    }
    return sheet.next;
  }

  /** The field's hand at the table now, as the session's next line: names for seats. */
  function atTable(line) {
    const seating = tableNow();
    const objects = askSession(`players: ${seating.join(' ')}\n${line}\n`, true);
    return objects.find((o) => o.line === 2) || ask('score', rulesArg(), line, { max: state.max, all: true });
  }

  function showRecordBar(line, scoring) {
    const bar = $('record-bar');
    const e = evening();
    const seated = !!tableNow();
    bar.hidden = !seated;
    showWhoBar(line);
    if (!seated) return;
    const hand = sheet.editing === null ? e.lines.length : sheet.editing;
    const number = handNumber(hand);
    const answer = $('answer');
    const ok = scoring && line.trim() && !pending(tokenize(line)) && !answer.querySelector('.empty');
    $('record').disabled = !ok;
    $('record').textContent = sheet.editing === null ? `Record hand ${number}` : `Save hand ${number}`;
    $('record-draw').textContent = sheet.editing === null ? 'Drawn hand' : `Hand ${number} was drawn`;
    $('record-cancel').hidden = sheet.editing === null;
  }
  /** The players at the table now as buttons, a tap each: who won (`seat=NAME`), and who
   * discarded the winning tile (`from=NAME`) or `self`. The pressed ones are what the line
   * says, a seat word or a name alike. */
  function showWhoBar(line) {
    const seating = tableNow();
    $('who-bar').hidden = !seating;
    if (!seating) return;
    const words = wordsOf(line);
    const seatSaid = (key) => (words.has(key) ? seatOf(wordValue(words.get(key))) : null);
    const winner = seatSaid('seat=');
    const from = words.has('self') ? 'self' : seatSaid('from=');
    const button = (attr, value, label, pressed, disabled) =>
      `<button type="button" ${attr}="${esc(value)}" aria-pressed="${pressed}"${disabled ? ' disabled' : ''}>${esc(label)}</button>`;
    $('who-won').innerHTML = SEATS.map(([k], i) => button('data-who-won', seating[i], seating[i], k === winner, false)).join('');
    $('who-from').innerHTML = button('data-who-from', 'self', 'Self', from === 'self', false) +
      SEATS.map(([k], i) => button('data-who-from', seating[i], seating[i], k === from, k === winner)).join('');
  }
  function wireWhoBar() {
    $('who-won').addEventListener('click', (event) => {
      const b = event.target.closest('[data-who-won]');
      if (!b) return;
      let line = withWord($('line').value, 'seat=', b.dataset.whoWon);
      // The winner discarded nothing: a discarder at the winner's own seat is taken out.
      const from = wordsOf(line).get('from=');
      if (from && seatOf(wordValue(from)) === seatOf(b.dataset.whoWon)) line = withWord(line, 'from=', null);
      edit(line);
    });
    $('who-from').addEventListener('click', (event) => {
      const b = event.target.closest('[data-who-from]');
      if (!b) return;
      const line = $('line').value;
      edit(b.dataset.whoFrom === 'self'
        ? withWord(withWord(line, 'from=', null), 'self', true)
        : withWord(withWord(line, 'self', false), 'from=', b.dataset.whoFrom));
    });
  }

  /** Whether a line of the evening is no hand: a change of seats or a penalty (no deal). */
  const notHand = (line) => /^\s*(players:|table:|penalty\s)/i.test(line);
  /** The number, counted from 1, of the hand at line index `index` (changes of seats and
   * penalties not counted). */
  function handNumber(index) {
    const e = evening();
    let n = 0;
    for (let i = 0; i < index && i < e.lines.length; i++) if (!notHand(e.lines[i])) n++;
    return n + 1;
  }

  // Undo and redo through the whole evening: each change kept as a splice of the lines (where,
  // the lines it took out, the lines it put in), not as a copy of them, so that a long
  // evening's steps stay small in the browser's storage.
  const MOST_STEPS = 500;
  /** The change from `before` to `after`: at `at`, `removed` gave way to `added`. */
  function stepOf(before, after, what) {
    let at = 0;
    while (at < before.length && at < after.length && before[at] === after[at]) at++;
    let tail = 0;
    while (tail < before.length - at && tail < after.length - at && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
    return { at, removed: before.slice(at, before.length - tail), added: after.slice(at, after.length - tail), what };
  }
  /** `lines` with `step` made (or taken back). */
  function applyStep(lines, step, back) {
    const out = [...lines];
    out.splice(step.at, (back ? step.added : step.removed).length, ...(back ? step.removed : step.added));
    return out;
  }
  /** An evening's undo and redo steps, as lists (an evening kept by an earlier page held one
   * step of undo, as a copy of its lines). */
  function stepsOf(e) {
    if (!Array.isArray(e.undo)) e.undo = e.undo && Array.isArray(e.undo.lines) ? [stepOf(e.undo.lines, e.lines, e.undo.what)] : [];
    if (!Array.isArray(e.redo)) e.redo = [];
    return e;
  }
  /** Takes back the last change to the evening (`back`), or makes again the last one taken back. */
  function undoRedo(back) {
    const e = evening();
    if (!e) return;
    stepsOf(e);
    const [from, to] = back ? [e.undo, e.redo] : [e.redo, e.undo];
    const step = from.pop();
    if (!step) return;
    e.lines = applyStep(e.lines, step, back);
    to.push(step);
    sheet.editing = null;
    saveEvenings();
    recompute();
    drawSheet();
    update();
  }

  /** Changes the evening's lines (the change kept for undo), and works everything out again. */
  function changeLines(lines, what) {
    const e = stepsOf(evening());
    e.undo.push(stepOf(e.lines, lines, what));
    if (e.undo.length > MOST_STEPS) e.undo.shift();
    e.redo = [];
    e.lines = lines;
    eveningRules(e);
    saveEvenings();
    recompute();
    drawSheet();
  }

  /** The line as the sheet keeps it: the winner, the discarder (an assumed one too) and the
   * responsible player by name, as the engine read them at the hand's own seats. A hand
   * inserted, deleted or corrected before it then moves its seats, never its result to
   * another player. Any other line (a draw, a penalty, a change of seats) is kept as it is. */
  function byName(line) {
    const o = tableNow() ? atTable(line) : null;
    if (!o || !o.players || !o.seat || o.error) return line;
    const name = (k) => o.players[k];
    const hash = line.indexOf('#');
    const body = hash < 0 ? line : line.slice(0, hash);
    const comment = hash < 0 ? '' : ` ${line.slice(hash)}`;
    const words = body.trim().split(/\s+/);
    const said = (key) => words.find((w) => w.toLowerCase().startsWith(key));
    const resp = said('resp=');
    const kept = words.filter((w) => !/^(seat|from|resp)=/i.test(w));
    kept.push(`seat=${name(o.seat)}`);
    if (!o.self_draw && o.from) kept.push(`from=${name(o.from)}`);
    // resp=none, which names nobody, is kept as written.
    if (resp) kept.push(o.players[o.responsible] ? `resp=${name(o.responsible)}` : resp);
    return `${kept.join(' ')}${comment}`.trim();
  }

  function record(line) {
    line = byName(line);
    state.set = null;
    const e = evening();
    const lines = [...e.lines];
    let what;
    if (sheet.editing === null) {
      lines.push(line);
      what = `hand ${handNumber(e.lines.length)} recorded`;
    } else {
      lines[sheet.editing] = line;
      what = notHand(e.lines[sheet.editing]) ? 'penalty corrected' : `hand ${handNumber(sheet.editing)} corrected`;
    }
    sheet.editing = null;
    changeLines(lines, what);
    state.undo = [];
    $('line').value = '';
    update();
  }

  function drawSheet() {
    const e = evening();
    const select = $('evening');
    select.textContent = '';
    for (const x of sheet.evenings) {
      const names = x.lines.filter((l) => /^\s*players:/i.test(l)).slice(0, 1).map(playersOf)[0];
      const file = x.rulesFile ? ` · ${x.rulesFile.name}` : '';
      select.append(new Option(`${x.name ? `${x.name} · ` : ''}${x.date}${names ? ` · ${names.join(', ')}` : ''}${file}`, x.id));
    }
    select.value = sheet.current || '';
    if (document.activeElement !== $('evening-name')) $('evening-name').value = (e && e.name) || '';
    // Renaming a player: the evening's players to choose from.
    const players = e ? playersOfEvening(e) : [];
    $('rename-form').hidden = !players.length;
    const chosen = $('rename-who').value;
    $('rename-who').innerHTML = players.map((n) => `<option value="${esc(n)}">${esc(n)}</option>`).join('');
    if (players.includes(chosen)) $('rename-who').value = chosen;
    const seated = !!sheet.next;
    const form = $('seat-form');
    if (!seated && !sheet.seatForm) sheet.seatForm = 'first';
    form.hidden = !sheet.seatForm;
    if (sheet.seatForm) {
      $('seat-form-title').textContent = sheet.seatForm === 'first' ? 'Who sits East, South, West and North at the first hand?' : 'The new seating, from the next hand on:';
      $('seat-save').textContent = sheet.seatForm === 'first' ? 'Seat the players' : 'Change seats';
      $('seat-cancel').hidden = sheet.seatForm === 'first';
    }
    $('change-seats').hidden = !seated || !!sheet.seatForm;
    // Which rules the evening is kept under: a rules file by its name, as the export names it.
    $('sheet-rules').innerHTML = !e ? ''
      : e.rulesFile ? `Kept under the rules file <code>${esc(e.rulesFile.name)}</code> (${esc(ruleLabel(e.rules))}): the export holds it.`
      : `Kept under ${esc(ruleSet(e.rules)?.name || e.rules)}.`;
    const last = (list) => (list && list.length ? list[list.length - 1] : null);
    const undo = e ? last(stepsOf(e).undo) : null;
    const redo = e ? last(e.redo) : null;
    $('sheet-undo').disabled = !undo;
    $('sheet-undo').textContent = undo ? `Undo (${undo.what})` : 'Undo';
    $('sheet-redo').disabled = !redo;
    $('sheet-redo').textContent = redo ? `Redo (${redo.what})` : 'Redo';
    drawTableBar();
    drawStandings();
    drawChart();
    drawHands();
  }

  function drawTableBar() {
    const bar = $('table-bar');
    const seating = tableNow();
    bar.hidden = state.view !== 'sheet';
    if (state.view !== 'sheet') return;
    if (!seating) {
      bar.innerHTML = '<p class="note">Seat the four players (the sheet, below) to keep the evening\'s score.</p>';
      return;
    }
    const e = evening();
    const index = sheet.editing === null ? e.lines.length : sheet.editing;
    const head = sheet.editing === null ? `Hand ${handNumber(index)}` : `Correcting hand ${handNumber(index)}`;
    // Each player's running total beside the name, always in view while a hand is entered:
    // the totals after the last hand (before the hand corrected, when correcting).
    const running = runningBefore(index);
    const total = (name) => (running && name in running ? running[name] : 0);
    // The winds by their letters (E, S, W, N, as the short answer names them): the bar is one
    // row on a phone.
    bar.innerHTML = `<span class="hand-no">${esc(head)}</span>` + SEATS.map(([k, name], i) =>
      `<span class="seat${i === 0 ? ' east' : ''}" data-now="${k}"><span class="wind" title="${name}">${k.toUpperCase()}</span> <strong>${esc(seating[i])}</strong> <span class="run" data-now-total>${esc(String(total(seating[i])))}</span></span>`).join('');
    bar.setAttribute('aria-label', `${head}: East is ${seating[0]}`);
    // The seat lists name who sits there now.
    for (const input of document.querySelectorAll('select[data-seats]')) {
      for (const o of input.options) {
        const i = SEATS.findIndex(([k]) => k === o.value);
        if (i >= 0) o.textContent = `${SEATS[i][1]} (${o.value}) · ${seating[i]}`;
      }
    }
  }
  /** The players' running totals before line `index` of the evening (after every line when
   * `index` is past the last): the last the engine gave. */
  function runningBefore(index) {
    if (!sheet.run) return null;
    for (let i = index; i >= 1; i--) {
      const o = sheet.run.objects.get(i);
      if (o && o.running) return o.running;
    }
    return null;
  }
  function plainSeatLabels() {
    for (const input of document.querySelectorAll('select[data-seats]')) {
      for (const o of input.options) {
        const i = SEATS.findIndex(([k]) => k === o.value);
        if (i >= 0) o.textContent = `${SEATS[i][1]} (${o.value})`;
      }
    }
  }

  function drawStandings() {
    const table = $('standings');
    const summary = sheet.run && sheet.run.summary;
    if (!summary || !summary.standings || !summary.standings.length) { table.innerHTML = ''; return; }
    const big = (b) => (b === null || b === undefined ? '—' : points(b));
    table.innerHTML = '<thead><tr><th>#</th><th>player</th><th class="n">total</th><th class="n">won</th><th class="n">dealt in</th><th class="n">biggest</th><th class="n">false wins</th></tr></thead><tbody>' +
      summary.standings.map((s, i) => `<tr data-standing="${esc(s.player)}"><td>${i + 1}</td><th scope="row">${esc(s.player)}</th><td class="n" data-st-total>${s.total}</td><td class="n" data-won>${s.won}</td><td class="n" data-dealt-in>${s.dealt_in}</td><td class="n" data-biggest>${big(s.biggest)}</td><td class="n" data-false-wins>${s.false_wins}</td></tr>`).join('') +
      '</tbody>';
  }

  // The evening as a chart: each player's running total after every line that moved one
  // (hands and penalties), a line a player, labelled at its end. The same drawing, with the
  // standings written above it, is the picture to share.
  const CHART_COLOURS = ['#1f5fa8', '#b3261e', '#1e7b34', '#8a4b08', '#6a3ea1', '#00707a', '#8c2f63', '#4a4a4a'];
  /** The running totals after each hand of the evening: [{ name: total }], one a hand. */
  function runningSeries() {
    const e = evening();
    const series = [{}];
    if (!e || !sheet.run) return series;
    e.lines.forEach((line, i) => {
      const o = sheet.run.objects.get(i + 1);
      if (o && o.running && !/^\s*players:/i.test(line)) series.push(o.running);
    });
    return series;
  }
  /** The chart as SVG text, `width` wide; `title` and `rows` (lines of text) above it. */
  function chartSvg(series, names, width, title = '', rows = []) {
    const top = (title ? 28 : 8) + rows.length * 18;
    const [height, left, right] = [top + 220, 44, 90];
    const values = series.flatMap((p) => names.map((n) => p[n] || 0));
    const [low, high] = [Math.min(0, ...values), Math.max(0, ...values)];
    const span = high - low || 1;
    const x = (i) => left + (series.length > 1 ? (i * (width - left - right)) / (series.length - 1) : 0);
    const y = (v) => top + 10 + ((high - v) * 190) / span;
    const text = (tx, ty, body, extra = '') => `<text x="${tx}" y="${ty}" font-family="sans-serif" font-size="13" ${extra}>${esc(body)}</text>`;
    let svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Running totals">`;
    svg += `<rect width="${width}" height="${height}" fill="#fff"/>`;
    if (title) svg += text(8, 20, title, 'font-weight="bold" font-size="15"');
    rows.forEach((row, i) => { svg += text(8, (title ? 28 : 8) + 14 + i * 18, row, 'font-family="monospace"'); });
    svg += `<line x1="${left}" x2="${width - right}" y1="${y(0)}" y2="${y(0)}" stroke="#999" stroke-dasharray="3 3"/>`;
    svg += text(4, y(high) + 4, String(high)) + text(4, y(low) + 4, String(low));
    // Labels at the lines' ends, moved apart where two totals are close.
    const ends = names.map((n, i) => ({ n, i, v: series[series.length - 1][n] || 0 })).sort((a, b) => b.v - a.v);
    let last = -Infinity;
    for (const end of ends) { end.ly = Math.max(y(end.v) + 4, last + 14); last = end.ly; }
    names.forEach((n, i) => {
      const colour = CHART_COLOURS[i % CHART_COLOURS.length];
      const path = series.map((p, j) => `${x(j).toFixed(1)},${y(p[n] || 0).toFixed(1)}`).join(' ');
      svg += `<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2.5" data-chart-player="${esc(n)}"/>`;
      const end = ends.find((e) => e.n === n);
      svg += text(width - right + 6, end.ly, `${n} ${end.v}`, `fill="${colour}"`);
    });
    return `${svg}</svg>`;
  }
  function drawChart() {
    const summary = sheet.run && sheet.run.summary;
    const figure = $('chart');
    const series = runningSeries();
    figure.hidden = !summary || !summary.standings || series.length < 2;
    if (figure.hidden) return;
    const names = summary.standings.map((s) => s.player);
    $('chart-svg').innerHTML = chartSvg(series, names, 600);
    // The picture to share: the standings above the chart.
    const e = evening();
    const width = Math.max(...names.map((n) => n.length)) + 2;
    const rows = summary.standings.map((s, i) => `${String(i + 1).padStart(2)}. ${s.player.padEnd(width)}${String(s.total).padStart(7)}`);
    const picture = chartSvg(series, names, 600, `${e.name || 'mjscore evening'} · ${e.date}`, rows);
    const link = $('chart-share');
    if (link.dataset.url) URL.revokeObjectURL(link.dataset.url);
    link.dataset.url = URL.createObjectURL(new Blob([picture], { type: 'image/svg+xml' }));
    link.href = link.dataset.url;
    link.download = `mjscore-standings-${e.date.replace(/[^0-9]+/g, '-').replace(/-$/, '')}.svg`;
  }

  /** What happened at a hand, by name. */
  function happened(o) {
    if (o.error) return `<span class="bad">Not scored: ${esc(o.error.message)}</span>`;
    if (o.draw) return 'Drawn hand: nobody pays';
    const who = (k) => esc(o.players ? o.players[k] : SEAT_NAME[k]);
    if (o.penalty) return `${who(o.penalty.seat)} is charged a penalty of ${esc(String(o.penalty.points))}, paid to nobody`;
    // A rules file may charge a false win: the declarer pays each other player.
    const charge = o.payments && o.payments[o.seat] < 0 ? `; pays ${-o.payments[o.seat] / 3} to each other player` : '';
    if (o.false_win) return `<span class="bad">False win by ${who(o.seat)}</span>: ${esc(o.false_win.reason)}${esc(charge)}`;
    const paid = o.verdict === 'underscored' ? o.claim.settled : o.total;
    const how = o.self_draw ? 'by self-draw' : `on ${who(o.from)}'s discard${o.responsible && o.responsible !== o.from ? `, ${who(o.responsible)} responsible` : ''}`;
    const agreed = o.agreed ? ', by the value agreed (<span class="bad">not checked</span>)' : '';
    return `${who(o.seat)} wins ${esc(points(paid))} ${how}${agreed}${paid !== o.total ? ` (paid on the claim; worth ${esc(points(o.total))})` : ''}`;
  }

  function drawHands() {
    const list = $('hands');
    const e = evening();
    if (!e || !sheet.run) { list.innerHTML = ''; return; }
    const items = [];
    let n = 0;
    e.lines.forEach((line, i) => {
      const o = sheet.run.objects.get(i + 1);
      if (/^\s*players:/i.test(line)) {
        items.push(`<li class="seating${o && o.error ? ' bad' : ''}" data-line="${i}"><div class="head"><span>${o && o.error ? `Not seated: ${esc(o.error.message)}` : `Seats: East ${esc(playersOf(line).join(', '))}`}</span>` +
          `<button type="button" class="small" data-delete="${i}" aria-label="Delete this change of seats">Delete</button></div></li>`);
        return;
      }
      // A penalty is no hand: it has no number, and the hands after it are not moved on.
      const penalty = notHand(line);
      if (!penalty) n++;
      if (!o) return;
      const names = o.running ? Object.keys(o.running) : [];
      const byName = new Map();
      if (o.players) for (const [k] of SEATS) byName.set(o.players[k], { seat: k, paid: o.payments ? o.payments[k] : 0 });
      const cells = names.map((name) => {
        const at = byName.get(name);
        const paid = at ? at.paid : 0;
        return `<span class="cell" data-player="${esc(name)}"><span class="who">${esc(name)}${at ? ` <small>${at.seat.toUpperCase()}</small>` : ''}</span><span class="paid" data-paid>${paid > 0 ? '+' : ''}${paid}</span><span class="run" data-running>${o.running[name]}</span></span>`;
      }).join('');
      const label = penalty ? 'the penalty' : `hand ${n}`;
      items.push(`<li class="hand${penalty ? ' penalty' : ''}${sheet.editing === i ? ' editing' : ''}" data-line="${i}" data-hand="${n}"><div class="head"><span class="no">${penalty ? '·' : n}</span><span class="what">${happened(o)}</span>` +
        `<button type="button" class="small" data-edit="${i}" aria-label="Correct ${label}">Edit</button><button type="button" class="small" data-delete="${i}" aria-label="Delete ${label}">Delete</button></div>` +
        `<code class="line">${esc(line)}</code><div class="cells">${cells}</div></li>`);
    });
    list.innerHTML = items.join('');
  }

  /** A link naming a rules file not kept here: the page says so, scores under WSOM meanwhile,
   * and offers File… to load it (choosing it then scores the hand under it). */
  function showMissingRules() {
    const missing = state.missingRules;
    $('link-note').hidden = !missing;
    if (!missing) return;
    $('link-note-text').textContent = `This link scores the hand under the rules file of "${missing}", which is not kept here: the hand is scored under WSOM until the file is loaded.`;
    $('link-note-file').onclick = () => { $('link-note').hidden = true; openRulesFiles(); };
  }

  /** A correction that was under way when the page was closed (a reload, a killed browser)
   * is taken up again: the field's line is still for that hand, at its seats, and is saved
   * as it, not recorded as a new hand. */
  function resumeCorrection() {
    const at = state.correcting;
    state.correcting = null;
    const e = evening();
    if (!at || state.view !== 'sheet' || !e || at.evening !== e.id) return;
    if (at.index >= 0 && at.index < e.lines.length && !/^\s*players:/i.test(e.lines[at.index])) sheet.editing = at.index;
  }

  function setView(view) {
    state.view = view;
    $('view-hand').setAttribute('aria-pressed', String(view === 'hand'));
    $('view-sheet').setAttribute('aria-pressed', String(view === 'sheet'));
    $('view-event').setAttribute('aria-pressed', String(view === 'event'));
    document.documentElement.classList.toggle('sheet-view', view === 'sheet');
    document.documentElement.classList.toggle('event-view-mode', view === 'event');
    $('sheet').hidden = view !== 'sheet';
    $('event-view').hidden = view !== 'event';
    if (view === 'event') drawEvent();
    if (view === 'sheet') {
      // The page's example is for trying the page, never a hand of the evening.
      if ($('line').value.trim() === EXAMPLE) { $('line').value = ''; state.undo = []; }
      if (!evening()) { newEvening(); saveEvenings(); }
      const e = evening();
      const key = eveningKey(e);
      if (key !== state.rules) setRules(key, { keepSheet: true });
      if (e.rules === 'doubling') state.max = e.max || 0;
      recompute();
      drawSheet();
    } else {
      sheet.editing = null;
      $('table-bar').hidden = true;
      $('record-bar').hidden = true;
      $('who-bar').hidden = true;
      plainSeatLabels();
    }
    update();
  }

  // ---- The event: the director's view ------------------------------------------------------
  // An event file (docs/events.md) with the files it names beside it, and the tables' sheets:
  // the engine answers with the draw and the standings, as `mjscore event draw` and `mjscore
  // event standings --allow-incomplete` do. A table's sheet is an evening: kept here (Keep its
  // sheet here, or the table's link on a keeper's phone) or added as its exported file.
  const EVENT = 'mjscore-event';
  /** `{text, name, beside: [[name, text]], sheets: [[name, text]], later: {K: tables},
   * event}`: `event` what the engine said of the file (its name, rules, rounds …). */
  let director = null;
  function loadEvent() {
    try { director = JSON.parse(localStorage.getItem(EVENT) || 'null'); } catch { director = null; }
  }
  function saveEvent() {
    try { localStorage.setItem(EVENT, JSON.stringify(director)); } catch { /* kept for this visit */ }
  }
  function askEvent(sheets, afterRound = 0) {
    try {
      return JSON.parse(engine.event(director.text, director.beside || [], sheets, afterRound));
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        startEngine();
        return { error: { message: `the engine stopped (${error.message}); please report this event` } };
      }
      throw error;
    }
  }
  /** The evenings kept here for a table of the event `name`. */
  const tableEvenings = (name) => sheet.evenings.filter((e) => e.event === name && e.lines.some((l) => /^\s*table:/i.test(l)));
  /** The sheets the standings read: the evenings kept here for the event's tables, and the
   * files added. */
  function eventSheets(name) {
    return [
      ...tableEvenings(name).map((e) => [`${e.name || e.date} (kept here)`, sessionFile(e)]),
      ...(director.sheets || []),
    ];
  }
  /** `#table=R.T&event=NAME&rules=R&players=E,S,W,N`: the link that opens a table's sheet. */
  function tableLink(ev, round, table, seats) {
    const params = new URLSearchParams({ table: `${round}.${table}`, event: ev.name, rules: ev.rules, players: seats.join(',') });
    return `${location.href.replace(/#.*$/, '')}#${params.toString()}`;
  }
  function drawEvent() {
    const problems = $('event-problems');
    const clear = () => {
      problems.innerHTML = '';
      $('event-standings').innerHTML = '';
      $('event-standings-title').hidden = true;
      $('event-missing').textContent = '';
      $('event-draw').innerHTML = '';
    };
    clear();
    if (!director) {
      $('event-summary').textContent = 'No event yet: Event file… reads one, with the players file and the rules file it names, if any.';
      return;
    }
    // One answer: the draw, and the standings of the sheets of the event the file was
    // checked as when chosen.
    const sheets = director.event ? eventSheets(director.event.name) : [];
    const answer = askEvent(sheets);
    if (answer.error) {
      $('event-summary').textContent = '';
      problems.innerHTML = `<li>${esc(eventError(answer.error))}</li>`;
      return;
    }
    const ev = answer.event;
    director.event = ev;
    const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
    $('event-summary').textContent = `${ev.name}: ${plural(ev.players, 'player')}, ${plural(ev.rounds, 'round')} of ${plural(ev.hands, 'hand')} under ${ev.rules}, seed ${ev.seed}; ${plural(sheets.length, 'sheet')} in.`;
    problems.innerHTML = (answer.problems || []).map((p) => `<li>${esc(p)}</li>`).join('');
    const ranked = answer.standings || [];
    $('event-standings-title').hidden = !ranked.length;
    if (ranked.length) {
      const rounds = Array.from({ length: ev.rounds }, (_, r) => `<th class="n">r${r + 1}</th>`).join('');
      $('event-standings').innerHTML = `<thead><tr><th>#</th><th>player</th><th class="n">points</th><th class="n">table points</th><th class="n">won</th><th class="n">dealt in</th><th class="n">hands</th>${rounds}</tr></thead><tbody>` +
        ranked.map((r) => `<tr data-event-player="${esc(r.player)}"><td>${r.rank}</td><th scope="row">${esc(r.player)}</th><td class="n" data-points>${r.points}</td><td class="n">${r.table_points}</td><td class="n">${r.wins}</td><td class="n">${r.dealt_in}</td><td class="n">${r.hands}</td>${r.rounds.map((p) => `<td class="n">${p === null ? '—' : p}</td>`).join('')}</tr>`).join('') + '</tbody>';
    }
    $('event-missing').textContent = answer.missing && answer.missing.length ? `Still to come: ${answer.missing.join('; ')}.` : '';
    // The draw: the rounds the seed draws, then each later one once drawn from the standings.
    const tables = [...answer.draw];
    for (let k = ev.seeded_rounds; k < ev.rounds; k++) if (director.later && director.later[k]) tables.push(...director.later[k]);
    const kept = new Map(tableEvenings(ev.name).map((e) => [e.lines.find((l) => /^\s*table:/i.test(l)).replace(/^\s*table:\s*/i, '').trim(), e]));
    let html = '';
    for (let r = 1; r <= ev.rounds; r++) {
      const round = tables.filter((t) => t.round === r);
      html += `<h3>Round ${r}</h3>`;
      if (!round.length) {
        html += `<p class="note">Drawn from the standings after round ${r - 1}, once its sheets are in. <button type="button" data-draw-after="${r - 1}">Draw round ${r}</button></p>`;
        continue;
      }
      html += '<ol>' + round.map((t) => {
        const here = kept.get(`${t.round}.${t.table}`);
        const seats = t.seats.map((name, i) => `<span class="wind">${SEATS[i][1]}</span> ${esc(name)}`).join(' · ');
        return `<li data-event-table="${t.round}.${t.table}"><span class="seats"><strong>Table ${t.round}.${t.table}</strong>: ${seats}</span>` +
          `<button type="button" data-keep-table="${t.round}.${t.table}" data-seats="${esc(t.seats.join(','))}">${here ? 'Open its sheet' : 'Keep its sheet here'}</button>` +
          `<a class="plain-link" data-table-link href="${esc(tableLink(ev, t.round, t.table, t.seats))}">Link for the table</a></li>`;
      }).join('') + '</ol>';
    }
    $('event-draw').innerHTML = html;
  }
  /** An event file's error, at its line and column where it has them. */
  const eventError = (error) => (error.line ? `${director.name}:${error.line}:${error.column}: ` : '') + error.message;
  /** The evening of table `table` (`R.T`) of the event `name`, seated `seats` (East South
   * West North) under `rules` (a built-in id, or a rules file's text named `file`): the one
   * kept here, or a new one. Opens it on the sheet. */
  function openTable(name, table, seats, rules, file = null) {
    const found = tableEvenings(name).find((e) => e.lines.some((l) => l.replace(/^\s*table:\s*/i, '').trim() === table && /^\s*table:/i.test(l)));
    if (found) { switchEvening(found.id); return; }
    let key = rules;
    if (file) {
      const kept = keepRulesFile(file.name, file.text, { replace: false });
      if (kept.error) {
        $('event-problems').innerHTML = `<li>${esc(`${file.name}:${kept.error.line}:${kept.error.column}: ${kept.error.message}`)}</li>`;
        return;
      }
      key = kept.file.key;
      drawRules();
    }
    const e = newEvening([`table: ${table}`, `players: ${seats.join(' ')}`], key, 0);
    e.name = `${name} · table ${table}`;
    e.event = name;
    saveEvenings();
    switchEvening(e.id);
  }
  function openEventFile() {
    openDialog('The event file', '<p class="note">Choose the event file (<code>.toml</code>) together with the files it names beside it (a players file, a rules file), or paste the event file.</p>' +
      '<input type="file" id="event-files" multiple accept=".toml,.csv,.tsv,.txt,text/plain">' +
      '<textarea id="event-text" class="filetext" rows="10" spellcheck="false" placeholder="name = &quot;Club night&quot;&#10;rules = &quot;wsom&quot;&#10;rounds = 3&#10;hands = 8&#10;players = [&quot;Ann&quot;, &quot;Bob&quot;, …]"></textarea>' +
      '<p id="event-error" class="seat-error" role="alert"></p><div class="row"><button type="button" id="event-go" class="primary">Use this event</button></div>');
    if (director) $('event-text').value = director.text;
  }
  async function useEventFile() {
    const chosen = [...($('event-files').files || [])];
    const read = await Promise.all(chosen.map(async (f) => [f.name, await f.text()]));
    // The event file is the .toml that says how many rounds (a rules file says none).
    const main = read.find(([n, t]) => /\.toml$/i.test(n) && /(^|\n)\s*rounds\s*=/.test(t));
    const text = main ? main[1] : $('event-text').value;
    const beside = read.filter((f) => f !== main);
    const previous = director;
    director = { text, name: main ? main[0] : 'the event file', beside, sheets: previous && previous.text === text ? previous.sheets || [] : [], later: {} };
    const answer = askEvent([]);
    if (answer.error) {
      $('event-error').textContent = eventError(answer.error);
      director = previous;
      return;
    }
    director.event = answer.event;
    saveEvent();
    $('dialog').close();
    drawEvent();
  }
  function openEventSheets() {
    openDialog('The tables\u2019 sheets', '<p class="note">The session files the tables\u2019 keepers exported (each with its <code>table: R.T</code> line). The evenings kept here for the event\u2019s tables are read as well.</p>' +
      '<input type="file" id="event-sheet-files" multiple accept=".txt,text/plain">' +
      `<ul class="note">${((director && director.sheets) || []).map(([n]) => `<li>${esc(n)}</li>`).join('')}</ul>` +
      '<div class="row"><button type="button" id="event-sheets-clear">Remove the added sheets</button></div>');
  }
  function wireEvent() {
    $('view-event').addEventListener('click', () => { setView('event'); save(); });
    $('event-open').addEventListener('click', openEventFile);
    $('event-sheets').addEventListener('click', () => { if (director) openEventSheets(); });
    $('event-draw').addEventListener('click', (event) => {
      const keep = event.target.closest('[data-keep-table]');
      const after = event.target.closest('[data-draw-after]');
      if (keep) {
        const ev = director.event;
        const file = ev.rules && !systems.systems.some((s) => s.id === ev.rules) ? (director.beside || []).find(([n]) => n === ev.rules) : null;
        openTable(ev.name, keep.dataset.keepTable, keep.dataset.seats.split(','), ev.rules, file ? { name: file[0], text: file[1] } : null);
      } else if (after) {
        const k = Number(after.dataset.drawAfter);
        const answer = askEvent(eventSheets(director.event.name), k);
        if (answer.draw && answer.draw.length) {
          director.later = { ...(director.later || {}), [k]: answer.draw };
          saveEvent();
          drawEvent();
        } else {
          $('event-problems').innerHTML = (answer.problems || [answer.error && answer.error.message]).map((p) => `<li>${esc(p)}</li>`).join('');
        }
      }
    });
    document.addEventListener('click', (event) => {
      if (event.target.closest('#event-go')) useEventFile();
      if (event.target.closest('#event-sheets-clear')) { director.sheets = []; saveEvent(); $('dialog').close(); drawEvent(); }
    });
    document.addEventListener('change', async (event) => {
      if (event.target.id !== 'event-sheet-files') return;
      const read = await Promise.all([...event.target.files].map(async (f) => [f.name, await f.text()]));
      const names = new Set(read.map(([n]) => n));
      director.sheets = [...(director.sheets || []).filter(([n]) => !names.has(n)), ...read];
      saveEvent();
      $('dialog').close();
      drawEvent();
    });
  }
  /** A table's link opened (`#table=R.T&event=…&rules=…&players=…`): its evening, kept here
   * from then on, seated as the draw says, on the sheet. */
  function openTableLink() {
    const hash = new URLSearchParams(location.hash.slice(1));
    if (!hash.has('table') || !hash.has('players')) return false;
    const table = hash.get('table');
    const seats = hash.get('players').split(',').map((n) => n.trim()).filter(Boolean);
    const name = hash.get('event') || 'The event';
    if (!/^\d+\.\d+$/.test(table) || seats.length !== 4) return false;
    const rules = hash.get('rules') || 'wsom';
    const builtIn = systems.systems.some((s) => s.id === rules);
    const file = builtIn ? null : rulesFiles.find((f) => f.info.id === rules || f.name === rules);
    if (!builtIn && !file) state.missingRules = rules;
    openTable(name, table, seats, builtIn ? rules : file ? file.key : 'wsom');
    try { history.replaceState(null, '', location.href.replace(/#.*$/, '')); } catch { /* a sandboxed frame */ }
    return true;
  }

  /** Evenings without a line are not kept once another is chosen: opening the sheet, or a new
   * evening, never piles up empty ones. */
  function dropEmptyEvenings() {
    sheet.evenings = sheet.evenings.filter((e) => e.lines.length || e.name || e.id === sheet.current);
  }
  function switchEvening(id) {
    sheet.current = id;
    dropEmptyEvenings();
    sheet.editing = null;
    sheet.seatForm = null;
    saveEvenings();
    setView('sheet');
  }

  /** The evening's players, in the order they were first seated. */
  function playersOfEvening(e) {
    const names = [];
    for (const line of e.lines) if (/^\s*players:/i.test(line)) for (const n of playersOf(line)) if (!names.includes(n)) names.push(n);
    return names;
  }
  /** The evening's lines with player `from` renamed `to`: in its changes of seats, as the
   * winner, discarder and responsible player of its hands (`seat=`, `from=`, `resp=`, any case)
   * and in its penalties. Comments are left as they are. */
  function renamed(lines, from, to) {
    const same = (word) => word.toLowerCase() === from.toLowerCase();
    return lines.map((line) => {
      const hash = line.indexOf('#');
      const [body, comment] = hash < 0 ? [line, ''] : [line.slice(0, hash), line.slice(hash)];
      let out;
      if (/^\s*players:/i.test(body)) {
        out = body.replace(/^(\s*players:)(.*)$/i, (_, head, names) => head + names.replace(/[^\s,]+/g, (n) => (same(n) ? to : n)));
      } else if (/^\s*penalty\s/i.test(body)) {
        out = body.replace(/^(\s*penalty\s+)(\S+)/i, (all, head, n) => (same(n) ? head + to : all));
      } else {
        out = body.replace(/(^|\s)(seat|from|resp)=(\S+)/gi, (all, space, key, n) => (same(n) ? `${space}${key}=${to}` : all));
      }
      return out + comment;
    });
  }
  function renamePlayer() {
    const e = evening();
    const from = $('rename-who').value;
    const to = $('rename-to').value.trim();
    const say = (text) => { $('rename-error').textContent = text; };
    if (!e || !from) return;
    if (!to || /[\s,#]/.test(to)) { say(`A name is one word, without a space, a comma or a #.`); return; }
    if (playersOfEvening(e).some((n) => n.toLowerCase() === to.toLowerCase() && n.toLowerCase() !== from.toLowerCase())) { say(`${to} plays this evening already.`); return; }
    // The engine judges the new name as a players: line does (no seat word, no word of the
    // notation), in the seats the player had.
    const table = playersOfEvening(e).filter((n) => n !== from).slice(0, 3);
    const probe = askSession(`players: ${[to, ...table].join(' ')}\n`).find((o) => o.error);
    if (probe) { say(probe.error.message); return; }
    const lines = renamed(e.lines, from, to);
    // Every hand is won, dealt in and paid by the same people as before, under the new name:
    // a hand that named the player by the start of the name is said, not changed.
    const who = (objects) => objects.filter((o) => o.players && !o.summary).map((o) => SEATS.map(([k]) => o.players[k]).join(' ') + (o.seat ? ` ${o.seat}${o.from || ''}` : ''));
    const before = who(askSession(e.lines.join('\n') + '\n')).map((x) => x.split(' ').map((n) => (n === from ? to : n)).join(' '));
    const after = who(askSession(lines.join('\n') + '\n'));
    const differs = before.findIndex((x, i) => x !== after[i]);
    if (differs >= 0 || before.length !== after.length) { say(`Renaming ${from} would change a hand (the line ${differs + 1} of the evening, which names the player by the start of the name): correct it first.`); return; }
    say('');
    $('rename-to').value = '';
    changeLines(lines, `${from} renamed ${to}`);
    update();
  }

  function seatFormOpen(kind) {
    sheet.seatForm = kind;
    const seating = kind === 'change' ? tableNow() : null;
    for (const [i, [k]] of SEATS.entries()) $(`name-${k}`).value = seating ? seating[i] : '';
    $('seat-error').textContent = '';
    drawSheet();
    $('name-e').focus();
  }

  function seatFormSave() {
    const names = SEATS.map(([k]) => $(`name-${k}`).value.trim());
    // A name is one word of a session file's line: said of the name itself, before the
    // engine counts the words of the line.
    const [i, odd] = [...names.entries()].find(([, n]) => /[\s,#]/.test(n)) || [];
    if (odd !== undefined) {
      const what = /\s/.test(odd) ? 'a space' : odd.includes(',') ? 'a comma' : 'a #';
      $('seat-error').textContent = `${SEATS[i][1]}'s name "${odd}" holds ${what}: a name is one word (write ${odd.split(/[\s,#]+/).filter(Boolean).join('-') || 'another'}).`;
      return;
    }
    const line = `players: ${names.join(' ')}`;
    // The engine judges the names as the command line does (four, different, no seat word).
    const check = askSession(`${line}\n`);
    const bad = check.find((o) => o.error);
    if (names.some((n) => !n || /[\s,#]/.test(n)) || bad) {
      $('seat-error').textContent = bad ? bad.error.message : 'Four names, each without a space, a comma or a #.';
      return;
    }
    const e = evening();
    const first = sheet.seatForm === 'first' && !e.lines.length;
    sheet.seatForm = null;
    changeLines([...e.lines, line], first ? 'players seated' : 'seats changed');
    update();
  }

  function openExport() {
    const e = evening();
    if (!e) return;
    const text = sessionFile(e);
    const name = `mjscore-evening-${e.date.replace(/[^0-9]+/g, '-').replace(/-$/, '')}.txt`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const file = e.rulesFile
      ? `<p class="note" data-export-rules>Scored under the rules file <code>${esc(e.rulesFile.name)}</code>, whose text the file holds in its <code>#|</code> comments: <code>grep '^#|' ${esc(name)} | cut -c4- &gt; ${esc(shellWord(cliPath(e.rulesFile.name)))}</code> writes it out again beside it.</p>`
      : '';
    openDialog('Export the evening', `<p class="note">The command line's session file, which states its rules: <code>${esc(sessionCommand(name))}</code> gives these standings.</p>${file}` +
      `<textarea id="export-text" class="filetext" readonly rows="10">${esc(text)}</textarea>` +
      `<div class="row"><a id="export-download" class="button primary" href="${url}" download="${esc(name)}">Download ${esc(name)}</a><button type="button" id="export-copy">Copy</button>` +
      (e.rulesFile ? `<a id="export-rules-file" class="button" href="${URL.createObjectURL(new Blob([e.rulesFile.text], { type: 'text/plain' }))}" download="${esc(e.rulesFile.name.split('/').pop())}">Download ${esc(e.rulesFile.name.split('/').pop())}</a>` : '') +
      '</div>');
  }

  function openImport() {
    openDialog('Import an evening', '<p class="note">A session file of the command line (<code>players:</code> lines, hands, <code>draw</code>): choose the file, or paste it. It becomes a new evening.</p>' +
      '<input type="file" id="import-file" accept=".txt,text/plain">' +
      '<textarea id="import-text" class="filetext" rows="10" spellcheck="false" placeholder="players: Ann Bob Cho Dee&#10;b66 c12345678 d111 +c9 self seat=s"></textarea>' +
      '<p id="import-error" class="seat-error" role="alert"></p><div class="row"><button type="button" id="import-go" class="primary">Import as a new evening</button></div>');
  }

  /** The rules a session file states in its `rules:` line, as the command line reads it:
   * the line among the comments before the first other line; `{id, max}` for a built-in
   * rule set, `{file, text}` for a rules file with its text from the `#|` lines right after
   * the line; `null` when it states none. */
  function rulesStated(lines) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i].trim();
      if (!line || line.startsWith('#')) continue;
      const said = /^rules:([^#]*)/i.exec(line);
      if (!said) return null;
      const words = said[1].trim();
      const builtIn = /^(\S+)(?:\s+max=(\d+))?$/i.exec(words);
      const id = builtIn && systems.systems.find((s) => s.id === builtIn[1].toLowerCase());
      if (id) return { line: i, id: id.id, max: builtIn[2] ? Number(builtIn[2]) : 0 };
      const held = [];
      for (let j = i + 1; j < lines.length && lines[j].startsWith('#|'); j++) held.push(lines[j].slice(2).replace(/^ /, ''));
      return { line: i, file: words.replace(/^\.\//, ''), text: held.length ? held.join('\n') + '\n' : null };
    }
    return null;
  }

  function importText(text) {
    const lines = text.split(/\r?\n/);
    // The rule set the file states in its `rules:` line, as an export writes it; in a file
    // exported before the page wrote one, the rule set of its first comment (`--rules R`),
    // a rules file's text in its `#|` comments.
    const stated = rulesStated(lines);
    const said = /--rules\s+('(?:[^']|'\\'')*'|\S+)/.exec(lines.find((l) => l.trim().startsWith('#')) || '');
    const maxSaid = /--max\s+(\d+)/.exec(lines.find((l) => l.trim().startsWith('#')) || '');
    const dateSaid = /^#\s*mjscore session of (\d{4}-\d\d-\d\d(?: \d\d:\d\d)?)/.exec(lines[0] || '');
    const kept = lines.map((l) => l.trim()).filter((l, i) => l && !l.startsWith('#') && i !== stated?.line);
    if (!kept.length) {
      $('import-error').textContent = 'There is no line to import.';
      return;
    }
    let rules = stated?.id || (said && systems.systems.some((s) => s.id === said[1]) ? said[1] : state.rules);
    const path = stated ? stated.file : said && !systems.systems.some((s) => s.id === said[1]) && (said[1].startsWith("'") ? said[1].slice(1, -1).replace(/'\\''/g, "'") : said[1]);
    if (path) {
      const name = path.replace(/^\.\//, '');
      const held = stated ? (stated.text ? [stated.text] : []) : lines.filter((l) => l.startsWith('#|')).map((l) => l.slice(3));
      const text = stated ? held[0] : held.join('\n') + '\n';
      const kept = held.length ? keepRulesFile(name, text, { replace: false }) : null;
      const known = kept ? kept.file : rulesFiles.find((f) => f.name === name);
      if (kept && kept.error) {
        $('import-error').textContent = `The rules file the evening was scored under does not check: ${fileError(name, kept.error)}`;
        return;
      }
      if (!known) {
        $('import-error').textContent = `The evening was scored under the rules file ${name}, which this file does not hold: load it (Rules file, at the top), then import again.`;
        return;
      }
      rules = known.key;
      drawRules();
    }
    const max = rules !== 'doubling' ? 0 : stated ? stated.max : maxSaid ? Number(maxSaid[1]) : 0;
    newEvening(kept, rules, max, dateSaid ? dateSaid[1] : today());
    dropEmptyEvenings();
    sheet.editing = null;
    sheet.seatForm = null;
    saveEvenings();
    $('dialog').close();
    setView('sheet');
  }

  function wireSheet() {
    $('view-hand').addEventListener('click', () => { setView('hand'); save(); });
    $('view-sheet').addEventListener('click', () => { setView('sheet'); save(); });
    $('record').addEventListener('click', () => record($('line').value.trim()));
    wireWhoBar();
    $('record-draw').addEventListener('click', () => record('draw'));
    $('record-cancel').addEventListener('click', () => {
      sheet.editing = null;
      $('line').value = '';
      drawSheet();
      update();
    });
    $('evening').addEventListener('change', () => switchEvening($('evening').value));
    $('evening-new').addEventListener('click', () => {
      // The evening open is empty: it is the new one (with today's date and rules).
      const e = evening();
      if (e && !e.lines.length && !e.name) sheet.evenings = sheet.evenings.filter((x) => x !== e);
      newEvening([], state.rules, state.max);
      sheet.seatForm = null;
      switchEvening(sheet.current);
    });
    $('evening-export').addEventListener('click', openExport);
    $('evening-name').addEventListener('change', () => {
      const e = evening();
      if (!e) return;
      e.name = $('evening-name').value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 60);
      saveEvenings();
      drawSheet();
    });
    // Deleting an evening takes a second tap within five seconds: there is no undo for it.
    let armed = null;
    $('evening-delete').addEventListener('click', () => {
      const b = $('evening-delete');
      const e = evening();
      if (!e) return;
      if (armed === null) {
        b.dataset.armed = '';
        b.textContent = `Delete "${e.name || e.date}"? Tap again`;
        armed = setTimeout(() => { armed = null; delete b.dataset.armed; b.textContent = 'Delete evening'; }, 5000);
        return;
      }
      clearTimeout(armed);
      armed = null;
      delete b.dataset.armed;
      b.textContent = 'Delete evening';
      sheet.evenings = sheet.evenings.filter((x) => x !== e);
      if (!sheet.evenings.length) newEvening([], state.rules, state.max);
      switchEvening(sheet.evenings[0].id);
    });
    $('evening-import').addEventListener('click', openImport);
    $('change-seats').addEventListener('click', () => seatFormOpen('change'));
    $('seat-cancel').addEventListener('click', () => { sheet.seatForm = null; drawSheet(); });
    $('seat-form').addEventListener('submit', (event) => { event.preventDefault(); seatFormSave(); });
    $('sheet-undo').addEventListener('click', () => undoRedo(true));
    $('rename-form').addEventListener('submit', (event) => { event.preventDefault(); renamePlayer(); });
    // The standings, a tap from the hand being entered.
    // The standings, a tap from the hand being entered: scrolled to just under the part of
    // the page that stays on the screen.
    $('to-standings').addEventListener('click', () => {
      const stuck = document.querySelector('.entry').getBoundingClientRect().height;
      const top = $('standings').getBoundingClientRect().top + window.scrollY - stuck - 8;
      window.scrollTo({ top, behavior: 'instant' });
    });
    $('sheet-redo').addEventListener('click', () => undoRedo(false));
    $('hands').addEventListener('click', (event) => {
      const edit = event.target.closest('[data-edit]');
      const del = event.target.closest('[data-delete]');
      const e = evening();
      if (edit) {
        const i = Number(edit.dataset.edit);
        sheet.editing = i;
        state.undo = [];
        $('line').value = e.lines[i] === 'draw' ? '' : e.lines[i];
        drawSheet();
        update();
        $('line').focus();
      } else if (del) {
        const i = Number(del.dataset.delete);
        const what = /^\s*players:/i.test(e.lines[i]) ? 'change of seats deleted' : notHand(e.lines[i]) ? 'penalty deleted' : `hand ${handNumber(i)} deleted`;
        sheet.editing = null;
        changeLines(e.lines.filter((_, j) => j !== i), what);
        update();
      }
    });
    document.addEventListener('click', async (event) => {
      if (event.target.closest('#export-copy')) {
        const area = $('export-text');
        area.select();
        try { await navigator.clipboard.writeText(area.value); } catch { document.execCommand('copy'); }
      }
      if (event.target.closest('#import-go')) importText($('import-text').value);
    });
    document.addEventListener('change', async (event) => {
      if (event.target.id === 'import-file' && event.target.files[0]) {
        $('import-text').value = await event.target.files[0].text();
      }
    });
    // Another tab changed the evenings: take them in.
    window.addEventListener('storage', (event) => {
      if (event.key !== EVENINGS) return;
      loadEvenings();
      if (state.view === 'sheet') { recompute(); drawSheet(); update(); }
    });
  }

  /** Arrow keys move between the tile keys as they are laid out: a row a suit. */
  function wireTileArrows() {
    $('tiles').addEventListener('keydown', (event) => {
      const step = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1], Home: [-99, 0], End: [99, 0] }[event.key];
      const from = event.target.closest('.tile');
      if (!step || !from) return;
      event.preventDefault();
      const keys = [...document.querySelectorAll('#tiles .tile')];
      const box = (b) => b.getBoundingClientRect();
      const here = box(from);
      let to = null;
      if (step[1] === 0) {
        const row = keys.filter((b) => Math.abs(box(b).top - here.top) < 4);
        const at = row.indexOf(from) + step[0];
        to = row[Math.max(0, Math.min(row.length - 1, at))];
      } else {
        const tops = [...new Set(keys.map((b) => Math.round(box(b).top)))].sort((a, b) => a - b);
        const rowTop = tops[tops.indexOf(Math.round(here.top)) + step[1]];
        if (rowTop !== undefined) {
          const row = keys.filter((b) => Math.round(box(b).top) === rowTop);
          const mid = here.left + here.width / 2;
          to = row.reduce((best, b) => (Math.abs(box(b).left + box(b).width / 2 - mid) < Math.abs(box(best).left + box(best).width / 2 - mid) ? b : best));
        }
      }
      if (to && !to.disabled) to.focus();
    });
  }

  function wire() {
    const field = $('line');
    field.addEventListener('input', () => {
      // One line: a pasted line break is a space.
      if (/[\r\n]/.test(field.value)) field.value = field.value.replace(/[\r\n]+/g, ' ');
      remember(state.shown, true);
      update();
    });
    field.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') event.preventDefault();
    });
    $('undo').addEventListener('click', () => {
      const last = state.undo.pop();
      state.typing = false;
      if (last !== undefined) {
        field.value = last;
        update();
      }
    });
    $('clear').addEventListener('click', () => edit(''));
    const copy = async (text, button) => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        const area = document.createElement('textarea');
        area.value = text;
        document.body.append(area);
        area.select();
        document.execCommand('copy');
        area.remove();
      }
      const was = button.textContent;
      button.textContent = 'Copied';
      setTimeout(() => { button.textContent = was; }, 1200);
    };
    $('copy').addEventListener('click', () => copy(field.value, $('copy')));
    $('copy-command').addEventListener('click', () => copy($('command').textContent, $('copy-command')));
    document.addEventListener('click', (event) => {
      const pattern = event.target.closest('[data-pattern]');
      if (pattern) explain(pattern.dataset.pattern);
      const use = event.target.closest('#use-example');
      if (use) {
        $('dialog').close();
        edit(use.dataset.line);
        field.focus();
      }
    });
    $('dialog-close').addEventListener('click', () => $('dialog').close());
    $('open-card').addEventListener('click', openCard);
    $('open-notation').addEventListener('click', () => openDialog('Notation', `<pre class="card">${esc(engine.notation())}</pre>`));
  }

  async function main() {
    await startEngine();
    timings.engineReady = performance.now();
    systems = JSON.parse(engine.systems());
    const dropped = loadRulesFiles();
    const line = load();
    buildRules();
    buildTiles();
    buildContext();
    buildSystemWords();
    wire();
    wireSheet();
    wireEvent();
    wireTileArrows();
    wireRulesFiles();
    loadEvenings();
    loadEvent();
    window.mjscoreKept = Promise.resolve(true);
    $('line').value = line;
    resumeCorrection();
    if (openTableLink()) state.view = 'sheet';
    if (state.view !== 'hand') setView(state.view);
    else update();
    showMissingRules();
    if (dropped.length) $('keyboard-hint').textContent = `A rules file kept here no longer checks, and was left out: ${dropped.join('; ')}`;
    // What IndexedDB holds that localStorage lost: the page is drawn again with it.
    window.mjscoreRestored = newerKept().then((newer) => { if (newer && state.view === 'sheet') setView('sheet'); return newer; });
    // Offline after the first visit, when served as the site (web/dist/site): its service worker.
    if ('serviceWorker' in navigator && /^https?:$/.test(location.protocol) && document.querySelector('link[rel="manifest"]')) {
      // A new version's worker takes the page in hand (it was fetched whole, past the HTTP
      // cache): the page says so and offers to open it. The first visit's worker taking the
      // page in hand is no new version.
      let controlled = !!navigator.serviceWorker.controller;
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        if (controlled) $('update-ready').hidden = false;
        controlled = true;
      });
      $('update-reload').addEventListener('click', () => location.reload());
      navigator.serviceWorker.register('sw.js').catch(() => { /* the page works without */ });
    }
  }

  main().catch((error) => {
    document.getElementById('answer').innerHTML = `<p class="falsewin">The engine did not start: ${esc(error.message)}</p>`;
    throw error;
  });
})();
