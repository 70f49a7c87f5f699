// The referee's sheet in a real browser: an evening of hands entered through the page (tile
// keys, the how-it-was-won controls and typing, mixed), its running totals after every hand,
// who is East, and the standings, each equal to what the command line works out for the same
// lines (`mjscore -f FILE --format json --summary`); a hand corrected and deleted and the rest
// worked out again; a reload and a killed browser losing nothing; the evening exported and
// run through the command line, and a session file imported; and the static site (web/dist/
// site/) served by a local server, then used with the network cut, through its service worker.
//
//   node web/test/sheet.mjs   (after web/build.sh and `cargo build --bin mjscore`; MJSCORE
//                              names the command line, CHROMIUM the browser)
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { forgetKept } from './kept.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(web, '..');
const pagePath = join(web, 'dist/mjscore.html');
const site = join(web, 'dist/site');
const url = pathToFileURL(pagePath).href;
const cli = process.env.MJSCORE || join(process.env.CARGO_TARGET_DIR || join(root, 'target'), 'debug/mjscore');
const chromium = process.env.CHROMIUM || ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
for (const [what, path] of [['the page (web/build.sh)', pagePath], ['the site (web/build.sh)', join(site, 'sw.js')], ['the command line (cargo build --bin mjscore)', cli]]) {
  if (!existsSync(path)) {
    console.error(`sheet: ${what} is missing: ${path}`);
    process.exit(2);
  }
}
if (!chromium) {
  console.error('sheet: no Chromium (apt-get install chromium, or set CHROMIUM)');
  process.exit(2);
}
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-extensions'];
const work = mkdtempSync(join(tmpdir(), 'mjscore-sheet-'));
let browser;
let page;
const timings = [];
const keystrokes = [];

before(async () => {
  browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ARGS });
});
after(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
  const sorted = [...keystrokes].sort((a, b) => a - b);
  if (sorted.length) console.log(`timing: a keystroke in the sheet view to its answer (the hand at the table, by name), ${sorted.length} keystrokes: median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} ms, 95th percentile ${sorted[Math.floor(sorted.length * 0.95)].toFixed(2)} ms`);
  for (const line of timings) console.log(`timing: ${line}`);
  for (const t of tapCounts) console.log(`taps: ${t.taps} and ${t.scrolls} scrolls (Record included) for ${t.hand}`);
});

/** The command line's objects for a session file, the summary last; `rules` null: without
 * `--rules`, under the rules the file states. */
function mjscore(text, rules = 'wsom') {
  const file = join(work, 'evening.txt');
  writeFileSync(file, text);
  let out;
  try {
    const given = rules === null ? [] : ['--rules', rules];
    out = execFileSync(cli, ['-f', file, ...given, '--format', 'json', '--summary'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  } catch (error) {
    // Exit status 1 or 2 says how the hands went (a false win, a line not read).
    if (error.status > 2 || !error.stdout) throw error;
    out = error.stdout;
  }
  return out.split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

async function openPage(p, address = url) {
  p.errors = [];
  p.on('pageerror', (e) => p.errors.push(e.message));
  p.on('console', (m) => { if (m.type() === 'error') p.errors.push(m.text()); });
  await p.setViewport({ width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await p.goto(address);
  await p.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
}
/** A fresh page: nothing kept from before, in the sheet view. */
async function fresh() {
  if (page) await page.close();
  page = await browser.newPage();
  await openPage(page);
  // Nothing kept: localStorage and IndexedDB.
  await forgetKept(page);
  await page.goto('about:blank');
  await openPage(page);
  await press('#view-sheet');
}
/** Taps, and the scrolls a keeper would need to reach them, while the tapped hands were
 * entered ([`enter`]): a button already on the screen is tapped where it is. */
const tapCounts = [];
let taps = 0;
let scrolls = 0;
async function press(selector) {
  taps++;
  // A button not wholly on the screen where it is now takes a scroll to reach.
  // (On the screen, and not under the part of the page that stays at its top.)
  const inView = await page.$eval(selector, (e) => {
    const box = e.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return box.top >= 0 && box.bottom <= window.innerHeight && !!hit && (hit === e || e.contains(hit));
  });
  if (!inView) {
    scrolls++;
    await page.$eval(selector, (e) => e.scrollIntoView({ block: 'center', behavior: 'instant' }));
  }
  await page.click(selector);
}
const field = () => page.$eval('#line', (e) => e.value);
async function typeLine(line) {
  await press('#clear');
  await page.focus('#line');
  const before = await page.evaluate(() => window.mjscoreTimings.updates.length);
  await page.keyboard.type(line);
  assert.equal(await field(), line);
  keystrokes.push(...await page.evaluate((n) => window.mjscoreTimings.updates.slice(n), before));
}
async function tap(...tiles) {
  for (const t of tiles) await press(`button[data-tile="${t}"]`);
}
async function seat(names) {
  for (const [i, k] of ['e', 's', 'w', 'n'].entries()) {
    await page.$eval(`#name-${k}`, (e) => { e.value = ''; });
    await page.type(`#name-${k}`, names[i]);
  }
  await press('#seat-save');
  await page.waitForFunction(() => document.getElementById('seat-form').hidden);
}
/** East, South, West and North at the hand the field is for, as the page shows them. */
const tableNow = () => page.$$eval('#table-bar [data-now] strong', (s) => s.map((x) => x.textContent));
/** The seat letter of a player at the table now. */
async function seatOf(name) {
  return ['e', 's', 'w', 'n'][(await tableNow()).indexOf(name)];
}
/** Every hand of the sheet: its number, and for each player at the table what they paid
 * (or got) and their running total. */
async function sheetHands() {
  return page.$$eval('#hands li.hand', (items) => items.map((li) => ({
    hand: Number(li.dataset.hand),
    line: Number(li.dataset.line),
    cells: Object.fromEntries([...li.querySelectorAll('[data-player]')].map((c) => [c.dataset.player, { paid: Number(c.querySelector('[data-paid]').textContent), running: Number(c.querySelector('[data-running]').textContent) }])),
  })).sort((a, b) => a.line - b.line).map(({ line: _, ...hand }) => hand));
}
async function standings() {
  return page.$$eval('#standings tbody tr', (rows) => rows.map((r) => ({
    player: r.dataset.standing,
    total: Number(r.querySelector('[data-st-total]').textContent),
    won: Number(r.querySelector('[data-won]').textContent),
    dealt_in: Number(r.querySelector('[data-dealt-in]').textContent),
    biggest: r.querySelector('[data-biggest]').textContent === '—' ? null : Number(r.querySelector('[data-biggest]').textContent),
    false_wins: Number(r.querySelector('[data-false-wins]').textContent),
  })));
}
/** The sheet's hands and standings equal the command line's for the same file. */
function sameAsCli(hands, table, objects, what) {
  const summary = objects.pop().summary;
  assert.equal(hands.length, objects.length, `${what}: one hand on the sheet for each of the command line's`);
  objects.forEach((o, i) => {
    const expected = Object.fromEntries(Object.entries(o.running).map(([name, running]) => {
      const at = Object.entries(o.players).find(([, n]) => n === name);
      return [name, { paid: at ? o.payments[at[0]] : 0, running }];
    }));
    assert.deepEqual(hands[i].cells, expected, `${what}: hand ${i + 1} (${o.input})`);
  });
  assert.deepEqual(table, summary.standings.map(({ hands: _, ...s }) => s), `${what}: the standings`);
}
async function exported() {
  await press('#evening-export');
  const text = await page.$eval('#export-text', (e) => e.value);
  const link = await page.$eval('#export-download', (a) => [a.download, a.href.slice(0, 5)]);
  assert.match(link[0], /^mjscore-evening-\d{4}-\d\d-\d\d-\d\d-\d\d\.txt$/);
  assert.equal(link[1], 'blob:');
  await page.keyboard.press('Escape');
  return text;
}
/** The hands of an exported session file (its players: and hand lines, no comment, not
 * its rules: line). */
const linesOf = (text) => text.split('\n').filter((l) => l && !l.startsWith('#') && !/^rules:/i.test(l));

// The evening: WSOM, four players seated, 16 hands and a change of seats. Self-draws (hands
// 1, 3, 9, 12, 14), discard wins over 25 (hand 2: 45, Bob pays 3 x 45 - 50 = 85; hand 6:
// 170), an underscored claim (3), draws (4 by its button, 13 typed), a false win (5), resp=
// (10), and names for seats (hands 1, 10, 11, 12). Each step says how it is entered; `line` is what the field
// then holds, `kept` what the sheet records: the winner, the discarder and the responsible
// player by name, at the hand's own seats. The deal passes at every hand (WSOM): hands 1 to 8
// are played at Ann Bob Cho Dee (East South West North) moved on one seat a hand (hand 2: Bob
// East, Cho South), hands 9 to 16 at Dee Cho Bob Ann moved on likewise (hand 10: Cho East).
const EVENING = [
  { how: 'type', line: 'b66 c12345678 d111 +c9 self seat=Bob' },
  {
    how: 'tap',
    line: 'd888 w4 e333 [p d333] [p b444] +w4 seat=s from=e',
    kept: 'd888 w4 e333 [p d333] [p b444] +w4 seat=Cho from=Bob',
    enter: async () => {
      // The field is empty after the hand before it was recorded: no Clear.
      await press('.meld[data-meld="p"]');
      await tap('d3');
      await press('.meld[data-meld="p"]');
      await tap('b4');
      // Three: a concealed triplet a tap (d888, e333), until Three is tapped again.
      await press('#set-three');
      await tap('d8', 'e3');
      await press('#set-three');
      await tap('w4');
      await press('#win-tile');
      await tap('w4');
      await page.select('#ctx-seat-shared', 's');
      await page.select('#ctx-from-shared', 'e');
    },
  },
  { how: 'type', line: 'c222333444 b789 d5 +d5 self seat=w claim=130', kept: 'c222333444 b789 d5 +d5 self claim=130 seat=Ann' },
  { how: 'draw' },
  { how: 'type', line: '[c b123] [p w333] c456 d789 d2 +d2 seat=e from=s', kept: '[c b123] [p w333] c456 d789 d2 +d2 seat=Ann from=Bob' },
  { how: 'type', line: '[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e', kept: '[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=Ann from=Bob' },
  {
    how: 'tap',
    // The winner and the discarder tapped by name (Dee South, Ann West at hand 7).
    line: 'b123 c456 d5 e111 [p w222] +d5 seat=Dee from=Ann',
    enter: async () => {
      // The field is empty after the hand before it was recorded: no Clear.
      // Run: a concealed sequence from each tile tapped (b123, c456); then Three (e111).
      await press('#set-run');
      await tap('b1', 'c4');
      await press('#set-three');
      await tap('e1');
      await press('#set-three');
      await tap('d5');
      await press('.meld[data-meld="p"]');
      await tap('w2');
      await press('#win-tile');
      await tap('d5');
      await press('[data-who-won="Dee"]');
      await press('[data-who-from="Ann"]');
    },
  },
  { how: 'type', line: 'b345345 c678 d234 w2 +w2 seat=e from=s', kept: 'b345345 c678 d234 w2 +w2 seat=Dee from=Ann' },
  { how: 'seats', names: ['Dee', 'Cho', 'Bob', 'Ann'] },
  {
    how: 'tap',
    // Self-drawn, by the Self button, and the winner by name (Dee, East at hand 9).
    line: 'b334455 c5 d778899 +c5 self seat=Dee',
    enter: async () => {
      // The field is empty after the hand before it was recorded: no Clear.
      await press('#set-run');
      await tap('b3', 'b3', 'd7', 'd7');
      await press('#set-run');
      await tap('c5');
      await press('#win-tile');
      await tap('c5');
      await press('[data-who-from="self"]');
      await press('[data-who-won="Dee"]');
    },
  },
  {
    how: 'type and choose',
    // Typed tiles, then the winner, the discarder and the responsible player chosen by name
    // in the lists (which name who sits where now): Cho wins, Dee discarded, Bob is responsible.
    line: null,
    enter: async () => {
      await typeLine('[p c222] [p c333] [p c444] [p w111] c9 +c9');
      await page.select('#ctx-seat-shared', await seatOf('Cho'));
      await page.select('#ctx-from-shared', await seatOf('Dee'));
      await page.select('#ctx-resp-shared', await seatOf('Bob'));
      // (The controls put the line in the keyboard's order: concealed tiles before melds.)
      return `c9 [p c222] [p c333] [p c444] [p w111] +c9 seat=${await seatOf('Cho')} from=${await seatOf('Dee')} resp=${await seatOf('Bob')}`;
    },
    kept: 'c9 [p c222] [p c333] [p c444] [p w111] +c9 seat=Cho from=Dee resp=Bob',
  },
  { how: 'type', line: 'b123 c456 d789 w11 b55 +b5 seat=ann from=bob', kept: 'b123 c456 d789 w11 b55 +b5 seat=Ann from=Bob' },
  { how: 'type', line: 'b66 c12345678 d111 +c9 self seat=dee', kept: 'b66 c12345678 d111 +c9 self seat=Dee' },
  // A draw typed in the field, as a session file writes it.
  { how: 'type', line: 'draw' },
  { how: 'type', line: 'c123 c456 c789 d55 b23 +b4 self seat=w', kept: 'c123 c456 c789 d55 b23 +b4 self seat=Ann' },
  { how: 'type', line: '[p e111] b123 b456 b789 w2 +w2 seat=n from=s', kept: '[p e111] b123 b456 b789 w2 +w2 seat=Cho from=Ann' },
  { how: 'type', line: 'b123 c456 d789 w11 b55 +b5 seat=e from=w', kept: 'b123 c456 d789 w11 b55 +b5 seat=Ann from=Cho' },
];

/** Enters one step of the evening; returns the sheet's line for it. */
async function enter(step) {
  if (step.how === 'draw') {
    await press('#record-draw');
    return 'draw';
  }
  if (step.how === 'seats') {
    await press('#change-seats');
    await seat(step.names);
    return `players: ${step.names.join(' ')}`;
  }
  let line = step.line;
  // A hand is entered from the top of the page, where the sheet leaves a keeper who does
  // not scroll; any scroll it then needs is counted.
  if (step.how === 'tap') await page.evaluate(() => window.scrollTo(0, 0));
  const [tapsBefore, scrollsBefore] = [taps, scrolls];
  if (step.how === 'type') await typeLine(line);
  else line = (await step.enter()) || line;
  const counted = { hand: line, taps: taps - tapsBefore, scrolls: scrolls - scrollsBefore };
  assert.equal(await field(), line);
  // The hand's total and every seat's payment are on the first screen, under the field.
  await page.evaluate(() => window.scrollTo(0, 0));
  if (line !== 'draw') {
    const quick = await page.$eval('#quick', (q) => (q.hidden ? null : q.getBoundingClientRect().bottom));
    assert.ok(quick !== null && quick <= 844, `the short answer is on the first screen (${quick})`);
  }
  await press('#record');
  if (step.how === 'tap') {
    tapCounts.push({ ...counted, taps: counted.taps + 1, scrolls: scrolls - scrollsBefore });
    // Every key, the Won and From buttons and Record are on the phone's one screen.
    assert.equal(scrolls - scrollsBefore, 0, `${line}: entered without scrolling`);
  }
  assert.equal(await field(), '', 'the field is emptied for the next hand');
  return step.kept || line;
}

test('an evening of 16 hands entered through the page: every running total, who is East, and the standings as `mjscore -f`', async () => {
  await fresh();
  assert.equal(await page.$eval('#seat-form', (f) => f.hidden), false, 'a new evening asks who sits where');
  await seat(['Ann', 'Bob', 'Cho', 'Dee']);
  // The page's example (in the field at the first visit) is never a hand of the evening.
  assert.equal(await field(), '', 'the example is taken out of the field on the sheet');
  assert.equal(await page.$eval('#record', (b) => b.disabled), true);
  const lines = ['players: Ann Bob Cho Dee'];
  const shown = [];
  for (const [i, step] of EVENING.entries()) {
    const east = step.how === 'seats' ? null : (await tableNow())[0];
    lines.push(await enter(step));
    // The running totals at the head of the field, for the next hand: name by name.
    const bar = await page.$$eval('#table-bar [data-now]', (seats) => Object.fromEntries(seats.map((s) => [s.querySelector('strong').textContent, Number(s.querySelector('[data-now-total]').textContent)])));
    if (east) shown.push({ east, hands: await sheetHands(), bar });
    // Halfway, the page is reloaded: nothing is lost, the sheet view and the evening are back.
    if (i === 7) {
      const before = await sheetHands();
      await page.reload();
      await page.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
      assert.equal(await page.$eval('#view-sheet', (b) => b.getAttribute('aria-pressed')), 'true');
      assert.deepEqual(await sheetHands(), before);
      assert.equal((await sheetHands()).length, 8);
    }
  }
  const text = await exported();
  assert.deepEqual(linesOf(text), lines, 'the sheet holds the lines as entered');
  // The file states its rules, which the command line scores it under without --rules.
  assert.equal(text.split('\n')[1], 'rules: wsom');
  const objects = mjscore(text);
  assert.deepEqual(mjscore(text, null), objects);
  // The sheet after every hand, as it was shown then: its running totals (and each payment)
  // equal the command line's for that hand, and East was the command line's East.
  const hands = objects.filter((o) => !o.summary);
  assert.equal(hands.length, 16);
  shown.forEach((s, i) => {
    assert.equal(s.east, hands[i].players.e, `East at hand ${i + 1}`);
    assert.equal(s.hands.length, i + 1);
  });
  for (const [i, s] of shown.entries()) {
    const upTo = [...hands.slice(0, i + 1), { summary: objects.at(-1).summary }];
    const last = upTo[i];
    const expected = Object.fromEntries(Object.entries(last.running).map(([name, running]) => {
      const at = Object.entries(last.players).find(([, n]) => n === name);
      return [name, { paid: at ? last.payments[at[0]] : 0, running }];
    }));
    assert.deepEqual(s.hands[i].cells, expected, `hand ${i + 1} as shown when it was recorded (${last.input})`);
    assert.deepEqual(s.bar, last.running, `the running totals in view after hand ${i + 1}`);
  }
  sameAsCli(await sheetHands(), await standings(), objects, 'the evening');
  // By hand: hand 1, Bob self-draws 45 (1.2 + 7.1): +135, the others -45 each; hand 2, Cho
  // wins 45 on Bob's discard, Bob pays 3 x 45 - 50 = 85: Bob 135 - 85 = 50.
  const sheet = await sheetHands();
  assert.deepEqual(sheet[0].cells.Bob, { paid: 135, running: 135 });
  assert.deepEqual(sheet[1].cells.Bob, { paid: -85, running: 50 });
  // The chart: a line a player, a point before the first hand and after each of the 16,
  // each ending at the player's total in the standings; the picture to share is a file.
  const chart = await page.$$eval('#chart-svg polyline', (lines) => lines.map((l) => [l.dataset.chartPlayer, l.getAttribute('points').split(' ').length]));
  assert.deepEqual(chart.map(([, n]) => n), [17, 17, 17, 17]);
  const labels = await page.$$eval('#chart-svg text', (texts) => texts.map((t) => t.textContent));
  for (const s of await standings()) assert.ok(labels.includes(`${s.player} ${s.total}`), `${s.player}'s line ends at ${s.total}`);
  const share = await page.$eval('#chart-share', (a) => [a.href.slice(0, 5), a.download]);
  assert.equal(share[0], 'blob:');
  assert.match(share[1], /^mjscore-standings-\d{4}-\d\d-\d\d-\d\d-\d\d\.svg$/);
  // The false win (hand 5) is Ann's; the draw pays nothing.
  assert.equal((await standings()).find((s) => s.player === 'Ann').false_wins, 1);
  assert.deepEqual(Object.values(sheet[3].cells).map((c) => c.paid), [0, 0, 0, 0]);

  // Screenshots of the sheet: the phone's first screen with a hand in the field, the sheet
  // itself, and the desktop.
  await typeLine('b123 c456 d789 w11 b55 +b5 seat=n from=e');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(web, 'dist/sheet-390.png') });
  await page.$eval('#sheet', (e) => e.scrollIntoView());
  await page.screenshot({ path: join(web, 'dist/sheet-390-hands.png') });
  // A desktop's viewport reloads the page: its engine started again before the picture.
  await page.setViewport({ width: 1280, height: 800 });
  await page.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(web, 'dist/sheet-1280.png') });
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await page.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
  await press('#clear');

  // Hand 3 corrected (no claim: paid on its worth, 135, not 130): every hand after it is
  // worked out again, equal to the command line on the corrected file.
  const index = lines.indexOf('c222333444 b789 d5 +d5 self claim=130 seat=Ann');
  await press(`[data-edit="${index}"]`);
  assert.equal(await field(), lines[index]);
  assert.match(await page.$eval('#table-bar', (e) => e.textContent), /Correcting hand 3/);
  // Its seats are hand 3's: Cho East, Ann West.
  assert.deepEqual(await tableNow(), ['Cho', 'Dee', 'Ann', 'Bob']);
  await typeLine('c222333444 b789 d5 +d5 self seat=w');
  // A reload in the middle of the correction: it is still the correction of hand 3.
  await page.reload();
  await page.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
  assert.equal(await field(), 'c222333444 b789 d5 +d5 self seat=w');
  assert.match(await page.$eval('#table-bar', (e) => e.textContent), /Correcting hand 3/);
  assert.equal(await page.$eval('#record', (b) => b.textContent), 'Save hand 3');
  await press('#record');
  const corrected = await exported();
  assert.equal(linesOf(corrected)[index], 'c222333444 b789 d5 +d5 self seat=Ann');
  sameAsCli(await sheetHands(), await standings(), mjscore(corrected), 'hand 3 corrected');
  assert.equal((await sheetHands())[2].cells.Ann.paid, 405);
  // One step of undo: back to the claim.
  await press('#sheet-undo');
  sameAsCli(await sheetHands(), await standings(), mjscore(text), 'the correction undone');
  // A hand deleted (hand 4, the draw): the seats of every later hand move up one.
  const draw = lines.indexOf('draw');
  await press(`[data-delete="${draw}"]`);
  const deleted = await exported();
  assert.equal(linesOf(deleted).length, lines.length - 1);
  sameAsCli(await sheetHands(), await standings(), mjscore(deleted), 'hand 4 deleted');
  await press('#sheet-undo');
  sameAsCli(await sheetHands(), await standings(), mjscore(text), 'the deletion undone');
  // Hand 5 (Ann's false win) deleted: every later hand moves up a seat, and every later
  // winner and discarder is the same person as before (the sheet recorded names).
  const whoWon = (objects) => objects.filter((o) => !o.summary && !o.draw && o.seat)
    .map((o) => `${o.input}: ${o.players[o.seat]}${o.from && !o.self_draw ? ` from ${o.players[o.from]}` : ''}`);
  const hand5 = lines.indexOf('[c b123] [p w333] c456 d789 d2 +d2 seat=Ann from=Bob');
  await press(`[data-delete="${hand5}"]`);
  const without5 = await exported();
  const later = whoWon(mjscore(text)).slice(4);
  assert.deepEqual(whoWon(mjscore(without5)).slice(3), later);
  // Hand 6 at the seats of hand 5 now: Ann is East, Bob South, and still Ann wins on Bob.
  assert.equal(later[0], '[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=Ann from=Bob: Ann from Bob');
  sameAsCli(await sheetHands(), await standings(), mjscore(without5), 'hand 5 deleted');
  await press('#sheet-undo');
  // Undo and redo through the evening: ten steps back (the last ten lines taken out, newest
  // first), each sheet the command line's for the lines left, then ten steps forward.
  for (let k = 1; k <= 10; k++) {
    await press('#sheet-undo');
    assert.deepEqual(linesOf(await exported()), lines.slice(0, lines.length - k), `${k} steps undone`);
  }
  const back = `${lines.slice(0, -10).join('\n')}\n`;
  sameAsCli(await sheetHands(), await standings(), mjscore(back), 'ten steps undone');
  for (let k = 1; k <= 10; k++) await press('#sheet-redo');
  assert.deepEqual(linesOf(await exported()), lines, 'ten steps made again');
  sameAsCli(await sheetHands(), await standings(), mjscore(text), 'ten steps made again');
  assert.equal(await page.$eval('#sheet-redo', (b) => b.textContent), 'Redo (hand 5 deleted)');
  assert.deepEqual(page.errors, []);
});

test('a penalty typed in the field is recorded without a number: the hands keep theirs', async () => {
  await fresh();
  await seat(['Ann', 'Bob', 'Cho', 'Dee']);
  const lines = ['players: Ann Bob Cho Dee'];
  for (const line of ['b66 c12345678 d111 +c9 self seat=Bob', 'penalty Dee 30', 'b123 c456 d789 w11 b55 +b5 seat=Ann from=Cho']) {
    await typeLine(line);
    assert.equal(await page.$eval('#record', (b) => b.disabled), false, `${line} can be recorded`);
    await press('#record');
    lines.push(line);
  }
  // Hand 1, the penalty, hand 2, in the order of the lines; the next is hand 3.
  const numbers = await page.$$eval('#hands li.hand', (items) => items.map((li) => [Number(li.dataset.line), li.querySelector('.no').textContent]));
  assert.deepEqual(numbers.sort((a, b) => a[0] - b[0]).map(([, no]) => no), ['1', '·', '2']);
  assert.equal(await page.$eval('#record', (b) => b.textContent), 'Record hand 3');
  const text = await exported();
  assert.deepEqual(linesOf(text), lines);
  // By hand: Bob self-draws 45 (+135, the others -45); Dee is charged 30; hand 2 (Bob East,
  // Cho South, Dee West, Ann North: the deal passed once, not at the penalty) Ann wins 5 on
  // Cho's discard: +15, Cho -5, Bob -5, Dee -5. Dee: -45 - 30 - 5 = -80.
  const objects = mjscore(text);
  assert.equal(objects.at(-1).summary.standings.find((s) => s.player === 'Dee').total, -80);
  sameAsCli(await sheetHands(), await standings(), objects, 'a penalty between two hands');
  assert.deepEqual(page.errors, []);
});

test('a hand link opened where the page was left on the sheet opens the hand under the link\'s rules; a link to a rules file not kept here says so', async () => {
  await fresh();
  await seat(['Ann', 'Bob', 'Cho', 'Dee']);
  await typeLine('b66 c12345678 d111 +c9 self seat=Bob');
  await press('#record');
  // Zung Jung: 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 = 45; South self-draws,
  // each other seat pays 45.
  const hand = 'b66%20c12345678%20d111%20+c9%20self%20seat=s';
  await page.goto('about:blank');
  await openPage(page, `${url}#rules=zj&hand=${hand}`);
  assert.equal(await page.$eval('#view-hand', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.equal(await page.$eval('#rules [data-rules="zj"]', (e) => e.getAttribute('aria-checked')), 'true');
  assert.equal(await page.$eval('[data-total]', (e) => e.textContent), '45');
  assert.equal(await page.$eval('.payments tr[data-seat="s"] td.amount', (e) => e.textContent), 'receives 135');
  assert.match(await page.evaluate(() => location.hash), /^#rules=zj&hand=b66%20c12345678/);
  // The evening is where it was.
  await press('#view-sheet');
  assert.deepEqual((await sheetHands())[0].cells.Bob, { paid: 135, running: 135 });
  // A link to the rules file of "spring-season", kept nowhere here: said, and File… offered.
  assert.equal(await page.$eval('#link-note', (e) => e.hidden), true);
  await page.goto('about:blank');
  await openPage(page, `${url}#rules=spring-season&hand=${hand}`);
  assert.equal(await page.$eval('#link-note', (e) => e.hidden), false);
  assert.match(await page.$eval('#link-note-text', (e) => e.textContent), /"spring-season", which is not kept here: the hand is scored under WSOM/);
  await press('#link-note-file');
  assert.equal(await page.$eval('#dialog', (d) => d.open), true, 'File… is open');
  assert.deepEqual(page.errors, []);
});

test('evenings named, deleted with a second tap, and no empty ones piling up; a player renamed; a name with a space said plainly', async () => {
  await fresh();
  // A name with a space: the message names it, not a count of words.
  for (const [k, name] of [['e', 'Ann Marie'], ['s', 'Bob'], ['w', 'Cho'], ['n', 'Dee']]) {
    await page.$eval(`#name-${k}`, (e) => { e.value = ''; });
    await page.type(`#name-${k}`, name);
  }
  await press('#seat-save');
  assert.equal(await page.$eval('#seat-error', (e) => e.textContent), 'East\'s name "Ann Marie" holds a space: a name is one word (write Ann-Marie).');
  await seat(['Ann', 'Bob', 'Cho', 'Dee']);
  await typeLine('b66 c12345678 d111 +c9 self seat=Bob');
  await press('#record');
  // Bob renamed Rob: refused, as a word of the notation (rob, robbing a kong).
  await page.select('#rename-who', 'Bob');
  await page.type('#rename-to', 'Rob');
  await press('#rename-go');
  assert.match(await page.$eval('#rename-error', (e) => e.textContent), /^Rob cannot be a player's name: rob is a word of the notation/);
  // Bob renamed Ben: the lines follow, the hand is Ben's (+135).
  await page.$eval('#rename-to', (e) => { e.value = ''; });
  await page.type('#rename-to', 'Ben');
  await press('#rename-go');
  assert.equal(await page.$eval('#rename-error', (e) => e.textContent), '');
  assert.deepEqual(linesOf(await exported()), ['players: Ann Ben Cho Dee', 'b66 c12345678 d111 +c9 self seat=Ben']);
  assert.deepEqual((await sheetHands())[0].cells.Ben, { paid: 135, running: 135 });
  // A name that plays already is refused and said.
  await page.select('#rename-who', 'Ben');
  await page.type('#rename-to', 'Ann');
  await press('#rename-go');
  assert.equal(await page.$eval('#rename-error', (e) => e.textContent), 'Ann plays this evening already.');
  await press('#sheet-undo');
  assert.deepEqual(linesOf(await exported()), ['players: Ann Bob Cho Dee', 'b66 c12345678 d111 +c9 self seat=Bob']);
  await page.$eval('#evening-name', (e) => { e.value = ''; });
  await page.type('#evening-name', 'Spring league');
  await page.$eval('#evening-name', (e) => e.dispatchEvent(new Event('change')));
  assert.match(await page.$eval('#evening option:checked', (o) => o.textContent), /^Spring league · \d{4}-\d\d-\d\d \d\d:\d\d · Ann, Bob, Cho, Dee$/);
  // New evening, and New evening again: one empty evening, not two.
  await press('#evening-new');
  await press('#evening-new');
  assert.equal(await page.$$eval('#evening option', (o) => o.length), 2);
  // Back to the league; the empty evening is not kept once another is chosen.
  await page.select('#evening', await page.$$eval('#evening option', (o) => o.find((x) => x.textContent.startsWith('Spring league')).value));
  assert.equal(await page.$$eval('#evening option', (o) => o.length), 1);
  // Deleting takes a second tap; the last evening deleted leaves a new empty one.
  await press('#evening-delete');
  assert.equal(await page.$$eval('#evening option', (o) => o.length), 1);
  assert.match(await page.$eval('#evening-delete', (b) => b.textContent), /^Delete "Spring league"\? Tap again$/);
  await press('#evening-delete');
  const left = await page.$$eval('#evening option', (o) => o.map((x) => x.textContent));
  assert.equal(left.length, 1);
  assert.doesNotMatch(left[0], /Spring league/);
  assert.deepEqual(page.errors, []);
});

test('the director\'s event: the draw, a table\'s sheet kept here and one added as a file, the standings as `mjscore event standings`; a table\'s link', async () => {
  await fresh();
  await press('#view-event');
  assert.match(await page.$eval('#event-summary', (e) => e.textContent), /^No event yet/);
  const eventFile = join(root, 'docs/examples/events/pairs-night.toml');
  await press('#event-open');
  await page.$eval('#event-text', (e, t) => { e.value = t; }, readFileSync(eventFile, 'utf8'));
  await press('#event-go');
  assert.equal(await page.$eval('#event-summary', (e) => e.textContent), 'Pairs night: 8 players, 1 round of 2 hands under wsom, seed 1; 0 sheets in.');
  // docs/events.md: the seed seats Hal, Eve, Dee and Cho at table 1.1, Bob, Fay, Gus and Ann
  // at 1.2, East South West North.
  const tables = await page.$$eval('[data-event-table]', (items) => items.map((li) => [li.dataset.eventTable, li.querySelector('[data-keep-table]').dataset.seats]));
  assert.deepEqual(tables, [['1.1', 'Hal,Eve,Dee,Cho'], ['1.2', 'Bob,Fay,Gus,Ann']]);
  // Table 1.1's sheet kept here: seated as drawn, its two hands entered.
  await press('[data-keep-table="1.1"]');
  assert.equal(await page.$eval('#view-sheet', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.deepEqual(await tableNow(), ['Hal', 'Eve', 'Dee', 'Cho']);
  await typeLine('b66 c12345678 d111 +c9 self seat=Eve');
  await press('#record');
  await press('#record-draw');
  const kept = await exported();
  assert.deepEqual(linesOf(kept), ['table: 1.1', 'players: Hal Eve Dee Cho', 'b66 c12345678 d111 +c9 self seat=Eve', 'draw']);
  // The standings so far: Eve first with 135; table 1.2 still to come.
  await press('#view-event');
  assert.equal(await page.$eval('[data-event-player="Eve"] [data-points]', (e) => e.textContent), '135');
  assert.equal(await page.$eval('#event-missing', (e) => e.textContent), 'Still to come: table 1.2: no sheet.');
  // Table 1.2's sheet added as the file its keeper exported: the standings are the command
  // line's for both sheets, player by player (Eve 135 and Ann 110 on 4 table points each,
  // Gus 50, …, Fay -110).
  await press('#event-sheets');
  const chooser = await page.$('#event-sheet-files');
  await chooser.uploadFile(join(root, 'docs/examples/events/pairs-night-1.2.txt'));
  await page.waitForFunction(() => document.querySelectorAll('#event-standings tbody tr').length === 8 && !document.getElementById('event-missing').textContent);
  const shown = await page.$$eval('#event-standings tbody tr', (rows) => rows.map((r) => [Number(r.cells[0].textContent), r.dataset.eventPlayer, Number(r.querySelector('[data-points]').textContent)]));
  const byCli = execFileSync(cli, ['event', 'standings', eventFile, join(root, 'docs/examples/events/pairs-night-1.1.txt'), join(root, 'docs/examples/events/pairs-night-1.2.txt'), '--format', 'json'], { encoding: 'utf8' })
    .split('\n').filter(Boolean).map((l) => JSON.parse(l)).map((r) => [r.rank, r.player, r.points]);
  assert.deepEqual(shown, byCli);
  assert.deepEqual(shown.slice(0, 2), [[1, 'Eve', 135], [2, 'Ann', 110]]);
  assert.equal(await page.$eval('#event-problems', (e) => e.children.length), 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(web, 'dist/event-390.png'), fullPage: true });
  // Table 1.2's link, opened on a keeper's phone: its evening, seated as drawn. Here, where
  // its sheet was added as a file too, the standings then say the table comes twice.
  const link = await page.$eval('[data-event-table="1.2"] [data-table-link]', (a) => a.href);
  await page.goto('about:blank');
  await openPage(page, link);
  assert.equal(await page.$eval('#view-sheet', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.deepEqual(await tableNow(), ['Bob', 'Fay', 'Gus', 'Ann']);
  assert.match(await page.$eval('#evening option:checked', (o) => o.textContent), /^Pairs night · table 1\.2 · /);
  await press('#view-event');
  assert.match(await page.$eval('#event-problems', (e) => e.textContent), /table 1\.2 comes twice/);
  assert.deepEqual(page.errors, []);
});

test('the director\'s view of a 16-player club night: four tables\' exports merged as `mjscore event standings` merges them; a table opened from its link records hands under the right names', async () => {
  await fresh();
  await press('#view-event');
  // The event file chosen with the players file it names beside it.
  const dir = join(root, 'docs/examples/events');
  await press('#event-open');
  const chooser = await page.$('#event-files');
  await chooser.uploadFile(join(dir, 'club-night.toml'), join(dir, 'club-night-players.csv'));
  await page.waitForFunction(() => document.getElementById('event-files').files.length === 2);
  await press('#event-go');
  // The files are read, then the event drawn.
  await page.waitForFunction(() => document.getElementById('event-summary').textContent.startsWith('Thursday'));
  assert.equal(await page.$eval('#event-summary', (e) => e.textContent), 'Thursday club night: 16 players, 4 rounds of 8 hands under wsom, seed 1; 0 sheets in.');
  // Round 1 as the command line draws it.
  const cliDraw = execFileSync(cli, ['event', 'draw', join(dir, 'club-night.toml'), '--format', 'json'], { encoding: 'utf8' })
    .split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const shownDraw = await page.$$eval('[data-event-table]', (items) => items.map((li) => [li.dataset.eventTable, li.querySelector('[data-keep-table]').dataset.seats]));
  assert.deepEqual(shownDraw, cliDraw.map((t) => [`${t.round}.${t.table}`, t.seats.join(',')]));
  // Table 1.2 opened from its link, as on its keeper's phone: seated as drawn, its first
  // hand entered by names (the second seat's player self-draws 45).
  const round1 = cliDraw.filter((t) => t.round === 1);
  const link = await page.$eval('[data-event-table="1.2"] [data-table-link]', (a) => a.href);
  await page.goto('about:blank');
  await openPage(page, link);
  assert.deepEqual(await tableNow(), round1[1].seats);
  await typeLine(`b66 c12345678 d111 +c9 self seat=${round1[1].seats[1]}`);
  await press('#record');
  await press('#record-draw');
  const fromLink = await exported();
  assert.deepEqual(linesOf(fromLink), ['table: 1.2', `players: ${round1[1].seats.join(' ')}`, `b66 c12345678 d111 +c9 self seat=${round1[1].seats[1]}`, 'draw']);
  // The other three tables' exports, as their keepers would send them: a hand each, won
  // on a discard by East from South (a 45-point hand: South pays 85, the others 25).
  const sheets = round1.filter((t) => t.table !== 2).map((t) => {
    const [east, south] = t.seats;
    return [`table-1.${t.table}.txt`, `rules: wsom\ntable: 1.${t.table}\nplayers: ${t.seats.join(' ')}\n[p d333] [p b444] d888 e333 w4 +w4 seat=${east} from=${south}\n`];
  });
  const files = sheets.map(([name, text]) => { const path = join(work, name); writeFileSync(path, text); return path; });
  const linked = join(work, 'table-1.2.txt');
  writeFileSync(linked, fromLink);
  await press('#view-event');
  await press('#event-sheets');
  const sheetChooser = await page.$('#event-sheet-files');
  await sheetChooser.uploadFile(...files);
  await page.waitForFunction(() => document.querySelectorAll('#event-standings tbody tr').length === 16);
  const shown = await page.$$eval('#event-standings tbody tr', (rows) => rows.map((r) => [Number(r.cells[0].textContent), r.dataset.eventPlayer, Number(r.querySelector('[data-points]').textContent)]));
  let out;
  try {
    out = execFileSync(cli, ['event', 'standings', join(dir, 'club-night.toml'), linked, ...files, '--allow-incomplete', '--format', 'json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    // Exit status 1: ranked, with hands and rounds still missing.
    assert.equal(error.status, 1);
    out = error.stdout;
  }
  const byCli = out.split('\n').filter(Boolean).map((l) => JSON.parse(l)).map((r) => [r.rank, r.player, r.points]);
  assert.deepEqual(shown, byCli);
  // By hand: at table 1.2 the self-draw wins 135 for its winner; at each other table East
  // wins 45 on South's discard, +135 (the others pay 85, 25, 25).
  assert.equal(shown[0][2], 135);
  assert.equal(shown.filter(([, , points]) => points === 135).length, 4);
  assert.equal(await page.$eval('#event-problems', (e) => e.children.length), 0);
  assert.match(await page.$eval('#event-missing', (e) => e.textContent), /^Still to come: /);
  assert.deepEqual(page.errors, []);
});

test('a session file imported, from a file and pasted: the same sheet as `mjscore -f`; several evenings kept with their dates', async () => {
  await fresh();
  const file = join(root, 'docs/examples/session.txt');
  await press('#evening-import');
  const input = await page.$('#import-file');
  await input.uploadFile(file);
  await page.waitForFunction(() => document.getElementById('import-text').value.includes('players:'));
  await press('#import-go');
  const text = readFileSync(file, 'utf8');
  sameAsCli(await sheetHands(), await standings(), mjscore(text), 'docs/examples/session.txt');
  // docs/sessions.md works this evening out by hand: Ann 1000, Cho -175, Dee -175, Bob -650.
  assert.deepEqual((await standings()).map((s) => [s.player, s.total]), [['Ann', 1000], ['Cho', -175], ['Dee', -175], ['Bob', -650]]);
  // Pasted, under the doubling table (its rule set said in the file's first comment, as an
  // export writes it): the command line under --rules doubling gives the same.
  const doubling = `# mjscore session of 2026-11-20 20:00: mjscore -f THIS_FILE --rules doubling --summary\n${text}`;
  await press('#evening-import');
  await page.$eval('#import-text', (e, t) => { e.value = t; }, doubling);
  await press('#import-go');
  assert.equal(await page.$eval('#rules [data-rules="doubling"]', (e) => e.getAttribute('aria-checked')), 'true');
  sameAsCli(await sheetHands(), await standings(), mjscore(doubling, 'doubling'), 'pasted, doubling');
  // Who sits where at the next hand, under a table where a winning East deals again: the
  // command line's seating for one more line (a draw) after the file.
  const next = mjscore(`${doubling}draw\n`, 'doubling').filter((o) => o.draw).pop().players;
  assert.deepEqual(await tableNow(), [next.e, next.s, next.w, next.n]);
  // Two evenings kept (the two imported: the empty one the sheet opened with gave way to
  // the first), each with its date; choosing the first import brings back its WSOM sheet.
  const evenings = await page.$$eval('#evening option', (o) => o.map((x) => x.textContent));
  assert.equal(evenings.length, 2);
  assert.match(evenings[0], /^2026-11-20 20:00 · Ann, Bob, Cho, Dee$/);
  for (const e of evenings) assert.match(e, /^\d{4}-\d\d-\d\d \d\d:\d\d/);
  const first = await page.$$eval('#evening option', (o) => o[1].value);
  await page.select('#evening', first);
  assert.equal(await page.$eval('#rules [data-rules="wsom"]', (e) => e.getAttribute('aria-checked')), 'true');
  sameAsCli(await sheetHands(), await standings(), mjscore(text), 'the first import again');
  const wsomNext = mjscore(`${text}draw\n`).filter((o) => o.draw).pop().players;
  assert.deepEqual(await tableNow(), [wsomNext.e, wsomNext.s, wsomNext.w, wsomNext.n]);
  // The doubling evening exported: its rules: line names the doubling table, and the
  // command line without --rules scores it so (under WSOM, hand 5 would be a false win and
  // hand 1 worth 45, not 3 doubled).
  await page.select('#evening', await page.$$eval('#evening option', (o) => o[0].value));
  const doublingExport = await exported();
  assert.equal(doublingExport.split('\n')[1], 'rules: doubling');
  sameAsCli(await sheetHands(), await standings(), mjscore(doublingExport, null), 'the doubling evening exported, without --rules');
  assert.throws(() => mjscore(doublingExport, 'wsom'), /--rules wsom differs from the rules .* states at line 2 \(rules: doubling\)/);
  // A file that states Zung Jung in its rules: line alone is imported under it, the line
  // no line of the sheet.
  const zj = `rules: zj\n${text}`;
  await press('#evening-import');
  await page.$eval('#import-text', (e, t) => { e.value = t; }, zj);
  await press('#import-go');
  assert.equal(await page.$eval('#rules [data-rules="zj"]', (e) => e.getAttribute('aria-checked')), 'true');
  sameAsCli(await sheetHands(), await standings(), mjscore(zj, null), 'stated zj');
  // The doubling table with another maximum: imported under it, exported as it was stated.
  const eight = `rules: doubling max=8\n${text}`;
  await press('#evening-import');
  await page.$eval('#import-text', (e, t) => { e.value = t; }, eight);
  await press('#import-go');
  assert.equal(await page.$eval('#max', (e) => e.value), '8');
  assert.equal((await exported()).split('\n')[1], 'rules: doubling max=8');
  sameAsCli(await sheetHands(), await standings(), mjscore(eight, null), 'stated doubling max=8');
  assert.deepEqual(page.errors, []);
});

test('an evening under a rules file: the sheet says so, the export holds the file, and `mjscore -f --rules FILE` gives the same sheet', async () => {
  await fresh();
  const rulesPath = join(root, 'docs/examples/rules/seasonal.toml');
  const rulesText = readFileSync(rulesPath, 'utf8');
  // The file chosen while the sheet is open: the evening is kept under it.
  await press('#rules-files');
  await page.waitForSelector('#dialog[open]');
  await (await page.$('#rules-file-input')).uploadFile(rulesPath);
  await page.waitForFunction(() => !document.getElementById('dialog').open);
  assert.equal(await page.$eval('[data-sheet-rules]', (e) => e.textContent), 'Kept under the rules file seasonal.toml (Spring season): the export holds it.');
  await seat(['Ann', 'Bob', 'Cho', 'Dee']);
  // docs/rules-files.md: All Green, 400, East (Ann) on North's (Dee's) discard: Dee pays 3 x
  // 400 - 50 = 1150, Bob and Cho 25 each, Ann receives 1200.
  await typeLine('b234 b234 b666 e222 b8 +b8 seat=ann from=dee');
  await press('#record');
  const first = (await sheetHands())[0].cells;
  assert.deepEqual(first, { Ann: { paid: 1200, running: 1200 }, Bob: { paid: -25, running: -25 }, Cho: { paid: -25, running: -25 }, Dee: { paid: -1150, running: -1150 } });
  await typeLine('b11 b33 b55 b77 c22 c44 c6 +c6 self seat=s');
  await press('#record');
  await typeLine('b123 c456 d789 w11 b55 +b5 seat=e from=w');
  await press('#record');
  // The export names the file in its command and holds its text after `#| `; the
  // command docs/web.md gives writes the file out again, as it was.
  await press('#evening-export');
  assert.equal(await page.$eval('#export-rules-file', (a) => a.download), 'seasonal.toml');
  await page.keyboard.press('Escape');
  const text = await exported();
  assert.match(text.split('\n')[0], /^# mjscore session of .*: mjscore -f THIS_FILE --summary$/);
  assert.equal(text.split('\n')[2], 'rules: seasonal.toml');
  assert.equal(text.split('\n')[3], `#| ${rulesText.split('\n')[0]}`);
  const evening = join(work, 'evening-rules.txt');
  writeFileSync(evening, text);
  const written = execFileSync('sh', ['-c', `cd "${work}" && grep '^#|' evening-rules.txt | cut -c4- > seasonal.toml && cat seasonal.toml`], { encoding: 'utf8' });
  assert.equal(written, rulesText);
  // The command line under that file gives the sheet's payments, running totals and standings.
  sameAsCli(await sheetHands(), await standings(), mjscore(text, join(work, 'seasonal.toml')), 'under seasonal.toml');
  // Without --rules, the command line scores the evening under the file it holds: the
  // same sheet. Under WSOM the first hand is no All Green (1.2 5 + 2.1.1 40 + 3.1 10 +
  // 4.2.1 5 + 5.1.1 10 = 70), and --rules wsom is refused, naming both.
  sameAsCli(await sheetHands(), await standings(), mjscore(text, null), 'under the rules file it holds, without --rules');
  assert.throws(() => mjscore(text), /--rules wsom differs from the rules .* states at line 3 \(rules: seasonal\.toml/);
  // (The sheet keeps the hand typed as seat=ann from=dee with the players' names as seated.)
  assert.equal(mjscore(`${linesOf(text).join('\n')}\n`).find((o) => o.input === 'b234 b234 b666 e222 b8 +b8 seat=Ann from=Dee').total, 70);

  // Imported into a browser that has never seen the file: the file comes back with it.
  await fresh();
  assert.equal(await page.$$eval('#rules button.file', (b) => b.length), 0);
  await press('#evening-import');
  await page.$eval('#import-text', (e, t) => { e.value = t; }, text);
  await press('#import-go');
  assert.deepEqual(await page.$$eval('#rules button.file', (b) => b.map((x) => [x.textContent, x.getAttribute('aria-checked')])), [['Spring season', 'true']]);
  assert.equal(await page.$eval('[data-sheet-rules]', (e) => e.textContent), 'Kept under the rules file seasonal.toml (Spring season): the export holds it.');
  sameAsCli(await sheetHands(), await standings(), mjscore(text, join(work, 'seasonal.toml')), 'imported under seasonal.toml');
  // A file naming a rules file it does not hold, in a browser without it: not imported.
  await press('#evening-import');
  await page.$eval('#import-text', (e, t) => { e.value = t; }, `# mjscore session of 2026-11-20 20:00: mjscore -f THIS_FILE --rules club-400.toml --summary\n${linesOf(text).join('\n')}\n`);
  await press('#import-go');
  assert.match(await page.$eval('#import-error', (e) => e.textContent), /the rules file club-400\.toml, which this file does not hold/);
  await page.keyboard.press('Escape');
  assert.deepEqual(page.errors, []);
});

test('a killed browser loses nothing: each change is kept at once', async () => {
  const profile = join(work, 'profile');
  const launch = () => puppeteer.launch({ executablePath: chromium, headless: true, args: ARGS, userDataDir: profile });
  let b = await launch();
  let p = await b.newPage();
  await openPage(p);
  page = p;
  await press('#view-sheet');
  await seat(['Ann', 'Bob', 'Cho', 'Dee']);
  await typeLine('b66 c12345678 d111 +c9 self seat=s');
  await press('#record');
  await press('#record-draw');
  // Killed as soon as the page has it on the disk (its IndexedDB commit), timed; SIGKILL:
  // no shutdown, nothing flushed on the way out.
  const kept = await p.evaluate(async () => { const t = performance.now(); await window.mjscoreKept; return performance.now() - t; });
  timings.push(`a change kept on the disk ${kept.toFixed(1)} ms after the press returned`);
  b.process().kill('SIGKILL');
  await new Promise((resolve) => b.process().once('exit', resolve));
  b = await launch();
  try {
    p = await b.newPage();
    await openPage(p);
    page = p;
    // What localStorage had not yet written, the page takes back from IndexedDB.
    const restored = await p.evaluate(() => window.mjscoreRestored);
    timings.push(`after the kill, ${restored ? 'localStorage had lost the last changes: IndexedDB had them' : 'localStorage had every change'}`);
    const hands = await sheetHands();
    assert.equal(hands.length, 2);
    assert.deepEqual(hands[0].cells.Bob, { paid: 135, running: 135 });
  } finally {
    await b.close();
    page = null;
  }
});

test('an evening of 200 hands: correcting hand 1 works out the other 199 again', async () => {
  await fresh();
  const hands = EVENING.filter((s) => s.line && s.how === 'type').map((s) => s.line);
  const lines = ['players: Ann Bob Cho Dee'];
  for (let i = 0; lines.length <= 200; i++) lines.push(hands[i % hands.length]);
  const text = `${lines.join('\n')}\n`;
  await press('#evening-import');
  await page.$eval('#import-text', (e, t) => { e.value = t; }, text);
  await press('#import-go');
  assert.equal((await sheetHands()).length, 200);
  await press('[data-edit="1"]');
  await typeLine('b66 c12345678 d111 +c9 self seat=Cho');
  // The page's own time from the press to the sheet redrawn, and to the next frame.
  const ms = await page.evaluate(() => new Promise((resolve) => {
    const t = performance.now();
    document.getElementById('record').click();
    const sync = performance.now() - t;
    requestAnimationFrame(() => setTimeout(() => resolve([sync, performance.now() - t]), 0));
  }));
  timings.push(`correcting hand 1 of 200: ${ms[0].toFixed(1)} ms to the sheet worked out and redrawn, ${ms[1].toFixed(1)} ms to the next frame`);
  const edited = [...lines];
  edited[1] = 'b66 c12345678 d111 +c9 self seat=Cho';
  sameAsCli(await sheetHands(), await standings(), mjscore(`${edited.join('\n')}\n`), '200 hands, hand 1 corrected');
  // Opened again with the 200 hands: the time to its first answer, the sheet worked out.
  await page.reload();
  await page.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
  timings.push(`opening the page on a 200-hand evening: first answer ${(await page.evaluate(() => window.mjscoreTimings.firstScore)).toFixed(0)} ms after opening`);
  assert.equal((await sheetHands()).length, 200);
});

/** A static host for the site on a free local port: each file from the folder `folder()`
 * gives at that request (a test may put up another build), sent with `headers` beside its
 * type. */
async function serveSite(folder, headers = {}) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.webmanifest': 'application/manifest+json', '.png': 'image/png' };
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    const name = path === '/' ? 'index.html' : path.slice(1);
    const file = join(folder(), name);
    if (name.includes('..') || !existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(name)] || 'application/octet-stream', ...headers });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

test('the static site: served, then offline through its service worker; its manifest valid', async () => {
  const { server, origin } = await serveSite(() => site);
  const context = await browser.createBrowserContext();
  try {
    const p = await context.newPage();
    const t0 = Date.now();
    await openPage(p, `${origin}/`);
    timings.push(`the site, first visit: first score ${(await p.evaluate(() => window.mjscoreTimings.firstScore)).toFixed(0)} ms after opening (page load ${Date.now() - t0} ms)`);
    // The manifest: named in the page, a name, a start, standalone, PNG icons of 192 and 512
    // pixels that are what they say.
    const manifestUrl = await p.$eval('link[rel="manifest"]', (l) => l.href);
    const manifest = await p.evaluate(async (u) => (await fetch(u)).json(), manifestUrl);
    assert.equal(manifest.short_name, 'mjscore');
    assert.ok(manifest.name && manifest.start_url === './' && manifest.display === 'standalone');
    const sizes = new Set();
    for (const icon of manifest.icons) {
      assert.equal(icon.type, 'image/png');
      const png = readFileSync(join(site, icon.src));
      assert.equal(png.subarray(1, 4).toString(), 'PNG');
      const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      assert.equal(icon.sizes, `${w}x${h}`);
      sizes.add(icon.sizes);
    }
    assert.ok(sizes.has('192x192') && sizes.has('512x512'));
    // The service worker takes the page in hand.
    await p.evaluate(() => navigator.serviceWorker.ready);
    await p.reload();
    await p.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The network cut: the server stopped, and the browser offline.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await p.setOfflineMode(true);
    const t1 = Date.now();
    await p.goto(`${origin}/#rules=zj&hand=b66%20c12345678%20d111%20+c9%20self%20seat=s`);
    await p.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
    timings.push(`the site offline: first score ${(await p.evaluate(() => window.mjscoreTimings.firstScore)).toFixed(0)} ms after opening (page load ${Date.now() - t1} ms)`);
    // Zung Jung: 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 = 45, South self-draws:
    // each other seat pays 45.
    assert.equal(await p.$eval('[data-total]', (e) => e.textContent), '45');
    assert.equal(await p.$eval('.payments tr[data-seat="s"] td.amount', (e) => e.textContent), 'receives 135');
    // The sheet works offline too.
    page = p;
    await press('#view-sheet');
    await seat(['Ann', 'Bob', 'Cho', 'Dee']);
    await typeLine('b66 c12345678 d111 +c9 self seat=s');
    await press('#record');
    assert.deepEqual((await sheetHands())[0].cells.Bob, { paid: 135, running: 135 });
    assert.deepEqual(p.errors.filter((e) => !/net::ERR_INTERNET_DISCONNECTED/.test(e)), []);
    page = null;
  } finally {
    await context.close();
    server.close();
  }
});

test('a new build served with Cache-Control: max-age=600 reaches the user, who is told, and the evening is kept', async () => {
  // The second build: the same site with a page that says so and a worker of another
  // version, as the next web/build.sh writes.
  const second = mkdtempSync(join(tmpdir(), 'mjscore-site-'));
  for (const f of readdirSync(site)) copyFileSync(join(site, f), join(second, f));
  const firstPage = readFileSync(join(site, 'index.html'), 'utf8');
  writeFileSync(join(second, 'index.html'), firstPage.replace('</body>', '<p id="second-build" hidden>the second build</p></body>'));
  const worker = readFileSync(join(site, 'sw.js'), 'utf8');
  assert.match(worker, /const VERSION = 'mjscore-\d+'/);
  writeFileSync(join(second, 'sw.js'), worker.replace(/const VERSION = 'mjscore-\d+'/, "const VERSION = 'mjscore-second'"));
  // A static host that lets every file be cached for ten minutes.
  let served = site;
  const { server, origin } = await serveSite(() => served, { 'cache-control': 'max-age=600' });
  const context = await browser.createBrowserContext();
  try {
    const p = await context.newPage();
    await openPage(p, `${origin}/`);
    await p.evaluate(() => navigator.serviceWorker.ready);
    await p.reload();
    await p.waitForFunction(() => navigator.serviceWorker.controller !== null);
    assert.equal(await p.$eval('#update-ready', (e) => e.hidden), true, 'the first visit is no update');
    // An evening with a hand: Bob self-draws 45, +135.
    page = p;
    await press('#view-sheet');
    await seat(['Ann', 'Bob', 'Cho', 'Dee']);
    await typeLine('b66 c12345678 d111 +c9 self seat=Bob');
    await press('#record');
    // The second build is put up; the browser looks for a new worker (as at any visit).
    served = second;
    await p.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await p.waitForFunction(() => !document.getElementById('update-ready').hidden, { timeout: 30000 });
    await Promise.all([p.waitForNavigation(), p.click('#update-reload')]);
    await p.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
    assert.ok(await p.$('#second-build'), 'the page is the second build, not the first kept under its name');
    assert.deepEqual((await sheetHands())[0].cells.Bob, { paid: 135, running: 135 });
    // Offline, the second build is what is kept.
    server.closeAllConnections();
    await p.setOfflineMode(true);
    await p.reload();
    await p.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
    assert.ok(await p.$('#second-build'));
    assert.deepEqual(p.errors.filter((e) => !/net::ERR_INTERNET_DISCONNECTED/.test(e)), []);
    page = null;
  } finally {
    await context.close();
    server.close();
    rmSync(second, { recursive: true, force: true });
  }
});
