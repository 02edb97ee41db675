// The computer's Web Worker: the engines' own small WebAssembly build (web/worker/) answers the
// page's requests one at a time, each search run whole on this thread. The page ends the worker
// to stop a search (a new game, an undo).
import init, { bench, think } from "./tesseract-chess-engine.js";

const ready = init();

self.onmessage = async (event) => {
  const { id, request, benchNodes } = event.data;
  try {
    await ready;
    const reply = benchNodes !== undefined ? bench(benchNodes) : think(request);
    self.postMessage({ id, reply });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
};
