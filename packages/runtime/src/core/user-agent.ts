// `User-Agent: x-sdk-<family>/<version> (<runtime>/<version>)`, so the platform's operators can
// tell SDK traffic, its versions and runtimes apart. Browsers set their own User-Agent, so there
// none is sent.
import { VERSION } from '../version.js';

/** A package's name and version, as the User-Agent shows them. */
export interface SdkIdentity {
  /** The family, for example `workforce`. */
  readonly name: string;
  /** The package version, for example `0.2.0`. */
  readonly version: string;
}

/** The runtime and its version, for example `node/20.20.2`; undefined in a browser. */
export function runtimeTag(): string | undefined {
  const g = globalThis as {
    Deno?: { version?: { deno?: string } };
    Bun?: { version?: string };
    process?: { versions?: { node?: string } };
    document?: unknown;
    navigator?: { userAgent?: string };
  };
  if (typeof g.Deno?.version?.deno === 'string') return `deno/${g.Deno.version.deno}`;
  if (typeof g.Bun?.version === 'string') return `bun/${g.Bun.version}`;
  if (typeof g.process?.versions?.node === 'string') return `node/${g.process.versions.node}`;
  if (g.document !== undefined) return undefined;
  const ua = g.navigator?.userAgent;
  return typeof ua === 'string' && /^[\x21-\x7e]+$/.test(ua) ? ua : 'unknown';
}

/** The User-Agent value of a client, or undefined where the runtime sets its own. */
export function userAgent(identity: SdkIdentity | undefined): string | undefined {
  const runtime = runtimeTag();
  if (runtime === undefined) return undefined;
  const sdk = identity ?? { name: 'runtime', version: VERSION };
  return `x-sdk-${sdk.name}/${sdk.version} (${runtime})`;
}
