// A static file server for the web build that sends the precompressed files `web/build.sh`
// writes beside each one (`.br`, then `.gz`) to a browser that accepts them, with the right
// Content-Encoding, and the file itself to one that does not. No dependencies.
//
//   node web/serve.mjs [folder, default dist/web] [port, default 8000]
//
// The browser test serves the build with the same code (`serve` below).

import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".ron": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webmanifest": "application/manifest+json",
};

// The encodings tried, best first, with the suffix of their precompressed file.
const ENCODINGS = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

// Whether the request's Accept-Encoding allows `name` (not refused with q=0).
function accepts(header, name) {
  return (header ?? "").split(",").some((part) => {
    const [token, ...params] = part.trim().split(";");
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    return token.trim().toLowerCase() === name && !refused;
  });
}

// What to send for a request: the file, its encoding (or none), and its type; null for a 404.
export function choose(folder, urlPath, acceptEncoding) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath === "/" ? "/index.html" : urlPath);
  } catch {
    return null;
  }
  const file = path.join(folder, decoded);
  // Only files inside the folder, and never a precompressed one asked for by name.
  if (!file.startsWith(folder + path.sep) || !isFile(file) || file.endsWith(".br") || file.endsWith(".gz")) {
    return null;
  }
  const type = TYPES[path.extname(file)] ?? "application/octet-stream";
  for (const [encoding, suffix] of ENCODINGS) {
    if (accepts(acceptEncoding, encoding) && isFile(file + suffix)) {
      return { file: file + suffix, encoding, type };
    }
  }
  return { file, encoding: null, type };
}

// Starts serving `folder` on `host`:`port` (0: any free port); resolves to the server.
export async function serve(folder, port = 8000, host = "127.0.0.1") {
  const root = path.resolve(folder);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, "http://localhost");
    const chosen = choose(root, url.pathname, request.headers["accept-encoding"]);
    if (!chosen || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(chosen ? 405 : 404, { "content-type": "text/plain" }).end(chosen ? "method not allowed" : "not found");
      return;
    }
    const headers = {
      "content-type": chosen.type,
      "content-length": fs.statSync(chosen.file).size,
      vary: "Accept-Encoding",
      // The service worker keeps the game offline; the files themselves are checked each visit.
      "cache-control": "no-cache",
    };
    if (chosen.encoding) headers["content-encoding"] = chosen.encoding;
    response.writeHead(200, headers);
    if (request.method === "HEAD") {
      response.end();
      return;
    }
    fs.createReadStream(chosen.file).pipe(response);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return server;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = process.argv[2] ?? "dist/web";
  const port = Number(process.argv[3] ?? 8000);
  if (!isFile(path.join(folder, "index.html"))) {
    console.error(`${folder}: no index.html here (build it first: bash web/build.sh ${folder})`);
    process.exit(2);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`port '${process.argv[3]}': not a port number (0 to 65535)`);
    process.exit(2);
  }
  const server = await serve(folder, port);
  console.log(`serving ${path.resolve(folder)} on http://127.0.0.1:${server.address().port}/ (Ctrl+C stops)`);
}
