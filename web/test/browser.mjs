// The referee's page in a real browser: web/dist/mjscore.html opened from file:// in
// Chromium (puppeteer-core drives the browser Debian installs; it downloads none), hands
// entered with the tile buttons and by typing, in each of the four rule sets, and the page's
// total, payments, error position, claim verdict and waits checked against values worked out
// by hand from docs/rules*.md (each one's working is beside it; the command line gives the
// same, and web/test/equal.mjs checks the engine's JSON against it byte for byte).
//
// It also measures the time from opening the file to the first score, and the time the page
// takes to rescore and redraw on each keystroke, and takes screenshots at 390x844 (a phone)
// and 1280x800 into web/dist/.
//
//   node web/test/browser.mjs    (after web/build.sh; CHROMIUM names the browser, default
//                                 /usr/bin/chromium)
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { forgetKept } from './kept.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(web, '..');
const pagePath = join(web, 'dist/mjscore.html');
const url = pathToFileURL(pagePath).href;
const shots = join(web, 'dist');
const chromium = process.env.CHROMIUM || ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
if (!existsSync(pagePath)) {
  console.error(`browser: no page: run web/build.sh first (${pagePath})`);
  process.exit(2);
}
if (!chromium) {
  console.error('browser: no Chromium (apt-get install chromium, or set CHROMIUM)');
  process.exit(2);
}

let browser;
let page;
const measured = { firstScore: [], keystrokes: [] };

before(async () => {
  browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    // As root (CI) Chromium needs --no-sandbox; the page is a local file, the network unused.
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-extensions'],
  });
});
after(async () => {
  await browser?.close();
  const ms = (xs) => xs.map((x) => x.toFixed(2)).join(', ');
  const sorted = [...measured.keystrokes].sort((a, b) => a - b);
  if (sorted.length) {
    const median = sorted[Math.floor(sorted.length / 2)];
    const p95 = sorted[Math.floor(sorted.length * 0.95)];
    console.log(`timing: opening the file to the first score: ${ms(measured.firstScore)} ms`);
    console.log(`timing: rescoring and redrawing per keystroke, ${sorted.length} keystrokes: median ${median.toFixed(2)} ms, 95th percentile ${p95.toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(2)} ms`);
  }
});

/** Opens the page afresh (nothing remembered) at a width and height; resolves when it has scored. */
async function open(width = 390, height = 844, hash = '') {
  if (page) await page.close();
  const context = browser.defaultBrowserContext();
  page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.errors = errors;
  // Offline: any request other than the file itself fails the test.
  await page.setRequestInterception(true);
  page.on('request', (r) => (r.url().startsWith('file:') || r.url().startsWith('data:') ? r.continue() : (errors.push(`network: ${r.url()}`), r.abort())));
  await page.setViewport({ width, height, deviceScaleFactor: 1, isMobile: width < 500, hasTouch: width < 500 });
  // The page remembers the last hand: forget it, then time an opening from nothing.
  // (The address follows the field: the page is opened again at the address asked for.)
  await page.goto(url + hash);
  await forgetKept(page);
  await page.goto('about:blank');
  await page.goto(url + hash);
  await page.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
  measured.firstScore.push(await page.evaluate(() => window.mjscoreTimings.firstScore));
  return page;
}

/**
 * Clicks `selector` as a person would: scrolled to the middle of the screen first, out from
 * under the notation field that stays at the top.
 */
async function press(selector) {
  await page.$eval(selector, (e) => e.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.click(selector);
}
const text = (selector) => page.$eval(selector, (e) => e.textContent.trim());
const field = () => page.$eval('#line', (e) => e.value);
async function clear() {
  await press('#clear');
  assert.equal(await field(), '');
}
async function tap(...tiles) {
  for (const t of tiles) await press(`button[data-tile="${t}"]`);
}
async function rules(id) {
  await press(`#rules [data-rules="${id}"]`);
  assert.equal(await page.$eval(`#rules [data-rules="${id}"]`, (e) => e.getAttribute('aria-checked')), 'true');
}
/** Types `line` into the emptied field, key by key, and keeps the page's time for each. */
async function type(line) {
  await clear();
  await page.focus('#line');
  const before = await page.evaluate(() => window.mjscoreTimings.updates.length);
  await page.keyboard.type(line);
  assert.equal(await field(), line);
  const times = await page.evaluate((n) => window.mjscoreTimings.updates.slice(n), before);
  measured.keystrokes.push(...times);
}
async function payments() {
  const out = {};
  for (const seat of ['e', 's', 'w', 'n']) out[seat] = await text(`.payments tr[data-seat="${seat}"] td.amount`);
  return out;
}
async function waits() {
  return page.$$eval('tr[data-wait]', (rows) => rows.map((r) => [r.dataset.wait, r.querySelector('[data-discard]').textContent, r.querySelector('[data-self-draw]').textContent]));
}
async function problem() {
  return {
    marked: await text('#problem mark'),
    message: await text('#problem .message'),
  };
}
/** The page started: its engine unpacked and the first answer shown (a change between a
 * phone's and a desktop's viewport reloads the page). */
const started = () => page.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
async function shot(name, fullPage = false) {
  await started();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, name), fullPage });
}

test('WSOM: a hand from the tile keyboard, an error, a claim, waits', async () => {
  await open(390, 844);
  // The page opens on README's first hand, already scored.
  assert.equal(await field(), 'b66 c12345678 d111 +c9 self seat=s');
  assert.equal(await text('[data-total]'), '45');
  await shot('page-390.png');

  // The same hand tapped in: b6 b6, c1-c8, a pung of d1, the winning c9, self, seat South.
  // 1.2 Concealed Hand 5 (no melds) + 7.1 Nine-Tile Straight 40 (c123 c456 c789) = 45, no
  // limit under 320 (docs/rules.md); a self-draw: each other seat pays 45, South 3 x 45 = 135.
  await clear();
  await tap('b6', 'b6', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'd1', 'd1', 'd1');
  await press('#win-tile');
  assert.equal(await page.$eval('#win-tile', (e) => e.getAttribute('aria-pressed')), 'true');
  await tap('c9');
  await press('#ctx-self-shared');
  await page.select('#ctx-seat-shared', 's');
  assert.equal(await field(), 'b66 c12345678 d111 +c9 self seat=s');
  assert.equal(await text('[data-total]'), '45');
  assert.deepEqual(await page.$$eval('.patterns [data-pattern]', (b) => b.map((x) => x.dataset.pattern)), ['1.2', '7.1']);
  assert.deepEqual(await payments(), { e: 'pays 45', s: 'receives 135', w: 'pays 45', n: 'pays 45' });

  // A pattern tapped opens its card: 7.1's definition and example (the explain JSON).
  await press('.patterns [data-pattern="7.1"]');
  await page.waitForSelector('#dialog[open]');
  assert.match(await text('[data-condition]'), /A 123 sequence, a 456 sequence and a 789 sequence, all in the same suit/);
  // With the names players use for it elsewhere.
  assert.match(await text('[data-aliases]'), /pure straight, straight, ittsu/);
  assert.match(await text('#dialog-title'), /7\.1 Nine-Tile Straight/);
  await shot('page-390-card.png');
  await page.keyboard.press('Escape');

  // A typed mistake, shown under the character it names: column 6 is the w of w5.
  await type('b123 w5 c456 +b9');
  const p = await problem();
  assert.equal(p.marked, 'w');
  assert.equal(p.message, 'Column 6: w5: winds are w1-w4 (1 East, 2 South, 3 West, 4 North)');
  await shot('page-390-error.png');

  // A false win is a hand, not a typo: no pattern scores (WSOM has no Chicken Hand) and the
  // minimum is 5, so the page says why, and shows no problem under the line.
  await type('[c b123] [p w333] c456 d789 d2 +d2 from=s');
  assert.match(await text('[data-false-win]'), /no scoring pattern \(a Chicken Hand\); WSOM needs at least 5 points/);
  assert.equal((await page.$$('#problem mark')).length, 0);
  await shot('page-390-false-win.png');

  // A claim: 3.1 Value Honor 10 (e333) + 4.1 All Triplets 30 + 4.2.1 Two Concealed Triplets 5
  // (d888, e333) = 45; claimed 4.1 + 4.2.2 = 30 + 30 = 60 > 45: overclaimed, corrected to 45.
  // On a discard worth 45 > 25 the discarder East pays 3 x 45 - 50 = 85, the others 25 each.
  await type('[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e claim=4.1+4.2.2');
  assert.equal(await page.$eval('[data-verdict]', (e) => e.dataset.verdict), 'overclaimed');
  assert.match(await text('[data-verdict]'), /Overclaimed: 60 claimed, corrected to 45/);
  assert.match(await text('[data-verdict]'), /missed: 3\.1 Value Honor, 4\.2\.1 Two Concealed Triplets/);
  assert.equal(await text('[data-total]'), '45');
  assert.deepEqual(await payments(), { e: 'pays 85', s: 'receives 135', w: 'pays 25', n: 'pays 25' });
  await shot('page-390-claim.png', true);
  await page.setViewport({ width: 1280, height: 800 });
  await started();
  await shot('page-1280-claim.png');
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await started();

  // Several readings: c222 c333 c444 read as triplets give 1.2 Concealed Hand 5 + 4.2.2
  // Three Concealed Triplets 30 + 7.2.1 Three Consecutive Triplets 100 = 135, as three c234
  // sequences 1.1 5 + 1.2 5 + 5.1.3 Three Identical Sequences 120 = 130: the best, 135,
  // counts, self-drawn by West: each other seat pays 135, West receives 405.
  await type('c222333444 b789 d5 +d5 self seat=w');
  assert.equal(await text('[data-total]'), '135');
  assert.equal(await text('.reading-list summary'), 'best of 2 readings');
  assert.deepEqual(await payments(), { e: 'pays 135', s: 'pays 135', w: 'receives 405', n: 'pays 135' });

  // The rule set's card: every pattern, each opening its definition; and the notation card.
  await press('#open-card');
  await page.waitForSelector('#dialog[open]');
  // WSOM's card: the 44 patterns of Zung Jung v3.3 (no Chicken Hand: a false win instead).
  assert.equal((await page.$$('#dialog-body .card-list [data-pattern]')).length, 44);
  await press('#dialog-body [data-pattern="10.1"]');
  assert.match(await text('#dialog-title'), /^10\.1 Thirteen Terminals$/);
  // Its example, b19 c19 d19 w1234 e123 +e3, is Thirteen Terminals alone: 160 (docs/rules.md:
  // 160 plus 9.x bonuses only, under the 320 limit), put in the field and scored.
  await press('#use-example');
  assert.equal(await page.$('#dialog[open]'), null);
  assert.equal(await text('[data-total]'), '160');
  await press('#open-notation');
  assert.match(await text('#dialog-body pre'), /Words of one rule set/);
  await page.keyboard.press('Escape');

  // Waits: b123 c456 d789 w11 + b5 b6 waits on b4 and b7; each win is 1.1 All Sequences 5 +
  // 1.2 Concealed Hand 5 = 10, self-drawn too (Zung Jung has no self-draw pattern).
  await type('b123 c456 d789 w11 b5 b6');
  assert.deepEqual(await waits(), [['b4', '10', '10'], ['b7', '10', '10']]);
  assert.match(await text('[data-waits-summary]'), /Calling on 2 kinds, 8 tiles unseen/);
  assert.deepEqual(page.errors, []);
});

test('ZJ: melds from the keyboard, a chicken hand, a claim typed in its field, an error, waits', async () => {
  await open(390, 844);
  await rules('zj');
  await clear();
  // Chow from b1, pung of w3, then c4 c5 c6 d7 d8 d9 d2, the winning d2 from South.
  await press('.meld[data-meld="c"]');
  assert.equal(await field(), '[c ');
  await tap('b1');
  await press('.meld[data-meld="p"]');
  await tap('w3', 'c4', 'c5', 'c6', 'd7', 'd8', 'd9', 'd2');
  await press('#win-tile');
  await tap('d2');
  await page.select('#ctx-from-shared', 's');
  assert.equal(await field(), 'c456 d2789 [c b123] [p w333] +d2 from=s');
  // No pattern: standard Zung Jung scores a 1-point Chicken Hand (docs/rules.md). On a
  // discard worth 1 <= 25 each other seat pays 1; East, the winner, receives 3.
  assert.equal(await text('[data-total]'), '1');
  assert.deepEqual(await page.$$eval('.patterns [data-pattern]', (b) => b.map((x) => x.dataset.pattern)), ['chicken']);
  assert.deepEqual(await payments(), { e: 'receives 3', s: 'pays 1', w: 'pays 1', n: 'pays 1' });
  // A claim of 5 for a hand worth 1: overclaimed, corrected to 1.
  await page.type('#ctx-claim-shared', '5');
  assert.equal(await field(), 'c456 d2789 [c b123] [p w333] +d2 from=s claim=5');
  assert.equal(await page.$eval('[data-verdict]', (e) => e.dataset.verdict), 'overclaimed');
  assert.match(await text('[data-verdict]'), /Overclaimed: 5 claimed, corrected to 1/);
  assert.deepEqual(await payments(), { e: 'receives 3', s: 'pays 1', w: 'pays 1', n: 'pays 1' });
  // The prevailing wind is the doubling table's and Huang's word, not Zung Jung's: the
  // error points at round= (column 50 of this line).
  await type('[c b123] [p w333] c456 d789 d2 +d2 seat=e from=s round=s');
  const p = await problem();
  assert.equal(p.marked, 'r');
  assert.match(p.message, /^Column 50: 'round=' is scored only by --rules doubling or --rules huang/);
  // The same hand before its win waits on d2 only (the pair); a chicken hand both ways: 1.
  await type('[c b123] [p w333] c456 d789 d2');
  assert.deepEqual(await waits(), [['d2', '1', '1']]);
  await shot('page-390-waits.png', true);
  assert.deepEqual(page.errors, []);
});

test('Doubling: the payout 2^points, a claim, an error, waits', async () => {
  await open(1280, 800);
  await rules('doubling');
  assert.ok(await page.$('#ctx-round-sys'), 'the round wind control is there');
  // d.c All Pong 3 (b111 [p c444] d777 e222 and the pair w33) + d.f Dragon Pong 1 (e222) = 4;
  // w3 is neither East's seat wind nor the round's (East). The payout is 2^4 = 16: the
  // discarder South pays double, 32, West and North 16, and East receives 4 x 16 = 64
  // (docs/rules-doubling.md, Payments).
  await type('b111 [p c444] e222 d777 w3 +w3 from=s');
  assert.equal(await text('[data-total]'), '4');
  assert.deepEqual(await page.$$eval('.patterns [data-pattern]', (b) => b.map((x) => x.dataset.pattern)), ['d.c', 'd.f']);
  assert.deepEqual(await payments(), { e: 'receives 64', s: 'pays 32', w: 'pays 16', n: 'pays 16' });
  await shot('page-1280.png');
  // claim=5 on a hand of 4: overclaimed, corrected to 4, paid as before.
  await type('b111 [p c444] e222 d777 w3 +w3 from=s claim=5');
  assert.equal(await page.$eval('[data-verdict]', (e) => e.dataset.verdict), 'overclaimed');
  assert.match(await text('[data-verdict]'), /Overclaimed: 5 claimed, corrected to 4/);
  assert.deepEqual(await payments(), { e: 'receives 64', s: 'pays 32', w: 'pays 16', n: 'pays 16' });
  // tin= is Huang's word: the error points at column 39.
  await type('b111 [p c444] e222 d777 w3 +w3 from=s tin=earth');
  const p = await problem();
  assert.equal(p.marked, 't');
  assert.match(p.message, /^Column 39: 'tin=' is scored only by --rules huang/);
  // Before its win the hand waits on w3: 4 on a discard; self-drawn adds d.i Self-Drawn 1: 5.
  await type('b111 [p c444] e222 d777 w3');
  assert.deepEqual(await waits(), [['w3', '4', '5']]);
  await shot('page-1280-waits.png');
  assert.deepEqual(page.errors, []);
});

test('Huang: the Tin and the N-th last tile from the controls, the dealer double, an underscored claim, an error, waits', async () => {
  await open(1280, 800);
  await rules('huang');
  await clear();
  await tap('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'd5');
  await press('.meld[data-meld="p"]');
  await tap('e1');
  await press('#win-tile');
  await tap('d5');
  await press('#ctx-self-shared');
  await page.select('#ctx-seat-shared', 's');
  await page.select('#ctx-tin-sys', 'earth');
  await page.select('#ctx-last-sys', '3');
  assert.equal(await field(), 'c123456789 d5 [p e111] +d5 self seat=s tin=earth last=3');
  // docs/rules-huang.md's example: h.7 Earth Tin 30 + h.20 Dragon Triple 1 + h.45 Single Tin
  // 2 + h.48 Mono Color Dragon 7 + h.54 Pair of 2, 5, 8 1 + h.55 Self Fetching 2 = 43, and
  // h.62 Near-Last Draw (last=3) +50%: 43 x 1.5 = 64.5, rounded half up to 65. Every loser
  // pays 65, the dealer East double, 130; South, not the dealer, receives 4 x 65 = 260.
  assert.equal(await text('[data-total]'), '65');
  assert.deepEqual(await payments(), { e: 'pays 130', s: 'receives 260', w: 'pays 65', n: 'pays 65' });
  assert.match(await text('.patterns [data-pattern="h.62"]'), /\+50%/);
  assert.equal(await text('[data-limit]'), 'no limit; base 43 + 50% = 64.5, rounded half up to 65');
  await shot('page-1280-huang.png');
  // claim=60 under 65: underscored, the claim stands and is paid: 60 each, East 120, South 240.
  await page.type('#ctx-claim-shared', '60');
  assert.equal(await page.$eval('[data-verdict]', (e) => e.dataset.verdict), 'underscored');
  assert.match(await text('[data-verdict]'), /Underscored: the claim of 60 stands and is paid \(the hand is worth 65\)/);
  assert.deepEqual(await payments(), { e: 'pays 120', s: 'receives 240', w: 'pays 60', n: 'pays 60' });
  // resp= has no meaning here (no feeder penalty): the error points at column 39.
  await type('c123 c456 c789 d5 [p e111] +d5 seat=s resp=w');
  const p = await problem();
  assert.equal(p.marked, 'r');
  assert.match(p.message, /^Column 39: resp= has no meaning in Huang's table/);
  // Before its win, with Earth Tin declared, it waits on d5 alone: 30 + 1 + 2 + 7 + 1 = 41
  // on a discard, and with h.55 Self Fetching 2 self-drawn, 43.
  await type('c123 c456 c789 d5 [p e111] tin=earth');
  assert.deepEqual(await waits(), [['d5', '41', '43']]);
  // Back to WSOM: Huang's own words are taken out of the line, which WSOM would refuse.
  await rules('wsom');
  assert.equal(await field(), 'c123 c456 c789 d5 [p e111]');
  assert.deepEqual(page.errors, []);
});

test('a link that carries the rule set and the hand', async () => {
  // docs/rules-huang.md's example again, from the address: 65, South receiving 4 x 65.
  await open(390, 844, '#rules=huang&hand=c123%20c456%20c789%20d5%20%5Bp%20e111%5D%20+d5%20self%20seat=s%20tin=earth%20last=3');
  assert.equal(await field(), 'c123 c456 c789 d5 [p e111] +d5 self seat=s tin=earth last=3');
  assert.equal(await page.$eval('#rules [data-rules="huang"]', (e) => e.getAttribute('aria-checked')), 'true');
  assert.equal(await text('[data-total]'), '65');
  assert.equal(await text('.payments tr[data-seat="s"] td.amount'), 'receives 260');
});

test('everything from the keyboard alone, and the names a screen reader reads', async () => {
  await open(390, 844);
  // The tiles are named: Red Dragon, East Wind, 5 Dots.
  assert.equal(await page.$eval('button[data-tile="e1"]', (e) => e.getAttribute('aria-label')), 'Red Dragon (e1)');
  assert.equal(await page.$eval('button[data-tile="w1"]', (e) => e.getAttribute('aria-label')), 'East Wind (w1)');
  assert.equal(await page.$eval('button[data-tile="d5"]', (e) => e.getAttribute('aria-label')), '5 Dots (d5)');
  // Tab to the rule sets, arrow to ZJ; tab on to a tile key, Enter presses it.
  await page.focus('#rules [data-rules="wsom"]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.$eval('#rules [data-rules="zj"]', (e) => e.getAttribute('aria-checked')), 'true');
  await press('#clear');
  await page.focus('button[data-tile="e1"]');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  assert.equal(await field(), 'e11');
  // The answer's status line is a live region: it says what the engine said.
  assert.equal(await page.$eval('#status', (e) => e.getAttribute('aria-live')), 'polite');
  assert.deepEqual(page.errors, []);
});

test('without a font that has the mahjong tiles, the keys show their Chinese faces', async (t) => {
  // Chromium given only fonts without the tiles (fontconfig pointed at DejaVu's or
  // Liberation's folder): the page finds the tile glyphs missing and shows 5萬, 東 instead,
  // still with the code beneath.
  const fonts = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/truetype/liberation'].find(existsSync);
  if (!fonts) {
    t.skip('no DejaVu or Liberation fonts to run Chromium with');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'mjscore-fonts-'));
  writeFileSync(join(dir, 'fonts.conf'), `<?xml version="1.0"?><fontconfig><dir>${fonts}</dir><cachedir>${dir}/cache</cachedir></fontconfig>`);
  const bare = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
    env: { ...process.env, FONTCONFIG_FILE: join(dir, 'fonts.conf') },
  });
  try {
    const p = await bare.newPage();
    await p.goto(url);
    await p.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
    assert.equal(await p.evaluate(() => document.documentElement.classList.contains('no-glyphs')), true);
    assert.equal(await p.$eval('button[data-tile="c5"] .face', (e) => getComputedStyle(e).display), 'block');
    assert.equal(await p.$eval('button[data-tile="c5"] .face', (e) => e.textContent), '5萬');
    assert.equal(await p.$eval('button[data-tile="w1"] .face', (e) => e.textContent), '東');
  } finally {
    await bare.close();
    rmSync(dir, { recursive: true, force: true });
  }
  // With the fonts of this machine the glyphs are shown (Debian's fonts-noto-core has them).
  if (await page.evaluate(() => document.fonts.check('16px "Noto Sans Symbols2"'))) {
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('no-glyphs')), false);
  }
});

test('phone first: the total and every payment on the first screen, the controls before the answer', async () => {
  await open(390, 844);
  await type('[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e');
  await page.evaluate(() => window.scrollTo(0, 0));
  // 3.1 + 4.1 + 4.2.1 = 45 on East's discard: East pays 3 x 45 - 50 = 85, West and North
  // 25, South receives 135; all of it under the field, on the first 390 x 844 screen.
  assert.equal(await text('[data-quick-total]'), '45');
  const quick = await page.$$eval('[data-quick-seat]', (cells) => cells.map((c) => [c.dataset.quickSeat, c.querySelector('.amount').textContent, c.getBoundingClientRect().bottom]));
  assert.deepEqual(quick.map(([k, a]) => [k, a]), [['e', '-85'], ['s', '+135'], ['w', '-25'], ['n', '-25']]);
  for (const [, , bottom] of quick) assert.ok(bottom <= 844, `a payment below the first screen (${bottom})`);
  // How it was won comes before the answer's details: reached without scrolling past them.
  const context = await page.$eval('#context', (e) => e.getBoundingClientRect().top);
  const answer = await page.$eval('#answer', (e) => e.getBoundingClientRect().top);
  assert.ok(context < answer, `the controls (${context}) before the answer (${answer})`);
});

test('a [ left open in the middle of the line: the command line\'s error at its column', async () => {
  await open(390, 844);
  // `mjscore 'b123 c456 [p d777 w11 b5 +b5'` says: column 26 (the +), "expected ']' to close
  // the meld": the meld is no meld being entered, and the page says what the engine says.
  await type('b123 c456 [p d777 w11 b5 +b5');
  const p = await problem();
  assert.equal(p.marked, '+');
  assert.equal(p.message, "Column 26: expected ']' to close the meld");
  assert.doesNotMatch(await text('#answer'), /Tap the meld's tile/);
  // A meld still being entered waits for its tile as before.
  await type('b123 c456 [p');
  assert.match(await text('#answer'), /Tap the meld's tile/);
});

test('the doubling table\'s maximum stays with it: not in other rule sets, not in links', async () => {
  await open(390, 844);
  await rules('doubling');
  await page.select('#max', '8');
  assert.match(await text('#command'), /--max 8/);
  // A link to a WSOM hand, opened after that visit: scored under WSOM as ever (45), no --max.
  await page.goto('about:blank');
  await page.goto(`${url}#rules=wsom&hand=b66%20c12345678%20d111%20+c9%20self%20seat=s`);
  await page.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
  assert.equal(await text('#status'), 'Total 45 · South receives 135');
  assert.doesNotMatch(await text('#command'), /--max/);
  assert.doesNotMatch(await page.$eval('#hand-link', (a) => a.href), /max=/);
  // A link to a doubling hand that names no maximum: the table's own, 13.
  await page.goto('about:blank');
  await page.goto(`${url}#rules=doubling&hand=b111%20%5Bp%20c444%5D%20e222%20d777%20w3%20+w3%20from=s`);
  await page.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
  assert.equal(await page.$eval('#max', (s) => s.value), '0');
  assert.doesNotMatch(await text('#command'), /--max/);
  assert.equal(await text('[data-total]'), '4');
  assert.deepEqual(page.errors, []);
});

test('an underscored claim: what is paid is the large figure', async () => {
  // docs/rules-huang.md's example is worth 65; claimed 60, the claim stands and is paid.
  await open(390, 844, '#rules=huang&hand=c123%20c456%20c789%20d5%20%5Bp%20e111%5D%20+d5%20self%20seat=s%20tin=earth%20last=3%20claim=60');
  assert.equal(await text('.total .value'), '60');
  assert.equal(await text('.total .label'), 'Paid on the claim');
  assert.equal(await text('[data-total]'), '65');
  assert.equal(await text('[data-quick-total]'), '60');
  assert.deepEqual(await payments(), { e: 'pays 120', s: 'receives 240', w: 'pays 60', n: 'pays 60' });
});

test('10,000 pasted characters: the page keeps its width, the field and its error a bounded height', async () => {
  await open(390, 844);
  const pasted = 'b123'.repeat(2500);
  await page.$eval('#line', (e, t) => { e.value = t; e.dispatchEvent(new Event('input', { bubbles: true })); }, pasted);
  assert.equal(await field(), pasted);
  assert.ok(await page.$eval('#problem', (e) => !e.hidden), 'the line is refused');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  const entry = await page.$eval('.entry', (e) => e.getBoundingClientRect().height);
  assert.ok(entry <= 844 / 2 + 1, `the sticky area is ${entry} px tall`);
  // A long unknown word wraps in the message too.
  await type(`b123 ${'x'.repeat(300)}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
});

test('typing seat=south adds nothing to the winner\'s seat list', async () => {
  await open(390, 844);
  await type('b66 c12345678 d111 +c9 self seat=south');
  const options = await page.$$eval('#ctx-seat-shared option', (o) => o.map((x) => x.value));
  assert.deepEqual(options, ['', 'e', 's', 'w', 'n']);
  assert.equal(await page.$eval('#ctx-seat-shared', (s) => s.value), 's');
  // A value that is no seat is shown once, as written, and goes when the word does.
  await type('b66 c12345678 d111 +c9 self seat=sx');
  assert.equal((await page.$$('#ctx-seat-shared option')).length, 6);
  await type('b66 c12345678 d111 +c9 self');
  assert.equal((await page.$$('#ctx-seat-shared option')).length, 5);
});

test('the address follows the field: an edit survives a reload, and links to the hand', async () => {
  await open(390, 844);
  await rules('zj');
  await type('[c b123] [p w333] c456 d789 d2 +d2 from=s');
  await page.reload();
  await page.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
  assert.equal(await field(), '[c b123] [p w333] c456 d789 d2 +d2 from=s');
  assert.equal(await page.$eval('#rules [data-rules="zj"]', (e) => e.getAttribute('aria-checked')), 'true');
  const [hash, link] = await page.evaluate(() => [location.hash, document.getElementById('hand-link').href]);
  assert.ok(link.endsWith(hash) && hash.startsWith('#rules=zj&hand='), `${link} ${hash}`);
  // Zung Jung's chicken hand, 1: each seat pays 1 (as in the ZJ test above).
  assert.equal(await text('[data-total]'), '1');
});

test('arrow keys move in the tile keys as they are laid out', async () => {
  await open(390, 844);
  // At 390 px a suit is two rows, 1-5 over 6-9 (c7 under c2), then the next suit's.
  const focused = () => page.evaluate(() => document.activeElement.dataset.tile);
  await page.focus('button[data-tile="c1"]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), 'c2');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), 'c7');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), 'b2');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), 'd2');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focused(), 'b7');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(), 'b6');
  await page.keyboard.press('End');
  assert.equal(await focused(), 'b9');
  // Enter presses it: b9 joins the hand's bamboos.
  await page.keyboard.press('Enter');
  assert.equal(await field(), 'b669 c12345678 d111 +c9 self seat=s');
  // On a wide screen a suit is one row: c2, then b2 under it.
  await page.setViewport({ width: 1280, height: 800 });
  await started();
  await page.focus('button[data-tile="c2"]');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), 'b2');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), 'w2');
});

test('touch targets: every key and control at least 44 px each way, at 390 px and wider', async () => {
  await open(390, 844);
  // A hand with several readings, so that the readings' summary is there too.
  await type('c222333444 b789 d5 +d5 self seat=w');
  const small = () => page.evaluate(() => {
    const out = [];
    for (const e of document.querySelectorAll('button, select, input, a[href], summary, textarea')) {
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      // A checkbox is pressed through its row's label.
      const box = e.type === 'checkbox' ? e.closest('.ctx').querySelector('label').getBoundingClientRect() : r;
      if (box.height < 44 || box.width < 44) out.push(`${e.tagName}#${e.id}.${e.className} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return out;
  });
  for (const view of ['hand', 'sheet']) {
    if (view === 'sheet') await press('#view-sheet');
    assert.deepEqual(await small(), [], view);
  }
  await press('#view-hand');
  // The 34 tile keys at 390 px: a suit in two rows of five and four, about 71 x 52 each; the
  // honours in a row of seven, about 50 x 52.
  const keys = await page.$$eval('#tiles .tile', (b) => b.map((x) => [x.dataset.tile, x.getBoundingClientRect().width, x.getBoundingClientRect().height]));
  assert.equal(keys.length, 34);
  for (const [code, w, h] of keys) assert.ok(w >= 44 && h >= 44, `${code}: ${w}x${h}`);
  // And on the narrowest screen the layout is for (360 px), and the widths between.
  for (const width of [360, 440, 900, 1280]) {
    await page.setViewport({ width, height: 800 });
    await started();
    assert.deepEqual(await small(), [], `${width} px`);
  }
  // Entering a hand at 390 px leaves the answer on the first screen: the total and every
  // payment under the field, the keys, melds and Win + below it, all within 844 px.
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await started();
  await clear();
  await tap('b6', 'b6', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'd1', 'd1', 'd1');
  await press('#win-tile');
  await tap('c9');
  await page.evaluate(() => window.scrollTo(0, 0));
  // README's hand won on a discard: 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 = 45;
  // East wins on the discard of its upper seat, North: 45 > 25, North pays 3 x 45 - 50 = 85,
  // South and West 25 each, East receives 135.
  assert.equal(await text('[data-quick-total]'), '45');
  assert.deepEqual(await page.$$eval('[data-quick-seat] .amount', (a) => a.map((x) => x.textContent)), ['+135', '-25', '-25', '-85']);
  const bottoms = await page.$$eval('#quick, #tiles, .melds', (e) => e.map((x) => x.getBoundingClientRect().bottom));
  for (const b of bottoms) assert.ok(b <= 844, `below the first screen: ${b}`);
  await shot('page-390-keys.png');
});

/** Loads a rules file through the page's picker (Rules files, Choose a file). */
async function pickRulesFile(path) {
  await press('#rules-files');
  await page.waitForSelector('#dialog[open]');
  const input = await page.$('#rules-file-input');
  await input.uploadFile(path);
}
/** The rule sets of the bar, each with whether it is chosen. */
const ruleBar = () => page.$$eval('#rules button', (b) => b.map((x) => [x.textContent, x.getAttribute('aria-checked')]));

test('a club\'s rules file: chosen, pasted, kept, scored as `mjscore --rules FILE`; a broken one refused at its line and column', async () => {
  await open(390, 844);
  // docs/examples/rules/seasonal.toml through the picker: kept, and chosen in the bar.
  await pickRulesFile(join(root, 'docs/examples/rules/seasonal.toml'));
  await page.waitForFunction(() => !document.getElementById('dialog').open);
  assert.deepEqual(await ruleBar(), [['WSOM', 'false'], ['ZJ', 'false'], ['Doubling', 'false'], ['Huang', 'false'], ['Spring season', 'true']]);
  // docs/rules-files.md: All Green (c.2, 400) scores alone, setting aside 1.2 5, 3.1 10,
  // 4.2.1 5 and 5.1.1 10 (30). On North's discard, 400 > 25: North pays 3 x 400 - 50 =
  // 1150, South and West 25 each, East receives 1200.
  await type('b234 b234 b666 e222 b8 +b8 from=n');
  assert.equal(await text('[data-total]'), '400');
  assert.equal(await text('[data-limit]'), 'listed limit: c.2 All Green scores alone');
  assert.deepEqual(await page.$$eval('.patterns [data-pattern]', (b) => b.map((x) => x.dataset.pattern)), ['c.2']);
  assert.deepEqual(await payments(), { e: 'receives 1200', s: 'pays 25', w: 'pays 25', n: 'pays 1150' });
  assert.equal(await text('[data-quick-total]'), '400');
  assert.equal(await text('#command'), "mjscore --rules seasonal.toml 'b234 b234 b666 e222 b8 +b8 from=n'");
  assert.match(await text('.rules-name'), /^Spring season \(seasonal\.toml\)$/);
  // Spring Pairs (c.1, 320), a limit, self-drawn by East: each pays 320, East receives 960.
  await type('b11 b33 b55 b77 c22 c44 c6 +c6 self');
  assert.equal(await text('[data-total]'), '320');
  assert.deepEqual(await payments(), { e: 'receives 960', s: 'pays 320', w: 'pays 320', n: 'pays 320' });
  // The file's own hand has its card, from the file.
  await press('.patterns [data-pattern="c.1"]');
  await page.waitForSelector('#dialog[open]');
  assert.match(await text('#dialog-title'), /^c\.1 Spring Pairs$/);
  assert.match(await text('[data-condition]'), /seven pairs of two suits, no honours/);
  await page.keyboard.press('Escape');
  await shot('page-390-rules-file.png');
  // Kept in the browser: a reload finds it, still chosen, and scores under it.
  await page.reload();
  await page.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
  assert.deepEqual((await ruleBar()).pop(), ['Spring season', 'true']);
  assert.equal(await text('[data-total]'), '320');

  // docs/examples/rules/club-400.toml pasted: named for its rule set, club-400.toml.
  await press('#rules-files');
  await page.waitForSelector('#dialog[open]');
  await page.$eval('#rules-file-text', (e, t) => { e.value = t; }, readFileSync(join(root, 'docs/examples/rules/club-400.toml'), 'utf8'));
  await press('#rules-file-go');
  await page.waitForFunction(() => !document.getElementById('dialog').open);
  assert.deepEqual((await ruleBar()).slice(4), [['Spring season', 'false'], ['Club 400', 'true']]);
  // Four kongs: 4.1 All Triplets 30 + 4.3.4 Four Kong 480 (under the single limit of 600,
  // so it adds) = 510, capped at 400. On East's discard, 400 > 25: East pays 3 x 400 - 50 =
  // 1150, West and North 25 each, South receives 1200.
  await type('[k b1111] [k c2222] [k d3333] [k w4444] e1 +e1 from=e seat=s');
  assert.equal(await text('[data-total]'), '400');
  assert.equal(await text('[data-limit]'), 'compound limit: the patterns sum to 510');
  assert.deepEqual(await payments(), { e: 'pays 1150', s: 'receives 1200', w: 'pays 25', n: 'pays 25' });
  assert.equal(await text('#command'), "mjscore --rules club-400.toml '[k b1111] [k c2222] [k d3333] [k w4444] e1 +e1 from=e seat=s'");
  // 1.1 All Sequences 5 + 1.2 Concealed Hand 5 = 10, the file's minimum: 10 <= 25, each
  // pays 10 and South receives 30. With the chow melded, 5: a false win under the file.
  await type('b123 c456 d789 b345 c7 +c7 seat=s from=e');
  assert.equal(await text('[data-total]'), '10');
  assert.deepEqual(await payments(), { e: 'pays 10', s: 'receives 30', w: 'pays 10', n: 'pays 10' });
  await type('[c b123] c456 d789 b345 c7 +c7 seat=s from=e');
  assert.ok(await page.$('[data-false-win]'), 'a false win under Club 400');
  // The bar's segments are touch targets too, and the two files share a row.
  for (const [w, h] of await page.$$eval('#rules button, #rules-files', (b) => b.map((x) => [x.getBoundingClientRect().width, x.getBoundingClientRect().height]))) {
    assert.ok(w >= 44 && h >= 44, `${w}x${h}`);
  }
  await shot('page-390-rules-files.png');

  // tests/data/rules/broken.toml: refused with the command line's message (`mjscore rules
  // check` says `broken.toml:4:1: ...`), the column marked, nothing kept.
  await pickRulesFile(join(root, 'tests/data/rules/broken.toml'));
  await page.waitForSelector('[data-rules-file-error]');
  assert.equal(await text('[data-rules-file-error]'), "broken.toml:4:1: no pattern '7.7' in wsom; the nearest: 7.1 Nine-Tile Straight");
  assert.equal(await text('.rules-file-error mark'), '"');
  await shot('page-390-rules-file-error.png');
  // Pasted with a slip in its TOML: line 2, column 11 (the value left out).
  await page.$eval('#rules-file-text', (e) => { e.value = 'base = "wsom"\nminimum = \n'; });
  await press('#rules-file-go');
  assert.match(await text('[data-rules-file-error]'), /^pasted text:2:11: /);
  await page.keyboard.press('Escape');
  assert.equal((await ruleBar()).length, 6);

  // Removed: Club 400 goes from the bar, and the page is back under WSOM.
  await press('#rules-files');
  await page.waitForSelector('#dialog[open]');
  const club = await page.$$eval('[data-rules-file]', (li) => li.find((l) => l.textContent.includes('Club 400')).dataset.rulesFile);
  await press(`[data-remove-file="${club}"]`);
  await page.keyboard.press('Escape');
  assert.deepEqual((await ruleBar()).map(([name]) => name), ['WSOM', 'ZJ', 'Doubling', 'Huang', 'Spring season']);
  assert.equal(await page.$eval('#rules [data-rules="wsom"]', (e) => e.getAttribute('aria-checked')), 'true');
  // A link names a kept file's rule set by its id.
  await page.goto('about:blank');
  await page.goto(`${url}#rules=spring-season&hand=b234%20b234%20b666%20e222%20b8%20+b8%20from=n`);
  await page.waitForFunction(() => window.mjscoreTimings && window.mjscoreTimings.firstScore !== null);
  assert.equal(await text('[data-total]'), '400');
  assert.deepEqual(page.errors, []);
});

test('timings: the first score after opening, and each keystroke rescored, measured', async () => {
  // Measured in the tests above: each opening of the page, and every typed keystroke (the
  // page's own clock around reading the line, asking the engine, drawing the answer).
  // Speed is measured and reported here, never asserted: this machine is shared and its
  // load varies (the targets, under 300 ms and 5 ms, are checked by reading the report).
  assert.ok(measured.firstScore.length >= 4);
  const sorted = [...measured.keystrokes].sort((a, b) => a - b);
  assert.ok(sorted.length > 100, `${sorted.length} keystrokes`);
});
