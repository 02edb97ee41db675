// Writes a brotli (quality 11) and a gzip (level 9) copy beside each text or WebAssembly file
// of the web build, so a static server sends the smaller download (`web/serve.mjs` does), and
// prints the sizes: the .wasm and the whole folder, raw, gzip and brotli.
//
//   node web/precompress.mjs <built folder>

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSED = new Set([".html", ".js", ".mjs", ".wasm", ".ron", ".svg", ".webmanifest"]);

const folder = process.argv[2];
if (!folder || !fs.existsSync(path.join(folder, "index.html"))) {
  console.error(`${folder ?? "(no folder given)"}: not a web build (no index.html)`);
  process.exit(2);
}

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return entry.isFile() && !/\.(br|gz)$/.test(entry.name) ? [full] : [];
  });
}

const mib = (bytes) => `${(bytes / 1048576).toFixed(2)} MiB`;
const total = { raw: 0, gzip: 0, brotli: 0 };
let wasm = null;
for (const file of files(folder)) {
  const raw = fs.readFileSync(file);
  let sizes = { raw: raw.length, gzip: raw.length, brotli: raw.length };
  if (COMPRESSED.has(path.extname(file))) {
    const gzip = zlib.gzipSync(raw, { level: 9 });
    const brotli = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    // Written beside the file, then renamed: a server never sends half a copy. A copy no
    // smaller than the file is not kept (the file itself is then sent).
    for (const [suffix, data] of [[".gz", gzip], [".br", brotli]]) {
      fs.rmSync(file + suffix, { force: true });
      if (data.length >= raw.length) continue;
      fs.writeFileSync(file + suffix + ".partial", data);
      fs.renameSync(file + suffix + ".partial", file + suffix);
    }
    sizes = { raw: raw.length, gzip: Math.min(gzip.length, raw.length), brotli: Math.min(brotli.length, raw.length) };
  }
  for (const key of Object.keys(total)) total[key] += sizes[key];
  if (file.endsWith(".wasm")) wasm = sizes;
}
if (wasm) {
  console.log(`  .wasm:  ${mib(wasm.raw)} raw, ${mib(wasm.gzip)} gzip, ${mib(wasm.brotli)} brotli (${wasm.raw} / ${wasm.gzip} / ${wasm.brotli} bytes)`);
}
console.log(`  folder: ${mib(total.raw)} raw, ${mib(total.gzip)} gzip, ${mib(total.brotli)} brotli (what a browser downloads: each file or its smaller copy)`);
