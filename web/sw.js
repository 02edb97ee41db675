// The offline cache: the service worker keeps every file of this build, so a returning player
// starts without the network. `web/build.sh` writes the build's version and file list below;
// a new build is a new cache, and the old one is deleted once the new one is complete.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `tesseract-chess-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(["./", ...FILES]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("tesseract-chess-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

// The build's files from the cache (the page's address with any ?fen=, ?scene=, ?level= is the
// page itself); anything else from the network.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const page = request.mode === "navigate";
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(page ? "./" : request, { ignoreSearch: page, ignoreVary: true }))
      .then((cached) => cached ?? fetch(request)),
  );
});
