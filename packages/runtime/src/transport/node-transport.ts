// The Node transport's entry, what `#node-transport` resolves to under the `node` condition
// (package.json `imports`; settings.ts imports it, and the build turns that import into the
// specifier). Browsers, workers and edge runtimes get no-node-transport.ts instead, so no byte of
// the Node transport reaches their bundles. Importing it costs nothing: undici and the sender over
// it (undici-sender.ts) are loaded when a client sends its first request, and that request waits
// for them, so one transport serves every request of a client from the first.
//
// It imports no value of the runtime: the error classes come in the kit settings.ts hands it, so
// that its build is one small file (no shared chunk), and the errors the sender throws are the
// very classes callers catch, from the ESM or CommonJS build.
import type { SenderKit } from './undici-sender.js';
import type { Sender } from './wire.js';

/** Whether this is Node itself (not Bun, Deno or an edge runtime that mimics some of it). */
export function runsOnNode(): boolean {
  const g = globalThis as {
    process?: { versions?: { node?: unknown } };
    Bun?: unknown;
    Deno?: unknown;
    EdgeRuntime?: unknown;
    navigator?: { userAgent?: unknown };
  };
  const agent = g.navigator?.userAgent;
  return (
    typeof g.process?.versions?.node === 'string' &&
    g.Bun === undefined &&
    g.Deno === undefined &&
    g.EdgeRuntime === undefined &&
    (agent === undefined || (typeof agent === 'string' && agent.startsWith('Node.js')))
  );
}

type UndiciSenders = { createUndiciSender(kit: SenderKit): Sender };
/** The loaded module, or why it could not be loaded. */
type Loaded = { module: UndiciSenders } | { failure: string };
let loading: Promise<Loaded> | undefined;

/**
 * Loads the undici sender's module (once per process); resolves to it, or to why it cannot be
 * loaded (no undici installed, a runner without dynamic import).
 */
export function loadUndiciSenders(): Promise<Loaded> {
  loading ??= import('./undici-sender.js').then(
    (module): Loaded => ({ module }),
    (error: unknown): Loaded => ({
      failure: error instanceof Error ? error.message : String(error),
    }),
  );
  return loading;
}

/**
 * On Node, a client's sender over undici, given the runtime's `kit`, on a dispatcher of its own
 * (one client, one pool of connections) or the caller's; undefined elsewhere (the caller keeps
 * fetch). Its first request waits for the module to load (once per process, a few milliseconds),
 * then every request of the client goes over it. Where it cannot be loaded the client sends every
 * request over `fallback` (fetch), the first included: never a mix; and says so once, through
 * `onFallback` (a silent switch would leave proxies and pooling unexplained).
 */
export const lazyNodeSender:
  | ((kit: SenderKit, fallback: Sender, onFallback: (reason: string) => void) => Sender | undefined)
  | undefined = (kit, fallback, onFallback) => {
  if (!runsOnNode()) return undefined;
  let own: Sender | undefined;
  let making: Promise<Sender> | undefined;
  return (request, limits) => {
    if (own) return own(request, limits);
    making ??= loadUndiciSenders().then((loaded) => {
      if ('module' in loaded) own = loaded.module.createUndiciSender(kit);
      else {
        own = fallback;
        onFallback(loaded.failure);
      }
      return own;
    });
    return making.then((send) => send(request, limits));
  };
};
