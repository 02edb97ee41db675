// The web build in a real browser: Debian's Chromium, headless, driven by playwright-core.
//
//   node web/browser-test.mjs [served folder] [artefact folder]
//
// Serves the folder on 127.0.0.1 and checks that the page loads without console errors, that the
// board draws (a screenshot whose middle is not blank), that a move made with the keyboard (Tab,
// Enter, Alt+ArrowUp, Enter: the rook a1[0,0] to a1[0,1]) is answered by the computer while the
// page stays responsive (see `responsive`) — in the computer's Web Worker, with the native
// engine's move when NATIVE_ENGINE names a release build of this tree — that cancelling stops the
// worker at once, the worker's search speed (and the native one's), that the profile lives in local storage (an
// unreadable one is kept aside, a finished game is saved), that a tutorial scene opens from
// the address and plays, that the mouse selects and moves (picking in the canvas), and that in
// four-player chess (?game=four-player) a keyboard move is answered by three computers with the
// page as responsive, and that a scene of its introduction opens
// from the address and is played with the keyboard; that a link to a Teams game (?rules=teams)
// opens one, where P shows the computer partner's plan as the native engine finds it; that the analysis (?analysis=on) finds the
// native search's best move in its worker, and that a mate puzzle (?puzzle=N) is solved with the
// keyboard and the finished game reviewed by the engine in its worker (?review=on) as natively.
// Prints the timings as one JSON line.

import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import { serve } from "./serve.mjs";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";

const served = path.resolve(process.argv[2] ?? "dist/web");
const artefacts = path.resolve(process.argv[3] ?? "dist/browser-test");
// While the computer thinks the page's thread only draws and answers input (that the search runs
// in the worker is checked by the status' `thought`). A search run whole on that thread is one task
// as long as the think (more than a second at master), and long tasks (50 ms and over) filling
// two fifths of it are a page that stutters; a software-rendered frame on this loaded 2-core
// machine alone reaches 150–225 ms now and then, and such frames have filled 2–15% of the think.
const LONGEST_TASK_LIMIT_MS = 400;
const BLOCKED_SHARE_LIMIT = 0.4;
const PROFILE_KEY = "tesseract-chess.profile";
// The keys of the mate below, with the square each leaves the focus on (and the selection):
// a1[0,0] → d3[0,1] (the queen), select; → c2[0,0]; then Enter moves.
const mateInOneKeys = [
  ["Tab", "a1[0,0]"],
  ["ArrowRight", "b1[0,0]"],
  ["ArrowRight", "c1[0,0]"],
  ["ArrowRight", "d1[0,0]"],
  ["ArrowUp", "d2[0,0]"],
  ["ArrowUp", "d3[0,0]"],
  ["Alt+ArrowUp", "d3[0,1]"],
  ["Enter", "d3[0,1]", "d3[0,1]"],
  ["ArrowLeft", "c3[0,1]"],
  ["ArrowDown", "c2[0,1]"],
  ["Alt+ArrowDown", "c2[0,0]"],
];
// A PGN4D record of the classic start, no moves (what a worker request carries).
const CLASSIC_START_PGN4D = [
  '[Variant "Fourfold-4x4x2x2"]',
  '[Format "PGN4D"]',
  '[FormatVersion "1"]',
  '[Notation "LAN4D"]',
  '[SetUp "1"]',
  '[FEN4D "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1"]',
  '[Result "*"]',
  "",
  "*",
  "",
].join("\n");
// White mates in one across W: Qd3@01-c2@00 (the scene 50-mate-in-one-across-w).
const MATE_IN_ONE = "4/4/4/4|4/4/4/4|4/3Q/4/4|4/1K2/4/2k1 w 0 1";

fs.mkdirSync(artefacts, { recursive: true });

function check(condition, message) {
  if (!condition) throw new Error(message);
}

// ---- the build served as `web/serve.mjs` serves it: precompressed copies by Accept-Encoding --
const server = await serve(served, 0);
const origin = `http://127.0.0.1:${server.address().port}`;

// What the server sends for `urlPath` when the client accepts `acceptEncoding`.
function head(urlPath, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${urlPath}`, { method: "HEAD", headers: { "accept-encoding": acceptEncoding } }, (r) => {
      r.resume();
      resolve({ status: r.statusCode, encoding: r.headers["content-encoding"] ?? null, length: Number(r.headers["content-length"]), type: r.headers["content-type"] });
    });
    request.on("error", reject);
    request.end();
  });
}

// ---- PNG decoding, for "is the board drawn" --------------------------------------------------
function decodePng(buffer) {
  let offset = 8;
  let width = 0, height = 0, colorType = 0;
  const data = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString("ascii", offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      check(body[8] === 8 && body[12] === 0, "screenshot PNG: 8-bit, not interlaced");
      colorType = body[9];
    } else if (type === "IDAT") {
      data.push(body);
    }
    offset += 12 + length;
  }
  const channels = { 2: 3, 6: 4 }[colorType];
  check(channels, `screenshot PNG colour type ${colorType}`);
  const raw = zlib.inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter];
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

// How many distinct colours the middle third of the picture (the 3D board, between the panels) has.
function middleColours(png) {
  const { width, height, channels, pixels } = decodePng(png);
  const colours = new Set();
  for (let y = Math.floor(height / 3); y < (2 * height) / 3; y += 2) {
    for (let x = Math.floor(width / 3); x < (2 * width) / 3; x += 2) {
      const i = (y * width + x) * channels;
      colours.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
    }
  }
  return colours.size;
}

// ---- the browser ----------------------------------------------------------------------------
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ],
});

async function openPage(context, query = "") {
  const page = await context.newPage();
  const errors = [];
  page.on("console", (message) => {
    consoleLog.push(`[${message.type()}] ${message.text()}`);
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  // The Content-Encoding each file came with, by path.
  const encodings = {};
  page.on("response", (r) => {
    encodings[new URL(r.url()).pathname] = r.headers()["content-encoding"] ?? null;
  });
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  await page.goto(`${origin}/${query}`);
  await page.waitForFunction(() => document.body.dataset.firstFrameMs, null, { timeout: 240_000 });
  return { page, errors, encodings };
}

// The page's long tasks (PerformanceObserver, 50 ms and over) from `since` until now: the longest,
// their total, and the share of the stretch they blocked, with each as [ms after `since`, ms].
async function longTasksSince(page, since) {
  const { tasks, now } = await page.evaluate(
    (from) => ({ tasks: window.longTasks.filter((t) => t.start >= from), now: performance.now() }),
    since,
  );
  const blockedMs = tasks.reduce((sum, t) => sum + t.duration, 0);
  return {
    longestMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
    blockedMs: Math.round(blockedMs),
    stretchMs: Math.round(now - since),
    blockedShare: blockedMs / Math.max(1, now - since),
    tasks: tasks.map((t) => [Math.round(t.start - since), Math.round(t.duration)]),
  };
}

// Whether the page stayed responsive through `measured` (see the limits above).
function responsive(measured, what) {
  check(
    measured.longestMs <= LONGEST_TASK_LIMIT_MS && measured.blockedShare <= BLOCKED_SHARE_LIMIT,
    `the page's thread was held while ${what}: longest task ${measured.longestMs} ms (limit ` +
      `${LONGEST_TASK_LIMIT_MS}), ${measured.blockedMs} ms of ${measured.stretchMs} blocked (limit ` +
      `${BLOCKED_SHARE_LIMIT * 100}%): ${JSON.stringify(measured.tasks)}`,
  );
}

const status = (page) =>
  page.evaluate(() => {
    const s = document.getElementById("status");
    return {
      text: s.textContent,
      ply: Number(s.dataset.ply ?? 0),
      moves: s.dataset.moves ?? "",
      thinkMs: s.dataset.lastThinkMs,
      thought: s.dataset.lastThink,
      seed: s.dataset.seed,
    };
  });

// A square of a LAN4D move ("c1@01") as #focus names it ("c1[0,1]").
const focusName = (square) => `${square.slice(0, 2)}[${square[3]},${square[4]}]`;

// The keys that take White's keyboard focus from one square to another, each with the square it
// reaches: ←/→ change X, ↑/↓ Y, Alt+←/→ Z and Alt+↑/↓ W.
function keysBetween(from, to) {
  const coords = (s) => [s.charCodeAt(0) - 97, Number(s[1]) - 1, Number(s[3]), Number(s[4])];
  const at = coords(from);
  const goal = coords(to);
  const keys = [
    ["ArrowRight", "ArrowLeft"],
    ["ArrowUp", "ArrowDown"],
    ["Alt+ArrowRight", "Alt+ArrowLeft"],
    ["Alt+ArrowUp", "Alt+ArrowDown"],
  ];
  const steps = [];
  for (let axis = 0; axis < 4; axis++) {
    while (at[axis] !== goal[axis]) {
      const up = goal[axis] > at[axis];
      at[axis] += up ? 1 : -1;
      const name = `${String.fromCharCode(97 + at[0])}${at[1] + 1}[${at[2]},${at[3]}]`;
      steps.push([keys[axis][up ? 0 : 1], name]);
    }
  }
  return steps;
}

// Presses each key and waits until the game shows its effect in #focus (the keyboard's square,
// and the selected one): the game reads keys once a frame, and a software-rendered frame is slow.
async function press(page, steps) {
  for (const [key, square, selected] of steps) {
    await page.keyboard.press(key);
    await page.waitForFunction(
      ([square, selected]) => {
        const focus = document.getElementById("focus").dataset;
        return focus.square === square && (selected === undefined || focus.selected === selected);
      },
      [square, selected],
      { timeout: 60_000 },
    );
  }
}

const results = {};
// Red's h2-h4 on the cross board with the keyboard (Tab to the king, up, select, up twice, move).
async function playH2H4(page) {
  await press(page, [
    ["Tab", "h1"],
    ["ArrowUp", "h2"],
    ["Enter", "h2", "h2"],
    ["ArrowUp", "h3"],
    ["ArrowUp", "h4"],
  ]);
  await page.keyboard.press("Enter");
}

// The native engine (a release build of this tree), to check the worker plays its moves.
const nativeEngine = process.env.NATIVE_ENGINE;

// `total <game> nodes N time T ms nps R` lines as { game: nodes per second }.
function benchTotals(text) {
  return Object.fromEntries(
    [...text.matchAll(/^total (\S+) nodes \d+ time \d+ ms nps (\d+)/gm)].map((m) => [m[1], Number(m[2])]),
  );
}
// Everything the pages print, kept as an artefact and shown when a check fails.
const consoleLog = [];
const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
try {
  // 0. Delivery: the precompressed copies by Accept-Encoding, the favicon, nothing from outside
  // the folder.
  const wasmPath = "/tesseract-chess_bg.wasm";
  const wasmFile = path.join(served, wasmPath);
  const size = (file) => fs.statSync(file).size;
  results.wasmBytes = { raw: size(wasmFile), gzip: size(`${wasmFile}.gz`), brotli: size(`${wasmFile}.br`) };
  const asBrotli = await head(wasmPath, "gzip, deflate, br");
  check(
    asBrotli.encoding === "br" && asBrotli.length === results.wasmBytes.brotli && asBrotli.type === "application/wasm",
    `the .wasm to a browser that takes brotli: ${JSON.stringify(asBrotli)}`,
  );
  const asGzip = await head(wasmPath, "gzip, br;q=0");
  check(asGzip.encoding === "gzip" && asGzip.length === results.wasmBytes.gzip, `the .wasm as gzip: ${JSON.stringify(asGzip)}`);
  const asIs = await head(wasmPath, "identity");
  check(asIs.encoding === null && asIs.length === results.wasmBytes.raw, `the .wasm uncompressed: ${JSON.stringify(asIs)}`);
  check((await head("/..%2fCargo.toml", "")).status === 404, "a path out of the folder is refused");
  const favicon = await head("/favicon.svg", "");
  check(favicon.status === 200 && favicon.type === "image/svg+xml", `the favicon: ${JSON.stringify(favicon)}`);

  // 1. Loads, draws, and answers a keyboard move: against the strongest level, the longest think.
  const { page, errors, encodings } = await openPage(context, "?level=master");
  check(encodings[wasmPath] === "br", `Chromium got the .wasm as brotli: ${JSON.stringify(encodings)}`);
  results.firstFrameMs = Number(await page.evaluate(() => document.body.dataset.firstFrameMs));
  let shot;
  const drawDeadline = Date.now() + 240_000;
  for (;;) {
    shot = await page.screenshot();
    if (middleColours(shot) >= 24) break;
    check(Date.now() < drawDeadline, "the board never drew: the middle of the page stayed blank");
    await page.waitForTimeout(250);
  }
  results.boardDrawnMs = Math.round(await page.evaluate(() => performance.now()));
  fs.writeFileSync(path.join(artefacts, "browser-start.png"), shot);

  await page.focus("#tesseract-chess");
  const moveStart = await page.evaluate(() => performance.now());
  await press(page, [
    ["Tab", "a1[0,0]"],
    ["Enter", "a1[0,0]", "a1[0,0]"],
    ["Alt+ArrowUp", "a1[0,1]"],
  ]);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => Number(document.getElementById("status").dataset.ply) >= 2, null, {
    timeout: 240_000,
  });
  const thinking = await longTasksSince(page, moveStart);
  results.longestTaskWhileThinkingMs = thinking.longestMs;
  results.blockedWhileThinkingMs = `${thinking.blockedMs} of ${thinking.stretchMs}`;
  results.longTasksWhileThinking = thinking.tasks;
  const answered = await status(page);
  check(answered.moves.startsWith("Ra1@00-a1@01 "), `the keyboard move was played first: ${answered.moves}`);
  results.computerReply = answered.moves.split(" ")[1];
  results.computerMoveMs = Number(answered.thinkMs);
  // The search ran whole in the computer's Web Worker, not in slices on the page's thread.
  results.computerThought = answered.thought;
  check(answered.thought === "worker", `the computer thought in its worker: ${answered.thought}`);
  // The same move as the native engine at the same level and seed (node-limited: exact).
  if (nativeEngine) {
    const native = execFileSync(nativeEngine, ["bestmove", "--level", "master", "--seed", answered.seed, "--moves", "Ra1@00-a1@01"], {
      encoding: "utf8",
    });
    results.nativeReply = native.trim().split("\n").pop().replace(/^bestmove /, "");
    check(
      results.computerReply.replace(/[+#]$/, "") === results.nativeReply,
      `the worker's move ${results.computerReply} is the native engine's ${results.nativeReply} (seed ${answered.seed})`,
    );
  }
  await page.waitForTimeout(1_000);
  const after = await page.screenshot();
  fs.writeFileSync(path.join(artefacts, "browser-answered.png"), after);
  check(!after.equals(shot), "the page looks the same after two moves");
  responsive(thinking, "the computer thought");
  check(errors.length === 0, `console errors: ${errors.join(" | ")}`);

  // 1b. The worker: stopping reaches it at once (a master search of the start is refused as soon
  // as it is cancelled, and the next request gets a fresh worker), and its speed.
  const stopped = await page.evaluate(async (record) => {
    const long = window.tesseractEngine.think(`(game: Fourfold, level: "master", seed: 1, record: ${JSON.stringify(record)})`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cancelled = performance.now();
    window.tesseractEngine.cancel();
    const refused = await long.then(() => "answered", (error) => String(error.message));
    const refusedMs = performance.now() - cancelled;
    const next = await window.tesseractEngine.think(`(game: Fourfold, level: "beginner", seed: 2, record: ${JSON.stringify(record)})`);
    return { refused, refusedMs, next };
  }, CLASSIC_START_PGN4D);
  check(stopped.refused === "stopped" && stopped.refusedMs < 50, `a cancelled search stops at once: ${JSON.stringify(stopped)}`);
  check(stopped.next.startsWith("move "), `a fresh worker answers after a cancel: ${stopped.next}`);
  results.workerStopMs = Math.round(stopped.refusedMs);
  const benchNodes = 500_000;
  const workerBench = await page.evaluate((nodes) => window.tesseractEngine.bench(nodes), benchNodes);
  results.workerBench = benchTotals(workerBench);
  if (nativeEngine) {
    const native = [["bench", "--nodes", String(benchNodes)], ["four-player", "bench", "--nodes", String(benchNodes)]]
      .map((args) => execFileSync(nativeEngine, args, { encoding: "utf8" }))
      .join("\n")
      .replace(/^total nodes/m, "total 4d nodes");
    results.nativeBench = benchTotals(native);
  }

  // 2. The profile in local storage: an unreadable one is kept aside; a finished game is saved.
  await page.evaluate((key) => localStorage.setItem(key, "(rating: (rating: 1600.0, deviation: oops"), PROFILE_KEY);
  await page.close();
  const mate = await openPage(context, `?fen=${encodeURIComponent(MATE_IN_ONE)}`);
  const kept = await mate.page.evaluate((key) => [localStorage.getItem(key), localStorage.getItem(`${key}.unreadable-1`)], PROFILE_KEY);
  check(kept[0] === null, "the unreadable profile was moved aside, not left in place");
  check(kept[1] === "(rating: (rating: 1600.0, deviation: oops", `the unreadable profile was kept: ${kept[1]}`);
  await mate.page.focus("#tesseract-chess");
  await press(mate.page, mateInOneKeys);
  await mate.page.keyboard.press("Enter");
  await mate.page.waitForFunction(() => document.getElementById("status").textContent.includes("Game over"), null, {
    timeout: 60_000,
  });
  const saved = await mate.page.evaluate((key) => localStorage.getItem(key), PROFILE_KEY);
  check(saved && saved.includes("result: Win") && saved.includes('reason: "checkmate"'), `the won game was saved: ${saved}`);
  fs.writeFileSync(path.join(artefacts, "browser-mate.png"), await mate.page.screenshot());
  check(mate.errors.length === 0, `console errors: ${mate.errors.join(" | ")}`);
  await mate.page.close();

  // 3. A tutorial scene, fetched from scenes/ beside the page, played with the keyboard.
  const lesson = await openPage(context, "?scene=50-mate-in-one-across-w");
  await lesson.page.waitForFunction(
    () => document.getElementById("status").dataset.scene === "50-mate-in-one-across-w",
    null,
    { timeout: 60_000 },
  );
  const opened = await status(lesson.page);
  check(opened.text.startsWith("Tutorial: Checkmate study"), `the scene opened: ${opened.text}`);
  await lesson.page.focus("#tesseract-chess");
  await press(lesson.page, mateInOneKeys);
  await lesson.page.keyboard.press("Enter");
  await lesson.page.waitForFunction(() => document.getElementById("status").textContent.includes("Game over"), null, {
    timeout: 60_000,
  });
  fs.writeFileSync(path.join(artefacts, "browser-scene.png"), await lesson.page.screenshot());
  check(lesson.errors.length === 0, `console errors: ${lesson.errors.join(" | ")}`);
  await lesson.page.close();

  const again = await openPage(context);
  const reread = await again.page.evaluate((key) => [localStorage.getItem(key), localStorage.getItem(`${key}.unreadable-2`)], PROFILE_KEY);
  check(reread[0] === saved && reread[1] === null, "the saved profile reads back untouched");
  check(again.errors.length === 0, `console errors: ${again.errors.join(" | ")}`);
  await again.page.close();

  // 4. The mouse: the same mate, each square found with the keyboard's focus (whose place on
  // screen #focus publishes), then pointed at and clicked: the click on the queen selects it
  // (picking reaches the piece through the canvas), the click on c2[0,0] mates.
  const mouse = await openPage(context, `?fen=${encodeURIComponent(MATE_IN_ONE)}`);
  await mouse.page.focus("#tesseract-chess");
  const clickFocused = async (square, expectSelected) => {
    const { x, y } = await mouse.page.evaluate(() => {
      const focus = document.getElementById("focus").dataset;
      return { x: Number(focus.x), y: Number(focus.y) };
    });
    check(Number.isFinite(x) && Number.isFinite(y), `#focus gave no screen place for ${square}`);
    const canvas = await mouse.page.locator("#tesseract-chess").boundingBox();
    await mouse.page.mouse.move(canvas.x + x, canvas.y + y);
    await mouse.page.waitForFunction((square) => document.getElementById("focus").dataset.hovered === square, square, {
      timeout: 60_000,
    });
    await mouse.page.mouse.down();
    await mouse.page.mouse.up();
    if (expectSelected) {
      await mouse.page.waitForFunction((square) => document.getElementById("focus").dataset.selected === square, square, {
        timeout: 60_000,
      });
    }
  };
  await press(mouse.page, mateInOneKeys.slice(0, 7));
  await clickFocused("d3[0,1]", true);
  await press(mouse.page, mateInOneKeys.slice(8));
  await clickFocused("c2[0,0]", false);
  await mouse.page.waitForFunction(() => document.getElementById("status").textContent.includes("Game over"), null, {
    timeout: 60_000,
  });
  const mated = await status(mouse.page);
  check(mated.moves === "Qd3@01-c2@00#", `the mouse played the mate: ${mated.moves}`);
  fs.writeFileSync(path.join(artefacts, "browser-mouse.png"), await mouse.page.screenshot());
  check(mouse.errors.length === 0, `console errors: ${mouse.errors.join(" | ")}`);
  await mouse.page.close();

  // 5. Four-player chess (?game=four-player): Red plays h2-h4 with the keyboard, and the three
  // computer seats answer in the shared turn task without a long task on the page's thread.
  const cross = await openPage(context, "?game=four-player");
  await cross.page.waitForFunction(() => document.getElementById("status").dataset.game === "four-player", null, {
    timeout: 60_000,
  });
  // Measured once the board is drawn, as the 4D game is above: what the page compiles and
  // uploads to show the board at all is loading, not play.
  const crossDeadline = Date.now() + 240_000;
  while (middleColours(await cross.page.screenshot()) < 24) {
    check(Date.now() < crossDeadline, "the cross board never drew: the middle of the page stayed blank");
    await cross.page.waitForTimeout(250);
  }
  results.fourPlayerBoardDrawnMs = Math.round(await cross.page.evaluate(() => performance.now()));
  await cross.page.focus("#tesseract-chess");
  const crossStart = await cross.page.evaluate(() => performance.now());
  await playH2H4(cross.page);
  await cross.page.waitForFunction(() => Number(document.getElementById("status").dataset.ply) >= 4, null, {
    timeout: 240_000,
  });
  const round = await cross.page.evaluate(() => {
    const s = document.getElementById("status");
    return { text: s.textContent, moves: s.dataset.moves ?? "", roundMs: s.dataset.lastRoundMs, thought: s.dataset.lastThink };
  });
  check(round.thought === "worker", `the four-player computers thought in the worker: ${round.thought}`);
  check(round.moves.startsWith("h2-h4 "), `Red's keyboard move was played first: ${round.moves}`);
  results.fourPlayerReplies = round.moves.split(" ").slice(1, 4).join(" ");
  results.fourPlayerRoundMs = Number(round.roundMs);
  const crossRound = await longTasksSince(cross.page, crossStart);
  results.fourPlayerLongestTaskMs = crossRound.longestMs;
  results.fourPlayerBlockedMs = `${crossRound.blockedMs} of ${crossRound.stretchMs}`;
  // Every long task of the round as [ms after the first key, duration], so a run shows where they fell.
  results.fourPlayerLongTasks = crossRound.tasks;
  fs.writeFileSync(path.join(artefacts, "browser-four-player.png"), await cross.page.screenshot());
  responsive(crossRound, "the four-player computers played");
  check(cross.errors.length === 0, `console errors: ${cross.errors.join(" | ")}`);
  await cross.page.close();

  // 6. The four-player introduction from the address: the points scene opens on its position and
  // the keyboard plays its answer, the queen taking the queen.
  const crossLesson = await openPage(context, "?game=four-player&scene=02-points");
  await crossLesson.page.waitForFunction(() => document.getElementById("status").textContent.includes("Red 12"), null, {
    timeout: 60_000,
  });
  await crossLesson.page.focus("#tesseract-chess");
  await press(crossLesson.page, [
    ["Tab", "h1"],
    ["ArrowLeft", "g1"],
    ["ArrowUp", "g2"],
    ["ArrowUp", "g3"],
    ["ArrowUp", "g4"],
    ["ArrowUp", "g5"],
    ["Enter", "g5", "g5"],
    ["ArrowLeft", "f5"],
    ["ArrowLeft", "e5"],
    ["ArrowLeft", "d5"],
    ["ArrowUp", "d6"],
    ["ArrowUp", "d7"],
    ["ArrowUp", "d8"],
  ]);
  await crossLesson.page.keyboard.press("Enter");
  await crossLesson.page.waitForFunction(() => Number(document.getElementById("status").dataset.ply) >= 1, null, {
    timeout: 60_000,
  });
  const solved = await crossLesson.page.evaluate(() => document.getElementById("status").textContent);
  check(solved.includes("Red played Qg5xQd8") && solved.includes("Red 21"), `the scene's capture scored 9: ${solved}`);
  fs.writeFileSync(path.join(artefacts, "browser-four-player-lesson.png"), await crossLesson.page.screenshot());
  check(crossLesson.errors.length === 0, `console errors: ${crossLesson.errors.join(" | ")}`);
  await crossLesson.page.close();

  // 6a. A link to a Teams game (`?rules=teams`): Red plays h2-h4 with the keyboard, the computers
  // answer, and P asks Yellow, Red's computer partner, for its plan: searched in the plan's own
  // worker, the arrow the native engine's `four-player bestmove --for yellow` for the same game.
  const teams = await openPage(context, "?rules=teams");
  await teams.page.waitForFunction(() => document.getElementById("status").dataset.game === "four-player", null, {
    timeout: 60_000,
  });
  await teams.page.focus("#tesseract-chess");
  await playH2H4(teams.page);
  await teams.page.waitForFunction(() => Number(document.getElementById("status").dataset.ply) >= 4, null, {
    timeout: 240_000,
  });
  await teams.page.keyboard.press("p");
  await teams.page.waitForFunction(() => document.getElementById("status").dataset.plan, null, { timeout: 120_000 });
  const shownPlan = await teams.page.evaluate(() => ({ ...document.getElementById("status").dataset }));
  results.teamsPlan = { moves: shownPlan.moves, seat: shownPlan.planSeat, arrow: shownPlan.plan, thought: shownPlan.planThought };
  check(shownPlan.planSeat === "Yellow", `the plan is Red's partner's: ${shownPlan.planSeat}`);
  check(shownPlan.planThought === "worker", `the plan was searched in its worker: ${shownPlan.planThought}`);
  if (nativeEngine) {
    const moves = shownPlan.moves.split(" ");
    const turns = [];
    for (let i = 0; i < moves.length; i += 4) turns.push(`${i / 4 + 1}. ${moves.slice(i, i + 4).join(" .. ")}`);
    const record = path.join(artefacts, "teams-plan.pgn4");
    fs.writeFileSync(record, `[Variant "Teams"]\n[RuleVariants "EnPassant"]\n\n${turns.join("\n")}\n`);
    const native = execFileSync(
      nativeEngine,
      ["four-player", "bestmove", "--pgn", record, "--for", "yellow", "--nodes", "60000"],
      { encoding: "utf8" },
    );
    results.teamsPlan.native = native.trim().split("\n").pop().replace(/^bestmove /, "");
    const squares = (results.teamsPlan.native.match(/[a-n]\d{1,2}/g) ?? []).join("-");
    check(squares === shownPlan.plan, `Yellow's plan ${shownPlan.plan} is the native ${results.teamsPlan.native}`);
  }
  fs.writeFileSync(path.join(artefacts, "browser-teams-plan.png"), await teams.page.screenshot());
  check(teams.errors.length === 0, `console errors: ${teams.errors.join(" | ")}`);
  await teams.page.close();

  // 6b. The analysis in a worker of its own (`?analysis=on`; `game=4d`, as the page last showed
  // the four-player board): the classic start searched for a million nodes there, its best move
  // the native engine's for the same search.
  const analysed = await openPage(context, "?game=4d&analysis=on");
  await analysed.page.waitForFunction(() => document.getElementById("status").dataset.analysisBest, null, {
    timeout: 240_000,
  });
  const found = await analysed.page.evaluate(() => ({ ...document.getElementById("status").dataset }));
  results.analysis = {
    best: found.analysisBest,
    depth: Number(found.analysisDepth),
    nodes: Number(found.analysisNodes),
    thought: found.analysisThought,
    ms: Number(found.analysisMs),
  };
  check(found.analysisThought === "worker", `the analysis searched in its worker: ${found.analysisThought}`);
  if (nativeEngine) {
    const native = execFileSync(nativeEngine, ["bestmove", "--nodes", "1000000"], { encoding: "utf8" });
    const lines = native.trim().split("\n");
    results.nativeAnalysis = {
      best: lines.pop().replace(/^bestmove /, ""),
      depth: Number((lines.pop() ?? "").match(/depth (\d+)/)?.[1]),
    };
    check(
      results.analysis.best.replace(/[+#]$/, "") === results.nativeAnalysis.best,
      `the analysis' best move ${results.analysis.best} is the native search's ${results.nativeAnalysis.best}`,
    );
  }
  fs.writeFileSync(path.join(artefacts, "browser-analysis.png"), await analysed.page.screenshot());
  check(analysed.errors.length === 0, `console errors: ${analysed.errors.join(" | ")}`);
  await analysed.page.close();

  // 6c. The four-player analysis (`?rules=ffa&analysis=on`): the start of a Free-for-all
  // searched for Red in a worker of its own, its best move the native engine's for the same
  // search. (The rule set is named: the New game form follows the game on the table, and after
  // 6a it remembers Teams.)
  const crossAnalysed = await openPage(context, "?rules=ffa&analysis=on");
  await crossAnalysed.page.waitForFunction(() => document.getElementById("status").dataset.analysisBest, null, {
    timeout: 240_000,
  });
  const crossFound = await crossAnalysed.page.evaluate(() => ({ ...document.getElementById("status").dataset }));
  results.fourPlayerAnalysis = {
    best: crossFound.analysisBest,
    depth: Number(crossFound.analysisDepth),
    thought: crossFound.analysisThought,
  };
  check(crossFound.analysisThought === "worker", `the four-player analysis searched in its worker: ${crossFound.analysisThought}`);
  if (nativeEngine) {
    const native = execFileSync(nativeEngine, ["four-player", "bestmove", "--rules", "ffa", "--nodes", "1000000"], { encoding: "utf8" });
    results.fourPlayerAnalysis.native = native.trim().split("\n").pop().replace(/^bestmove /, "");
    check(
      results.fourPlayerAnalysis.best === results.fourPlayerAnalysis.native,
      `the four-player analysis' best move ${results.fourPlayerAnalysis.best} is the native search's ${results.fourPlayerAnalysis.native}`,
    );
  }
  fs.writeFileSync(path.join(artefacts, "browser-four-player-analysis.png"), await crossAnalysed.page.screenshot());
  check(crossAnalysed.errors.length === 0, `console errors: ${crossAnalysed.errors.join(" | ")}`);
  await crossAnalysed.page.close();

  // 6d. A mate puzzle from its link (`?puzzle=N`): the set's first mate in one with White to
  // move, solved with the keyboard, the solver's verdict shown and the puzzle rating moved.
  const puzzleLines = fs.readFileSync(new URL("../assets/puzzles/fourfold.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.trimStart().startsWith("#"));
  const puzzleIndex = puzzleLines.findIndex((line) => {
    const [fen, solution] = line.split(";");
    return fen.split(" ")[1] === "w" && solution.split(" ").length === 1;
  });
  check(puzzleIndex >= 0, "the set has a mate in one with White to move");
  const [, solution] = puzzleLines[puzzleIndex].split(";");
  // `&review=on`: the engine reviews the finished game at once, in its own worker.
  const puzzle = await openPage(context, `?game=4d&puzzle=${puzzleIndex + 1}&review=on`);
  await puzzle.page.waitForFunction((n) => document.getElementById("status").dataset.puzzle === String(n), puzzleIndex + 1, {
    timeout: 60_000,
  });
  await puzzle.page.focus("#tesseract-chess");
  const [from, to] = solution.match(/[a-d][1-4]@[01]{2}/g);
  await press(puzzle.page, [["Tab", "a1[0,0]"], ...keysBetween("a1@00", from)]);
  await press(puzzle.page, [["Enter", focusName(from), focusName(from)], ...keysBetween(from, to)]);
  await puzzle.page.keyboard.press("Enter");
  await puzzle.page.waitForFunction(() => document.getElementById("status").dataset.puzzleMessage, null, {
    timeout: 60_000,
  });
  const verdict = await puzzle.page.evaluate(() => document.getElementById("status").dataset.puzzleMessage);
  results.puzzle = { number: puzzleIndex + 1, solution, verdict };
  check(verdict.startsWith("Solved!") && verdict.includes("Your puzzle rating"), `the puzzle was solved: ${verdict}`);
  // The engine's review of the finished game (the puzzle's one move), worked out in the review's
  // Web Worker: what each move lost, as the native `review` finds it.
  await puzzle.page.waitForFunction(() => document.getElementById("status").dataset.reviewThought, null, {
    timeout: 120_000,
  });
  results.review = await puzzle.page.evaluate(() => {
    const status = document.getElementById("status").dataset;
    return { losses: status.review, thought: status.reviewThought, moves: status.moves };
  });
  check(results.review.thought === "worker", `the review was worked out in its worker: ${results.review.thought}`);
  check(results.review.losses.split(" ").length === 1, `one loss for the puzzle's one move: ${results.review.losses}`);
  if (nativeEngine) {
    const [fen] = puzzleLines[puzzleIndex].split(";");
    const native = execFileSync(nativeEngine, ["review", "--fen", fen, "--moves", results.review.moves], { encoding: "utf8" });
    results.review.native = native
      .split("\n")
      .filter((line) => /^\d+ /.test(line))
      .map((line) => line.split(" ")[2])
      .join(" ");
    check(results.review.losses === results.review.native, `the review ${results.review.losses} is the native ${results.review.native}`);
  }
  fs.writeFileSync(path.join(artefacts, "browser-puzzle.png"), await puzzle.page.screenshot());
  check(puzzle.errors.length === 0, `console errors: ${puzzle.errors.join(" | ")}`);
  await puzzle.page.close();
  // 7. Offline: the service worker keeps the build, so a second visit with the network off
  // starts (the address's query is the same page).
  const offline = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const visit = await openPage(offline, "?level=casual");
  await visit.page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await visit.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120_000 });
  results.offlineCachedFiles = await visit.page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith("tesseract-chess-"));
    return name ? (await (await caches.open(name)).keys()).length : 0;
  });
  await offline.setOffline(true);
  await visit.page.goto(`${origin}/?level=novice`);
  await visit.page.waitForFunction(() => document.body.dataset.firstFrameMs, null, { timeout: 240_000 });
  results.offlineFirstFrameMs = Number(await visit.page.evaluate(() => document.body.dataset.firstFrameMs));
  fs.writeFileSync(path.join(artefacts, "browser-offline.png"), await visit.page.screenshot());
  check(visit.errors.length === 0, `console errors offline: ${visit.errors.join(" | ")}`);
  await offline.close();
  console.log(`browser test passed: ${JSON.stringify(results)}`);
} catch (error) {
  console.error(consoleLog.slice(-40).join("\n"));
  throw error;
} finally {
  fs.writeFileSync(path.join(artefacts, "browser-console.log"), consoleLog.join("\n") + "\n");
  await browser.close();
  server.close();
}
