// The page's engine answers as the command line does, byte for byte.
//
// It takes the engine out of the built page (web/dist/mjscore.html, so what is tested is
// what ships), loads it with the page's own loader (web/page/loader.js), and asks it what
// `mjscore` is asked, under every rule set:
//   - each corpus hand scored (`--format json`), and with every reading (`--all`);
//   - each corpus hand less its winning tile and its win-only words (`waits`, 13 tiles), and
//     with its winning tile kept as a drawn tile (`waits`, 14 tiles);
//   - the lines of docs/examples/, and lines that are no hand (each error at its column);
//   - the pattern card (`patterns`), every pattern explained (`explain ID`), the notation;
//   - under each rules file of docs/examples/rules/ (`--rules FILE`), the hands
//     docs/rules-files.md works out and corpus hands, waits, the card, explain and sessions,
//     and `rules check` of those files and of broken ones (each error's line and column).
// The hands go to the command line as one list each (`-f FILE -j 1`), whose JSON objects
// begin with `"line":N,` where a hand given as arguments has none: that one key, always the
// first of the object, is taken off before comparing, and nothing else is. A sample of hands
// is also given to the command line one at a time, as arguments, and compared as it is.
//
//   node web/test/equal.mjs   (after web/build.sh and `cargo build --all-targets`)
//
// MJSCORE (default target/debug/mjscore) is the command line; CORPUS (default
// target/debug/examples/corpus) the corpus generator, run for HANDS hands (default 1500).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(web, '..');
const cli = process.env.MJSCORE || join(root, 'target/debug/mjscore');
const corpusBin = process.env.CORPUS || join(root, 'target/debug/examples/corpus');
const count = Number(process.env.HANDS || 1500);
const RULES = ['wsom', 'zj', 'doubling', 'huang'];

for (const [what, path] of [['the page (web/build.sh)', join(web, 'dist/mjscore.html')], ['the command line (cargo build)', cli], ['the corpus generator (cargo build --examples)', corpusBin]]) {
  if (!existsSync(path)) {
    console.error(`equal: ${what} is missing: ${path}`);
    process.exit(2);
  }
}

// The engine as the page holds it: the base64 text of its <script id="engine-wasm">.
const html = readFileSync(join(web, 'dist/mjscore.html'), 'utf8');
const b64 = /<script id="engine-wasm" type="application\/octet-stream">\s*([A-Za-z0-9+/=]+)\s*<\/script>/.exec(html);
assert.ok(b64, 'the page holds the engine in base64');
await import(join(web, 'page/loader.js'));
// Kept gzipped, as the page unpacks it.
const engine = await globalThis.MjscoreEngine.load(gunzipSync(Buffer.from(b64[1], 'base64')));

const work = mkdtempSync(join(tmpdir(), 'mjscore-equal-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

/** The command line's standard output (its exit status says how the hands went: not a failure). */
function run(args) {
  try {
    return execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, NO_COLOR: '1' } });
  } catch (error) {
    if (typeof error.stdout === 'string' && error.status !== null && error.status <= 2 && error.stdout) return error.stdout;
    throw error;
  }
}

/** The command line's objects for `lines` given as one list, each less its `"line":N,`. */
function batch(args, lines) {
  const file = join(work, 'hands.txt');
  writeFileSync(file, lines.join('\n') + '\n');
  const out = run([...args, '--format', 'json', '-j', '1', '-f', file]).split('\n').filter(Boolean);
  assert.equal(out.length, lines.length, `one object per line (${args.join(' ')})`);
  return out.map((object, i) => {
    const prefix = `{"line":${i + 1},`;
    assert.ok(object.startsWith(prefix), `line ${i + 1} opens with its number: ${object.slice(0, 40)}`);
    return `{${object.slice(prefix.length)}`;
  });
}

/** Each line's answers, the engine's and the command line's, equal, or the first few that are not. */
function same(kind, lines, engineAnswers, cliAnswers) {
  const differ = [];
  for (let i = 0; i < lines.length; i++) {
    if (engineAnswers[i] !== cliAnswers[i]) differ.push(`${kind}: ${lines[i]}\n  page: ${engineAnswers[i]}\n  cli:  ${cliAnswers[i]}`);
  }
  assert.equal(differ.length, 0, `${differ.length} of ${lines.length} differ; the first:\n${differ.slice(0, 3).join('\n')}`);
}

// The hands: the corpus (winning hands of every kind: melds, kongs, Seven Pairs, Thirteen
// Terminals, self-draws and discards, last tile, robbing, heaven and earth), the examples
// of docs/, and lines that are not hands.
const corpus = execFileSync(corpusBin, [String(count)], { encoding: 'utf8' }).split('\n').filter(Boolean);
assert.equal(corpus.length, count);
const examples = ['hands.txt', 'waits.txt', 'short-session.txt']
  .flatMap((f) => readFileSync(join(root, 'docs/examples', f), 'utf8').split('\n'))
  .filter((l) => l.trim() && !l.trim().startsWith('#') && !/^(players:|draw\b)/.test(l.trim()));
const broken = [
  'b123 w5 c456 +b9',
  'b123 c456 [p d111] w44 b7 b8 +b9 seat=s from=e',
  'b123 c456 d789 w11 b56 +b7 heaven kong',
  '[c b123] [p w333] c456 d789 d2 +d2 seat=e from=s claim=10',
  'b66 c12345678 d111 +c9 self seat=s claim=1.2+7.1',
  'b66 c12345678 d111 +c9 self seat=s claim=45',
  'b66 c12345678 d111 +c9 self seat=s claim=9.9.9',
  'b66 c12345678 d111 +c9 self seat=s round=s',
  'b66 c12345678 d111 +c9 self seat=s tin=ghost last=2 lastcopy flowers=3',
  'flowers=8 seat=s',
  'b123 [p d1',
  'b123 +',
  '🀇🀈🀉 🀙🀚🀛 🀐🀑🀒 🀀🀀🀀 🀄️ +🀄 self',
  '123m456p789s555z1z +1z seat=s from=e',
  '123m456p b789 555z1z +1z',
  'b11112345678999 +b9 self',
  'B123C456 [PONG E1 E1 E1] B789 w4 +W4 SELF  # upper case and a comment',
  'b123 c456 d789 w11 b5 b6 self',
  'b1111 c123 d456 w111 \u00a0',
  '"quoted" <b> & \\ \u001b[31m',
];
const hands = [...corpus, ...examples, ...broken];

/** The line before its win: no winning tile and none of the words that say how it was won. */
const beforeWin = (line) => line.split(' ').filter((t) => !t.startsWith('+') && !/^(self|kong|rob|heaven|earth|claim=.*)$/i.test(t)).join(' ');
/** The line with its winning tile drawn, not yet won: 14 tiles for `waits`. */
const drawn = (line) => line.split(' ').filter((t) => !/^(self|kong|rob|heaven|earth|claim=.*)$/i.test(t)).join(' ');
const thirteen = [...new Set(hands.map(beforeWin))].filter(Boolean);
const fourteen = [...new Set(corpus.slice(0, 400).map(drawn))];

for (const rules of RULES) {
  test(`${rules}: ${hands.length} hands scored as \`mjscore --format json\``, () => {
    same('score', hands, hands.map((l) => engine.score(rules, l)), batch(['--rules', rules], hands));
  });
  test(`${rules}: ${hands.length} hands with every reading, as \`--all\``, () => {
    same('all', hands, hands.map((l) => engine.score(rules, l, { all: true })), batch(['--rules', rules, '--all'], hands));
  });
  test(`${rules}: ${thirteen.length} hands before their win, as \`mjscore waits\``, () => {
    same('waits', thirteen, thirteen.map((l) => engine.waits(rules, l)), batch(['waits', '--rules', rules], thirteen));
  });
  test(`${rules}: ${fourteen.length} hands that have just drawn (14 tiles), as \`mjscore waits\``, () => {
    same('waits 14', fourteen, fourteen.map((l) => engine.waits(rules, l)), batch(['waits', '--rules', rules], fourteen));
  });
  test(`${rules}: hands given one at a time as arguments, compared whole`, () => {
    const sample = [...corpus.filter((_, i) => i % 100 === 0), ...broken.filter((l) => !l.includes('\u001b'))];
    const cliAnswers = sample.map((l) => run(['--rules', rules, '--format', 'json', l]).replace(/\n$/, ''));
    same('single', sample, sample.map((l) => engine.score(rules, l)), cliAnswers);
    const waitsSample = thirteen.filter((_, i) => i % 150 === 0);
    const cliWaits = waitsSample.map((l) => run(['waits', '--rules', rules, '--format', 'json', l]).replace(/\n$/, ''));
    same('single waits', waitsSample, waitsSample.map((l) => engine.waits(rules, l)), cliWaits);
  });
  test(`${rules}: the pattern card and every pattern explained`, () => {
    const cardText = run(['patterns', '--rules', rules, '--format', 'json']);
    assert.equal(engine.patterns(rules), cardText);
    const ids = cardText.split('\n').filter(Boolean).map((l) => JSON.parse(l).id);
    assert.ok(ids.length >= 20, `${ids.length} patterns`);
    for (const id of ids) assert.equal(engine.explain(rules, id), run(['explain', '--rules', rules, '--format', 'json', id]), id);
    // By name and by the start of a name too.
    const first = JSON.parse(cardText.split('\n')[0]);
    assert.equal(engine.explain(rules, first.name), run(['explain', '--rules', rules, '--format', 'json', first.name]));
  });
}

test('the doubling table with another maximum, as `--max 8`', () => {
  const sample = corpus.slice(0, 300);
  same('max 8', sample, sample.map((l) => engine.score('doubling', l, { max: 8 })), batch(['--rules', 'doubling', '--max', '8'], sample));
  assert.equal(engine.patterns('doubling', { max: 8 }), run(['patterns', '--rules', 'doubling', '--max', '8', '--format', 'json']));
});

test('the notation card, as `mjscore notation`', () => {
  assert.equal(engine.notation(), run(['notation']));
});

test('what the page reads first: README\'s hand, worked by hand', () => {
  // b66 c12345678 d111 +c9 self seat=s: 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 =
  // 45 under WSOM (docs/rules.md: no limit under 320); a self-draw, so East, West and North
  // pay 45 each and South receives 3 x 45 = 135.
  const a = JSON.parse(engine.score('wsom', 'b66 c12345678 d111 +c9 self seat=s'));
  assert.equal(a.total, 45);
  assert.deepEqual(a.patterns.map((p) => [p.id, p.points]), [['1.2', 5], ['7.1', 40]]);
  assert.deepEqual(a.payments, { e: -45, s: 135, w: -45, n: -45 });
});

test('sessions, as `mjscore -f FILE --format json --summary`: the same seats, names, running totals and standings', () => {
  // The worked sessions of docs/, and an evening made of corpus hands with the winner and
  // discarder named by player (the first letters of a name too), a draw, a false win, an
  // unreadable line, a hand without seat=, hands by their value (one unreadable), a
  // penalty, a change of seats and a new player.
  const names = ['Ann', 'Bob', 'Cho', 'Dee'];
  const evening = ['# an evening', 'players: Ann Bob Cho Dee'];
  corpus.slice(0, 120).forEach((line, i) => {
    const named = line.replace(/\bseat=([eswn])\b/, () => `seat=${names[i % 4]}`).replace(/\bfrom=([eswn])\b/, (_, s) => `from=${s}`);
    evening.push(named.includes('seat=') ? named : `${named} seat=${names[(i + 1) % 4].slice(0, 2).toLowerCase()}`);
    if (i === 30) evening.push('draw', '[c b123] [p w333] c456 d789 d2 +d2 seat=e from=s', 'b123 w5 c456 +b9', 'b66 c12345678 d111 +c9 self');
    if (i === 45) evening.push('value=8 seat=Bob from=Ann', 'value=8 seat=ch self', 'value=8 seat=Dee', 'penalty Dee 30');
    if (i === 60) evening.push('players: Dee Eve Ann Bob');
  });
  const files = [
    ...['session.txt', 'short-session.txt'].map((f) => readFileSync(join(root, 'docs/examples', f), 'utf8')),
    evening.join('\n') + '\n',
  ];
  for (const rules of RULES) {
    for (const [i, text] of files.entries()) {
      const file = join(work, `session-${i}.txt`);
      writeFileSync(file, text);
      for (const all of [false, true]) {
        const args = ['--rules', rules, '--format', 'json', '--summary', '-j', '1', '-f', file, ...(all ? ['--all'] : [])];
        assert.equal(engine.session(rules, text, { all }), run(args), `${rules}, file ${i}${all ? ', --all' : ''}`);
      }
    }
  }
  const text = files[2];
  writeFileSync(join(work, 'max.txt'), text);
  assert.equal(engine.session('doubling', text, { max: 8 }), run(['--rules', 'doubling', '--max', '8', '--format', 'json', '--summary', '-f', join(work, 'max.txt')]));
});

// ---- Rules files: the engine under a file's text, the command line under --rules FILE ------
// The hands docs/rules-files.md works out for each shipped file (its console examples are
// read from it too, so that none is left out), and the variations it names.
const RULES_FILES = join(root, 'docs/examples/rules');
const DOCUMENTED = {
  'club-400.toml': [
    '[c b123] c456 d789 b345 c7 +c7 seat=s from=e',
    'b123 c456 d789 b345 c7 +c7 seat=s from=e',
    '[k b1111] [k c2222] [k d3333] [k w4444] e1 +e1 from=e seat=s',
  ],
  'discarder-pays.toml': [
    'b66 c12345678 d111 +c9 from=e seat=s',
    'b66 c12345678 d111 +c9 self seat=s',
    'b123 c456 d789 b345 c7 +c7 seat=s from=e',
  ],
  'seasonal.toml': [
    'b11 b33 b55 b77 c22 c44 c6 +c6 self',
    'b11 b33 b55 b77 c22 w44 c6 +c6 self',
    'b234 b234 b666 e222 b8 +b8 from=n',
    'b234 b234 b666 e222 b5 +b5 from=n',
    'b234 b234 b666 e222 b8 +b8 self',
  ],
  'huang-club.toml': [
    'b123 c456 d789 b555 w2 +w2 seat=s self',
    'b123 c456 d78 b555 w22 +d9 seat=s from=e rob',
  ],
  'counting-club.toml': [
    'b123 b456 c789 d123 e1 +e1 self',
    '[k w2222] [ck e1111] b123 c789 d5 +d5 seat=s self',
    'b11 b99 c55 d33 w11 w22 w4 +w4 self',
  ],
  'false-win-club.toml': [
    '[c b123] [p w333] c456 d789 d2 +d2 from=s',
    '[c b123] [p w333] c456 d789 d2 +d2 seat=w self',
  ],
  'either-club.toml': [
    'e111 e222 b123 c456 d5 +d5 self',
    'e111 w222 b123 c456 d5 +d5 self',
    'w111 w222 w333 c456 d5 +d5 self',
    'b111 w222 b123 c456 d5 +d5 self',
  ],
  'wsom-as-data.toml': [
    '[p d333] e333 b444 d888 w4 +w4 seat=s from=e',
    'b66 c12345678 d111 +c9 self seat=s',
    '[c b123] [p w333] c456 d789 d2 +d2 from=s',
  ],
  'zj-as-data.toml': [
    '[c b123] [p w333] c456 d789 d2 +d2 from=s',
    'c1112345678999 +c5 self',
  ],
};
const guide = readFileSync(join(root, 'docs/rules-files.md'), 'utf8');
for (const [, file, line] of guide.matchAll(/^\$ mjscore --rules docs\/examples\/rules\/(\S+) "([^"]+)"$/gm)) {
  if (!DOCUMENTED[file]) DOCUMENTED[file] = [];
  if (!DOCUMENTED[file].includes(line)) DOCUMENTED[file].push(line);
}

test('every shipped rules file has its documented hands here', () => {
  const shipped = readdirSync(RULES_FILES).filter((f) => f.endsWith('.toml')).sort();
  assert.deepEqual(Object.keys(DOCUMENTED).sort(), shipped);
});

for (const name of Object.keys(DOCUMENTED).sort()) {
  const path = join(RULES_FILES, name);
  const text = readFileSync(path, 'utf8');
  const file = { file: text };
  const documented = DOCUMENTED[name];
  const some = [...documented, ...corpus.slice(0, 400), ...broken];
  test(`${name}: its documented hands and ${some.length - documented.length} more, as \`mjscore --rules FILE --format json\` (and --all)`, () => {
    // Where a message advises a command, the command line names the rules file by the path
    // it was given (`--rules PATH`); the page, which has no command line, by the rule set's
    // id. The rest is the same, byte for byte.
    const id = JSON.parse(engine.score(file, documented[0])).rules;
    const asPage = (answers) => answers.map((answer) => answer.replaceAll(path, id));
    same('file', some, some.map((l) => engine.score(file, l)), asPage(batch(['--rules', path], some)));
    same('file all', some, some.map((l) => engine.score(file, l, { all: true })), asPage(batch(['--rules', path, '--all'], some)));
    // Given one at a time as arguments, compared whole.
    const cliAnswers = asPage(documented.map((l) => run(['--rules', path, '--format', 'json', l]).replace(/\n$/, '')));
    same('file single', documented, documented.map((l) => engine.score(file, l)), cliAnswers);
  });
  test(`${name}: waits, the card, every pattern explained, as the command line with --rules FILE`, () => {
    const before = [...new Set([...documented, ...corpus.slice(0, 150)].map(beforeWin))].filter(Boolean);
    same('file waits', before, before.map((l) => engine.waits(file, l)), batch(['waits', '--rules', path], before));
    const cardText = run(['patterns', '--rules', path, '--format', 'json']);
    assert.equal(engine.patterns(file), cardText);
    for (const id of cardText.split('\n').filter(Boolean).map((l) => JSON.parse(l).id)) {
      assert.equal(engine.explain(file, id), run(['explain', '--rules', path, '--format', 'json', id]), id);
    }
  });
  test(`${name}: sessions, as \`mjscore -f FILE --rules FILE --format json --summary\``, () => {
    for (const session of ['session.txt', 'short-session.txt']) {
      const sessionPath = join(root, 'docs/examples', session);
      const lines = readFileSync(sessionPath, 'utf8');
      for (const all of [false, true]) {
        const args = ['--rules', path, '--format', 'json', '--summary', '-j', '1', '-f', sessionPath, ...(all ? ['--all'] : [])];
        assert.equal(engine.session(file, lines, { all }), run(args), `${session}${all ? ', --all' : ''}`);
      }
    }
  });
  test(`${name}: read as \`mjscore rules check\` reads it`, () => {
    const info = JSON.parse(engine.rulesFile(text));
    assert.equal(`${path}: a rule set of ${info.patterns} patterns, ${info.from}\n`, run(['rules', 'check', path]));
    // Its id and name, as the command line's JSON names the rule set.
    assert.equal(JSON.parse(engine.score(file, documented[0])).rules, info.id);
    assert.equal(info.system.id, info.id);
    assert.equal(info.system.name, info.name);
  });
}

test('files that do not check: the command line\'s line, column and message', () => {
  const files = {
    'broken.toml': readFileSync(join(root, 'tests/data/rules/broken.toml'), 'utf8'),
    'slip.toml': 'base = "wsom"\nminimum = \n',
    'unknown-key.toml': 'base = "zj"\nname = "Club"\nminimun = 10\n',
    'unknown-base.toml': '# a club\nbase = "riichi"\n',
    'out-of-range.toml': 'base = "doubling"\n\n[limits]\ncompound = 99\n',
    'payments.toml': 'base = "huang"\n[payments]\ndiscard_from = 10\n',
    'no-base.toml': 'name = "No base"\n',
    'example.toml': 'base = "wsom"\n[[hands]]\nid = "c.1"\nname = "Green"\nvalue = 100\ntiles = "b23468 e2"\nexample = "b123 c456 d789 w11 b5 +b5"\n',
  };
  for (const [name, text] of Object.entries(files)) {
    const path = join(work, name);
    writeFileSync(path, text);
    let stderr = '';
    try {
      execFileSync(cli, ['rules', 'check', path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      assert.equal(error.status, 2, name);
      stderr = error.stderr;
    }
    const answer = JSON.parse(engine.rulesFile(text));
    assert.ok(answer.error, `${name}: the engine refuses it`);
    assert.equal(answer.error.kind, 'rules_file');
    assert.equal(`mjscore: ${path}:${answer.error.line}:${answer.error.column}: ${answer.error.message}\n`, stderr, name);
    // Nothing is scored under it.
    assert.match(engine.score({ file: text }, 'b66 c12345678 d111 +c9 self'), /^\{"error":\{"kind":"usage","message":"the rules file: line \d+, column \d+: /);
  }
});
