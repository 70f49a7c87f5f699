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
      const tiles = (m[2].match(/\d/g) || []).length;
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
  function card(rules) {
    const key = `${rules}/${state.max}`;
    if (!cards.has(key)) {
      const lines = engine.patterns(rules, { max: state.max }).split('\n').filter(Boolean);
      cards.set(key, new Map(lines.map((l) => JSON.parse(l)).map((p) => [p.id, p])));
    }
    return cards.get(key);
  }

  // ---- State -------------------------------------------------------------------------------
  const RULE_LABELS = { wsom: 'WSOM', zj: 'ZJ', doubling: 'Doubling', huang: 'Huang' };
  const state = { rules: 'wsom', max: 0, undo: [], typing: false, shown: '' };
  const EXAMPLE = 'b66 c12345678 d111 +c9 self seat=s';

  function load() {
    // `#rules=huang&hand=...`: each value percent-encoded; a + stays a + (the winning tile).
    const hash = new Map(location.hash.slice(1).split('&').filter(Boolean).map((pair) => {
      const eq = pair.indexOf('=');
      const decode = (text) => { try { return decodeURIComponent(text); } catch { return text; } };
      return eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))];
    }));
    let stored = {};
    try { stored = JSON.parse(localStorage.getItem('mjscore-page') || '{}'); } catch { stored = {}; }
    const rules = hash.get('rules') || stored.rules;
    if (systems.systems.some((s) => s.id === rules)) state.rules = rules;
    state.max = Number(hash.get('max') || stored.max || 0) || 0;
    const line = hash.has('hand') ? hash.get('hand') : stored.line;
    return typeof line === 'string' ? line : EXAMPLE;
  }
  function save() {
    try {
      localStorage.setItem('mjscore-page', JSON.stringify({ rules: state.rules, max: state.max, line: $('line').value }));
    } catch { /* a private window may refuse: the page works without */ }
  }

  // ---- Building the controls ---------------------------------------------------------------
  const esc = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

  function buildRules() {
    const group = $('rules');
    for (const system of systems.systems) {
      const b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('role', 'radio');
      b.dataset.rules = system.id;
      b.textContent = RULE_LABELS[system.id] || system.short_name;
      b.title = system.name;
      b.setAttribute('aria-label', system.name);
      b.addEventListener('click', () => setRules(system.id));
      group.append(b);
    }
    // Arrow keys move between the rule sets, as in any radio group.
    group.addEventListener('keydown', (event) => {
      const ids = systems.systems.map((s) => s.id);
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      const next = ids[(ids.indexOf(state.rules) + step + ids.length) % ids.length];
      setRules(next);
      group.querySelector(`[data-rules="${next}"]`).focus();
    });
    const max = $('max');
    max.append(new Option('13 (default)', '0'));
    for (let n = 2; n <= 30; n++) if (n !== 13) max.append(new Option(String(n), String(n)));
    max.addEventListener('change', () => {
      state.max = Number(max.value);
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
      b.addEventListener('click', () => edit(withTile($('line').value, code)));
      grid.append(b);
    }
    for (const b of document.querySelectorAll('.meld[data-meld]')) {
      b.addEventListener('click', () => edit(withMeld($('line').value, b.dataset.meld)));
    }
    $('win-tile').addEventListener('click', () => edit(withWinOpened($('line').value)));
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
    const system = systems.systems.find((s) => s.id === state.rules);
    const box = $('system-words');
    box.textContent = '';
    $('system-words-title').textContent = system.words.length ? `${RULE_LABELS[system.id] || system.short_name}'s own words` : '';
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
        const value = text === undefined ? '' : wordValue(text).toLowerCase();
        const known = [...input.options].some((o) => o.value === value);
        if (!known && value) input.append(new Option(value, value));
        input.value = value;
      }
      input.closest('.ctx').classList.toggle('on', text !== undefined);
    }
    const tokens = tokenize(line);
    const wait = pending(tokens);
    for (const b of document.querySelectorAll('.meld[data-meld]')) b.setAttribute('aria-pressed', String(!!(wait && wait.meld === b.dataset.meld)));
    $('win-tile').setAttribute('aria-pressed', String(!!(wait && wait.win)));
    // An empty chow takes its lowest tile: 8, 9 and the honours cannot start one.
    const chow = wait && wait.meld === 'c' && wait.tiles === 0;
    for (const b of document.querySelectorAll('.tile')) {
      const t = b.dataset.tile;
      b.disabled = chow && (t[0] === 'w' || t[0] === 'e' || Number(t[1]) > 7);
    }
    const hint = !wait ? ''
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

  function setRules(id) {
    if (id === state.rules) return;
    const from = systems.systems.find((s) => s.id === state.rules);
    const to = systems.systems.find((s) => s.id === id);
    state.rules = id;
    if (id !== 'doubling') state.max = 0;
    // The words of the old rule set that the new one does not read go: they would be errors.
    const keys = (s) => new Set(s.words.map((w) => (w.values === 'flag' ? w.key : `${w.key}=`)));
    const gone = [...keys(from)].filter((k) => !keys(to).has(k));
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
    if (line !== $('line').value) edit(line);
    else update();
    if (removed.length) {
      $('keyboard-hint').textContent = `Removed ${removed.join(', ')}: not a word of ${RULE_LABELS[id] || to.short_name}.`;
    }
  }

  // ---- Showing the answer ------------------------------------------------------------------
  const tileCode = (code) => `<span class="tilecode"><span class="wtile" aria-hidden="true">${tileInfo(code).glyph}</span><span class="wcode" aria-label="${esc(tileInfo(code).name)}">${esc(code)}</span></span>`;
  const points = (p) => (p === 0.5 ? '½' : p === null || p === undefined ? '—' : String(p));
  const limitWords = () => systems.systems.find((s) => s.id === state.rules).limits;

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
    if (!line.trim()) {
      showEmpty();
    } else if (wait) {
      showPending(wait);
    } else {
      // Scored as the command line scores it; a line with no winning tile that is not a hand
      // (a win by declaration is one) is a hand before its win: what does it wait for?
      const scored = ask('score', state.rules, line, { max: state.max, all: true });
      if (hasWin || !scored.error) {
        showScored(scored, line);
      } else {
        scoring = false;
        showWaits(ask('waits', state.rules, line, { max: state.max }), line);
      }
    }
    showCommand(line, scoring);
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
    const names = card(state.rules);
    const named = (ids) => ids.map((id) => `${esc(id)} ${esc(names.get(id)?.name || '')}`).join(', ');
    const worth = a.total === undefined ? '' : points(a.total);
    const headline = {
      confirmed: `Confirmed: the claim of ${c.value} stands`,
      underscored: `Underscored: the claim of ${c.value} stands and is paid (the hand is worth ${worth})`,
      overclaimed: `Overclaimed: ${c.value} claimed, corrected to ${c.settled}`,
      false_win: `False win: ${c.value} claimed, nothing is paid`,
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
    if (a.false_win) {
      setStatus('False win', 'bad');
      box.innerHTML = `${verdict(a)}<div class="falsewin" data-false-win><strong>False win</strong>${esc(a.false_win.reason)}</div>`;
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
      return `<tr class="${cls}" data-seat="${k}"><th scope="row">${name}</th><td>${k === winner ? 'winner' : ''}</td><td class="amount">${esc(words)}</td></tr>`;
    }).join('');
    const readings = a.readings && a.readings.length > 1
      ? `<details class="reading-list"><summary>best of ${a.readings.length} readings</summary><ol class="readings">${a.readings.map((r) => `<li><strong>${esc(points(r.total))}</strong>: <code>${esc(r.arrangement)}</code>; ${esc(r.patterns.join(' + '))}</li>`).join('')}</ol></details>`
      : '';
    const setAside = a.set_aside.length
      ? `<p class="note">not counted (${esc(limit)}): ${a.set_aside.map((p) => `${esc(p.id)} ${esc(p.name)} ${esc(points(p.points))}`).join(', ')}</p>`
      : '';
    box.innerHTML = verdict(a) +
      `<p class="note rules-name">${esc(systems.systems.find((s) => s.id === state.rules).name)}</p>` +
      `<p class="lead">${winLine(a)}</p>` +
      `<p class="arrangement" aria-label="Arrangement">${esc(a.arrangement)}</p>` +
      `<p class="note">${placement(a)}</p>${readings}` +
      `<ul class="patterns" aria-label="Patterns">${a.patterns.map(patternButton).join('')}</ul>${setAside}` +
      `<div class="total"><span class="label">Total</span><span class="value" data-total>${esc(points(a.total))}</span><span class="limit" data-limit>${esc(sum)}</span></div>` +
      `${paid !== a.total ? `<p class="note">paid on the claim: ${esc(points(paid))}</p>` : ''}` +
      `<table class="payments" aria-label="Payments"><tbody>${rows}</tbody></table>`;
    const pays = a.payments[winner];
    setStatus(`Total ${points(a.total)}${a.limit ? ` (${limit})` : ''} · ${SEAT_NAME[winner]} receives ${pays}${a.verdict ? ` · ${a.verdict.replace('_', ' ')}` : ''}`, a.verdict && a.verdict !== 'confirmed' ? 'bad' : 'good');
  }

  function waitsTable(waits) {
    const names = card(state.rules);
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
    const rules = state.rules === 'wsom' ? '' : ` --rules ${state.rules}`;
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
    const e = ask('explain', state.rules, id, { max: state.max });
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
    const list = [...card(state.rules).values()].map((p) =>
      `<li><button type="button" class="pattern" data-pattern="${esc(p.id)}"><span class="id">${esc(p.id)}</span>` +
      `<span class="names">${esc(p.name)}<span class="zh" lang="zh-Hant">${esc(p.chinese)}</span><span class="why">${esc(p.condition)}</span></span>` +
      `<span class="pts">${esc(p.percent ? `+${p.percent}%` : points(p.points))}</span></button></li>`).join('');
    const system = systems.systems.find((s) => s.id === state.rules);
    openDialog(`Patterns: ${RULE_LABELS[system.id] || system.short_name}`, `<p class="note">${esc(system.name)}. Tap a pattern for its definition and example.</p><ul class="card-list">${list}</ul>`);
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
    const line = load();
    buildRules();
    buildTiles();
    buildContext();
    buildSystemWords();
    wire();
    $('line').value = line;
    update();
  }

  main().catch((error) => {
    document.getElementById('answer').innerHTML = `<p class="falsewin">The engine did not start: ${esc(error.message)}</p>`;
    throw error;
  });
})();
