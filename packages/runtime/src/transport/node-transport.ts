// The Node transport's entry, what `#node-transport` resolves to under the `node` condition
// (package.json `imports`; settings.ts imports it, and the build turns that import into the
// specifier). Browsers, workers and edge runtimes get no-node-transport.ts instead, so no byte of
// the Node transport reaches their bundles. Importing it costs nothing: the sender and node:http
// are loaded on a client's first request. Anything that goes wrong while loading them (an
// environment without node:http, a test runner without dynamic import) leaves the client on fetch.
//
// It imports no value of the runtime: the error classes and fetch come in the kit settings.ts hands
// it, so that its build is one small file (no shared chunk, measured 1.5 ms less cold import), and
// the errors the sender throws are the very classes callers catch, from the ESM or CommonJS build.
import type { SenderKit } from './node-sender.js';
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

/** The Node sender's module, once loaded: loading starts with the first request of the process. */
let nodeSenders: { createNodeSender(kit: SenderKit): Sender } | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the Node sender's module (once per process); resolves whether it could be. Tests await it
 * after a first request; clients never wait for it (see `lazyNodeSender`).
 */
export function loadNodeSenders(): Promise<boolean> {
  loading ??= import('./node-sender.js').then(
    (module) => {
      nodeSenders = module;
    },
    () => undefined, // No node:http here after all (or no dynamic import): clients keep fetch.
  );
  return loading.then(() => nodeSenders !== undefined);
}

/**
 * On Node, a client's sender over node:http(s), given the runtime's `kit`, with its own keep-alive
 * agents (one client, one pool of connections), made when its first request goes out; undefined
 * elsewhere (the caller keeps fetch). The module is loaded on the process's first request, which does not wait for it:
 * requests sent while it loads (a few milliseconds) go over fetch, which keeps every guarantee
 * the same way. Waiting would hold the first request on real time (file reads), which callers
 * that drive a call on a fake clock cannot move.
 */
export const lazyNodeSender: ((kit: SenderKit) => Sender | undefined) | undefined = (kit) => {
  if (!runsOnNode()) return undefined;
  let own: Sender | undefined;
  return (request, limits) => {
    if (own) return own(request, limits);
    if (!nodeSenders) {
      void loadNodeSenders();
      return kit.fallback(request, limits);
    }
    own = nodeSenders.createNodeSender(kit);
    return own(request, limits);
  };
};
