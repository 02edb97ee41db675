// The page's side of the computer's Web Workers (engine-worker.js), as `window.tesseractEngine`
// for the game's WebAssembly. Each channel has a worker of its own — "computer" (the default)
// for the computer's moves, "analysis" for the 4D analysis and hints, and the four-player
// analysis' and partner's plan's own — so stopping one never stops another:
// `think(request, channel)` resolves to the worker's reply, `cancel(channel)` ends that worker at once (its pending requests are refused; the next one starts a fresh
// worker), `bench(nodes)` resolves to the search speed. Without module workers the game thinks
// in slices on the page's thread instead.
let nextId = 1;
/// channel name -> { worker, pending: Map(id -> { resolve, reject }) }
const channels = new Map();

function refuseAll(channel, reason) {
  for (const { reject } of channel.pending.values()) reject(new Error(reason));
  channel.pending.clear();
}

function start(name) {
  const channel = {
    worker: new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" }),
    pending: new Map(),
  };
  channel.worker.onmessage = (event) => {
    const { id, reply, error } = event.data;
    const asked = channel.pending.get(id);
    if (!asked) return;
    channel.pending.delete(id);
    if (error !== undefined) asked.reject(new Error(error));
    else asked.resolve(reply);
  };
  channel.worker.onerror = (event) => {
    console.warn(`the ${name} worker failed: ${event.message}`);
    event.preventDefault();
    stop(name, `the worker failed: ${event.message}`);
  };
  channels.set(name, channel);
  return channel;
}

function stop(name, reason) {
  const channel = channels.get(name);
  if (!channel) return;
  channel.worker.terminate();
  channels.delete(name);
  refuseAll(channel, reason);
}

function ask(name, message) {
  const channel = channels.get(name) ?? start(name);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    channel.pending.set(id, { resolve, reject });
    channel.worker.postMessage({ id, ...message });
  });
}

window.tesseractEngine = {
  think: (request, channel = "computer") => ask(channel, { request }),
  bench: (nodes) => ask("computer", { benchNodes: nodes }),
  cancel: (channel = "computer") => stop(channel, "stopped"),
};
