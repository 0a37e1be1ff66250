// 3. Bundle size per package as an app ships it (see lib/bundles.ts).
import { gzipSync } from 'node:zlib';
import { bundle, bundleCode, measureAll } from './lib/bundles.js';
import { PEER_PACKAGES } from './lib/peers.js';
import { figure, kb, runStandalone, type Section } from './lib/report.js';

const LIMITS: Record<string, number> = {
  '@x/legacy': 5,
  '@x/auth': 5,
  '@x/workforce': 8,
  '@x/access': 8,
  '@x/events': 8,
};

/**
 * The runtime's browser floors just before the Node transport came (the runtime at the parent of
 * commit 1142ae4, bundled as here; it had no separate browser build). The goal: the Node transport
 * leaves browser bundles unchanged or smaller.
 */
const BEFORE_NODE_TRANSPORT = { createApiClient: 12_460, createHttpRequester: 5_753 };

/** Each peer's smallest one-call program, min+gzip bytes (undefined: it did not bundle). */
export let oneCallBytes: Map<string, { gzip: number; platform: string } | undefined> | undefined;

export async function run(): Promise<Section> {
  const sizes = await measureAll();
  oneCallBytes = new Map();
  const peerFigures = [];
  for (const peer of PEER_PACKAGES) {
    try {
      const code = await bundleCode(peer.oneCall, true, peer.platform);
      const gzip = gzipSync(code, { level: 9 }).byteLength;
      oneCallBytes.set(peer.name, { gzip, platform: peer.platform });
      peerFigures.push(
        figure(
          `one-call program: ${peer.name}${peer.platform === 'node' ? ' (Node only, bundled for Node)' : ''}`,
          `${kb(gzip)} (min ${kb(code.byteLength)})`,
        ),
      );
    } catch (error) {
      oneCallBytes.set(peer.name, undefined);
      peerFigures.push(
        figure(
          `one-call program: ${peer.name}`,
          `does not bundle: ${String(error).split('\n')[0]}`,
        ),
      );
    }
  }
  const openapiFetch = await bundle("export { default } from 'openapi-fetch';", true);
  const figures = Object.entries(sizes).map(([name, s]) => {
    const limit = LIMITS[name];
    const value = `${kb(s.withDeps.gzip)} (own ${kb(s.own.gzip)}; min ${kb(s.withDeps.minified)})`;
    return limit === undefined
      ? figure(`${name} min+gzip`, value)
      : figure(`${name} min+gzip`, value, `< ${limit} kB`, s.withDeps.gzip < limit * 1024);
  });
  const requester = await bundle("export { createHttpRequester } from '@x/runtime';", true);
  const client = await bundle("export { createApiClient } from '@x/runtime';", true);
  figures.push(figure('openapi-fetch alone min+gzip', kb(openapiFetch.gzip)));
  figures.push(
    figure(
      'floor of a family package: createApiClient alone (runtime + openapi-fetch)',
      kb(client.gzip),
    ),
    figure('floor of @x/auth: createHttpRequester alone (no openapi-fetch)', kb(requester.gzip)),
    ...(
      [
        ['createApiClient', client.gzip],
        ['createHttpRequester', requester.gzip],
      ] as const
    ).map(([name, gzip]) =>
      figure(
        `browser: ${name} against before the Node transport`,
        `${gzip} B (before: ${BEFORE_NODE_TRANSPORT[name]} B)`,
        `≤ ${BEFORE_NODE_TRANSPORT[name]} B`,
        gzip <= BEFORE_NODE_TRANSPORT[name],
      ),
    ),
    ...peerFigures,
  );
  return {
    id: 'bundle-size',
    title: '3. Bundle size',
    method:
      'esbuild, ESM, minified, platform browser, one realistic import per package (`bench/src/lib/bundles.ts`), gzip level 9. The first size includes @x/runtime and openapi-fetch; "own" leaves both out (the package\'s own code). 1 kB = 1024 bytes. CI runs `bench/src/size-check.ts` against `bench/size-baseline.json`, and checks there that a browser bundle leaves the Node transport out. The one-call programs (`bench/src/lib/peers.ts`) are the smallest app that makes one call with each client, bundled the same way (undici\'s for Node: it does not run in browsers).',
    figures,
    notes: [
      `A family package bundles its own resources on top of \`createApiClient\`, which alone is ${kb(client.gzip)}: openapi-fetch (${kb(openapiFetch.gzip)}, one function that does not split) and the runtime core every call goes through (transport with timeouts, retries and the rate limiter, typed errors and their mapping, secret scrubbing, path checks). That floor is above the 8 kB goal before any resource. \`@x/auth\` sends its one token request through \`createHttpRequester\` (the same transport and typed errors, without openapi-fetch or the limiter), ${kb(requester.gzip)} alone.`,
    ],
  };
}

await runStandalone(import.meta.url, run);
