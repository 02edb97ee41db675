// The page's side of the computer's Web Worker (engine-worker.js), as `window.tesseractEngine`
// for the game's WebAssembly: `think(request)` resolves to the decision, `cancel()` ends the
// worker at once (every pending request is refused; the next one starts a fresh worker),
// `bench(nodes)` resolves to the worker's search speed. Without module workers the game thinks
// in slices on the page's thread instead.
let worker = null;
let nextId = 1;
const pending = new Map();

function refuseAll(reason) {
  for (const { reject } of pending.values()) reject(new Error(reason));
  pending.clear();
}

function start() {
  worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const { id, reply, error } = event.data;
    const asked = pending.get(id);
    if (!asked) return;
    pending.delete(id);
    if (error !== undefined) asked.reject(new Error(error));
    else asked.resolve(reply);
  };
  worker.onerror = (event) => {
    console.warn(`the computer's worker failed: ${event.message}`);
    event.preventDefault();
    worker.terminate();
    worker = null;
    refuseAll(`the worker failed: ${event.message}`);
  };
}

function ask(message) {
  if (!worker) start();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, ...message });
  });
}

window.tesseractEngine = {
  think: (request) => ask({ request }),
  bench: (nodes) => ask({ benchNodes: nodes }),
  cancel() {
    if (!worker) return;
    worker.terminate();
    worker = null;
    refuseAll("stopped");
  },
};
