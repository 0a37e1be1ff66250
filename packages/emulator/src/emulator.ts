// `startEmulator`: one Hono app serving every family on its own base path of one origin, the
// control surface under `/_emulator`, an in-process `fetch`, and optionally a port.
import { Hono } from 'hono';
import { TokenService } from './auth/tokens.js';
import { Clock } from './clock.js';
import { controlGuard, controlKeyFor, IN_PROCESS } from './control/guard.js';
import { controlRoutes } from './control/routes.js';
import {
  type EmulatorCredentials,
  type EmulatorEnvironment,
  type EmulatorUrls,
  environmentOf,
} from './environment.js';
import { type RecordEventInput, recordEvent } from './families/events/control.js';
import { shapeEventData } from './families/events/data.js';
import { FAMILIES } from './families/registry.js';
import {
  type EventInput,
  MOUNT_PATHS,
  type MountName,
  type Principal,
  type World,
} from './families/types.js';
import { mountHandler, RESET_HEADER } from './http/pipeline.js';
import { Faults } from './limits/faults.js';
import { RateLimiter } from './limits/rate-limit.js';
import type { EmulatorOptions, FaultOptions, RateLimitOptions, SeedData } from './options.js';
import { newId, secret } from './random.js';
import { withoutPrototypes } from './records.js';
import {
  copyJson,
  type EmulatorSnapshot,
  parseSnapshot,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
} from './snapshot.js';
import type { EmulatorState, OutboxMessage } from './state.js';
import { Unknowns, type UnknownsOptions } from './tolerance/unknowns.js';

/** A running emulator. */
export interface Emulator {
  readonly urls: EmulatorUrls;
  /** The seeded credentials (read from the current state). */
  readonly credentials: EmulatorCredentials;
  /**
   * The environment variables every family's `fromEnv` reads, pointed at the seeded tenants
   * (`X_WORKFORCE_URL`, `X_ACCESS_CLIENT_ID`, ...): `fromEnv({ fetch: emulator.fetch }, emulator.env)`.
   */
  readonly env: EmulatorEnvironment;
  /**
   * The key the control surface asks for (`x-emulator-control-key` header), or undefined when it
   * asks for none (loopback without `controlKey`).
   */
  readonly controlKey: string | undefined;
  /** Serves a request in process, no socket: pass it as `fetch` to any client. */
  readonly fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** Back to the seed: every change, event, e-mail and token is dropped. */
  reset(): void;
  /** A JSON-serialisable copy of the whole state and the clock. */
  snapshot(): EmulatorSnapshot;
  /** Replaces the whole state (and the clock) with a snapshot's. */
  restore(snapshot: EmulatorSnapshot | unknown): void;
  /** Moves the emulator's clock forward; returns the new time (epoch ms). */
  advanceClock(ms: number): number;
  /** The e-mails the platform would have sent, oldest first (copies). */
  outbox(): OutboxMessage[];
  /**
   * Records an event as the platform would (`POST /_emulator/events` does the same). With
   * `recordedMillis` before now it is back-dated: listed in its recorded place, visible only now,
   * as under replica or ingest lag. Returns the event as listed.
   */
  recordEvent(input: RecordEventInput): Record<string, unknown>;
  /** Replaces the fault rules (undefined: none). */
  setFaults(options: FaultOptions | undefined): void;
  /** Replaces the rate limits (undefined: off). */
  setRateLimits(options: RateLimitOptions | undefined): void;
  /**
   * Tolerance mode (undefined: off): unknown values in every `x-extensible-enum` field and one
   * unknown property in every object of the families' responses, for tests of forward
   * compatibility.
   */
  setUnknowns(options: UnknownsOptions | undefined): void;
  /** Stops listening (when on a port); the in-process `fetch` keeps working. */
  stop(): Promise<void>;
}

const DEFAULT_MAX_BODY = 1_048_576;

function freshState(): EmulatorState {
  return {
    seq: 1,
    signing_key: secret(32),
    workforce: { tenants: {}, users: {}, groups: {}, bindingJobs: {}, passkeys: {}, tags: {} },
    access: {},
    legacy: { users: {}, tokens: {} },
    events: { records: [], api_keys: {} },
    outbox: [],
    tokens: {},
  };
}

/** Whether the path of a raw request-target has a `.` or `..` segment, percent-encoded or not. */
function hasDotSegment(target: string): boolean {
  const path = target.split(/[?#]/, 1)[0] ?? '';
  return path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

function seededState(seed: SeedData, now: string): EmulatorState {
  const state = freshState();
  for (const family of FAMILIES) family.seed(state, seed, now);
  return withoutPrototypes(state);
}

/**
 * Starts an emulator of the platform's four API families.
 * @example
 * const emulator = await startEmulator();
 * const workforce = createWorkforceClient({
 *   baseUrl: emulator.urls.workforce,
 *   fetch: emulator.fetch,
 *   auth: clientCredentials({ ...emulator.credentials.workforce, fetch: emulator.fetch }),
 * });
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const clock = new Clock(options.clock);
  const seed = options.seed ?? {};
  let state = seededState(seed, clock.iso());
  if (options.snapshot !== undefined) {
    const snapshot = parseSnapshot(options.snapshot);
    state = snapshot.state;
    clock.set(snapshot.clock);
  }
  const urls: Record<MountName | 'control', string> = {
    workforce: '',
    access: '',
    accessAuth: '',
    events: '',
    legacy: '',
    control: '',
  };
  const setOrigin = (origin: string) => {
    for (const [mount, path] of Object.entries(MOUNT_PATHS))
      urls[mount as MountName] = `${origin}${path}`;
    urls.control = `${origin}/_emulator`;
  };
  // In process the origin only has to satisfy clients that want https or loopback http.
  setOrigin('http://localhost');

  const tokens = new TokenService(() => state, clock, options.tokenLifetimeSeconds ?? 3600);
  const world: World = {
    get state() {
      return state;
    },
    clock,
    tokens,
    urls,
    seed,
    record(input: EventInput, correlationId: string, principal?: Principal) {
      const now = clock.now();
      const recorded = input.recordedMillis ?? now;
      const seq = state.seq++;
      const actor =
        input.actor ??
        (principal
          ? {
              type: principal.type,
              id: principal.id,
              display_id: principal.id,
              tenant_id: principal.tenantId,
              display_name: principal.displayName,
            }
          : undefined);
      const event = {
        id: newId(),
        correlation_id: correlationId,
        service: input.service,
        event_occurred_millis: input.occurredMillis ?? recorded,
        event_recorded_millis: recorded,
        outcome: input.outcome ?? 'SUCCESS',
        attested: input.attested ?? true,
        ...(actor ? { actor } : {}),
        event_type: input.eventType,
        ...(input.data ? { data: shapeEventData(input.data) } : {}),
      };
      const records = state.events.records;
      // Listed in recorded order: a back-dated event goes before the later ones (it still gets
      // the next sequence number, as it became visible only now).
      let at = records.length;
      while (at > 0 && Number(records[at - 1]!.event.event_recorded_millis) > recorded) at--;
      records.splice(at, 0, { seq, tenant_id: input.tenantId, event });
      return event;
    },
    send(message) {
      const full: OutboxMessage = {
        ...message,
        id: newId(),
        seq: state.seq++,
        sent_at: clock.iso(),
      };
      state.outbox.push(full);
      return full;
    },
  };

  const rateLimiter = new RateLimiter(options.rateLimits, clock);
  const faults = new Faults(options.faults);
  const unknowns = new Unknowns(options.unknowns);
  const deps = {
    world,
    rateLimiter,
    faults,
    unknowns,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY,
  };

  const credentials = (): EmulatorCredentials => {
    const out: Record<string, unknown> = {};
    for (const family of FAMILIES) out[family.name] = family.credentials(state, urls);
    return out as unknown as EmulatorCredentials;
  };
  const snapshot = (): EmulatorSnapshot => ({
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    clock: clock.toJSON(),
    state: copyJson(state),
  });
  const restore = (value: unknown) => {
    const parsed = parseSnapshot(value);
    state = parsed.state;
    clock.set(parsed.clock);
    rateLimiter.clear();
    faults.restart();
  };
  const reset = () => {
    state = seededState(seed, clock.iso());
    rateLimiter.clear();
    faults.restart();
  };

  if (options.advertiseHost !== undefined && !/^[A-Za-z0-9.:[\]-]+$/.test(options.advertiseHost))
    throw new Error('advertiseHost must be a host name or address (no scheme, port or path)');
  const controlKey = controlKeyFor(
    options.port === undefined ? undefined : (options.host ?? '127.0.0.1'),
    options.controlKey,
  );
  const app = new Hono();
  // A request-target with a `.` or `..` segment (also `%2e%2e`) would be resolved onto another
  // path, and so another operation or the control surface, before routing: refused instead. Only
  // a request from a socket can carry one; a URL given to `fetch` is resolved by the caller.
  app.use('*', async (c, next) => {
    const target = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
    if (target !== undefined && hasDotSegment(target))
      return c.json({ message: 'the request path has a "." or ".." segment' }, 400);
    await next();
  });
  for (const family of FAMILIES) {
    const mounts = new Set(Object.values(family.mounts).map((m) => m.mount));
    for (const mount of mounts) {
      const base = MOUNT_PATHS[mount];
      const handle = mountHandler(family, mount, base, deps);
      app.all(`${base}/*`, (c) => handle(c.req.raw, c.env));
    }
  }
  app.route(
    '/_emulator',
    controlRoutes(
      {
        reset,
        snapshot,
        restore,
        advanceClock: (ms) => clock.advance(ms),
        clock: () => clock.toJSON(),
        setFaults: (o) => faults.configure(o),
        faults: () => faults.current(),
        setRateLimits: (o) => rateLimiter.configure(o),
        rateLimits: () => rateLimiter.current(),
        setUnknowns: (o) => unknowns.configure(o),
        unknowns: () => unknowns.current(),
        outbox: () => copyJson(state.outbox),
        clearOutbox: () => {
          state.outbox = [];
        },
        info: () => ({ urls, credentials: credentials() }),
        page: () => state,
      },
      (control) => {
        for (const family of FAMILIES) family.control?.(control, world);
      },
      controlGuard(() => controlKey),
    ),
  );
  app.notFound((c) =>
    c.json(
      {
        message: `no route ${c.req.method} ${c.req.path}; the families are under ${Object.values(MOUNT_PATHS).join(', ')}`,
      },
      404,
    ),
  );
  app.onError((error, c) => {
    console.error('@x/emulator: unexpected error', error);
    return c.json({ message: 'internal error' }, 500);
  });

  const fetchInProcess = async (
    input: RequestInfo | URL,
    init?: RequestInit,
  ): Promise<Response> => {
    const request =
      input instanceof Request && init === undefined ? input : new Request(input, init);
    const response = await app.fetch(request, { [IN_PROCESS]: true });
    if (response.headers.get(RESET_HEADER))
      // What a client sees when the server resets the connection.
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      });
    return response;
  };

  let server: { close(): void } | undefined;
  if (options.port !== undefined) {
    const { listen } = await import('./serve.js');
    const listening = await listen(
      app,
      options.port,
      options.host ?? '127.0.0.1',
      options.advertiseHost,
    );
    server = listening.server;
    setOrigin(listening.origin);
  }

  return {
    urls,
    controlKey,
    get credentials() {
      return credentials();
    },
    get env() {
      return environmentOf({ urls, credentials: credentials() });
    },
    fetch: fetchInProcess,
    reset,
    snapshot,
    restore,
    advanceClock: (ms) => clock.advance(ms),
    recordEvent: (input) => copyJson(recordEvent(world, input)),
    outbox: () => copyJson(state.outbox),
    setFaults: (o) => faults.configure(o),
    setRateLimits: (o) => rateLimiter.configure(o),
    setUnknowns: (o) => unknowns.configure(o),
    async stop() {
      const s = server as
        | undefined
        | { close(cb?: () => void): void; closeAllConnections?: () => void };
      server = undefined;
      if (!s) return;
      await new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections?.();
      });
    },
  };
}
