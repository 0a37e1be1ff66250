// What a family module is: the spec it serves, where its servers are mounted, how it
// authenticates, the handlers it registers by operationId, its seed and its control routes.
import type { SpecName } from '@x/specs';
import type { Hono } from 'hono';
import type { TokenService } from '../auth/tokens.js';
import type { Clock } from '../clock.js';
import type { SeedData } from '../options.js';
import type { ErrorStyle, OperationSpec } from '../spec/operations.js';
import type { EmulatorState, OutboxMessage } from '../state.js';

/** The base paths of the one origin, one per server of the platform. */
export type MountName = 'workforce' | 'access' | 'accessAuth' | 'events' | 'legacy';

/** Base path of each mount on the emulator's origin. */
export const MOUNT_PATHS: Readonly<Record<MountName, string>> = {
  workforce: '/workforce',
  access: '/access',
  accessAuth: '/access-auth',
  events: '/events',
  legacy: '/legacy',
};

/** Who made a request, from its bearer credential. */
export interface Principal {
  /** The family the credential belongs to. */
  family: string;
  /** The tenant the credential acts for (the first when a key reaches several). */
  tenantId: string;
  /** Every tenant the credential reaches. */
  tenantIds: readonly string[];
  /** Client id, API key name or token name. */
  id: string;
  /** Human name of the principal, recorded as the event actor's `display_name`. */
  displayName: string;
  /** `ApiClient` for client-credentials tokens, `ApiKey` for static keys. */
  type: string;
  scopes: readonly string[];
  /** The token's extra claims (family-specific), if any. */
  extra?: Readonly<Record<string, string>>;
}

/** A change to record as an event; the envelope is completed by the recorder. */
export interface EventInput {
  tenantId: string;
  eventType: string;
  service: string;
  /** The event's data; absent for event types whose data shape nothing publishes. */
  data?: Record<string, unknown>;
  outcome?: string;
  attested?: boolean;
  /**
   * The recorded time (epoch ms), for a back-dated event; default now. An earlier time puts the
   * event in its recorded place among the others while it becomes visible only now, as an event
   * does on the platform under replica or ingest lag.
   */
  recordedMillis?: number;
  /** The occurred time (epoch ms); default the recorded time. */
  occurredMillis?: number;
  /** Defaults to the request's principal. */
  actor?: {
    type: string;
    id: string;
    display_id: string;
    tenant_id: string;
    display_name?: string;
  };
}

/** The services of one emulator instance that handlers use. */
export interface World {
  /** The current state (replaced by reset and restore, so always read it through here). */
  readonly state: EmulatorState;
  readonly clock: Clock;
  readonly tokens: TokenService;
  /** Full base URL of each mount (`http://127.0.0.1:4010/workforce`). */
  readonly urls: Readonly<Record<MountName, string>>;
  /** Records an event now, with a correlation id and an actor. */
  record(event: EventInput, correlationId: string, principal?: Principal): Record<string, unknown>;
  /** Puts an e-mail into the outbox. */
  send(message: Omit<OutboxMessage, 'id' | 'seq' | 'sent_at'>): OutboxMessage;
  /** The options the instance was started with (seed included). */
  readonly seed: SeedData;
}

/** What a handler gets: the validated request and the instance. */
export interface HandlerContext {
  readonly op: OperationSpec;
  /** Path parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** Query parameters, coerced to their declared types with defaults filled in. */
  readonly query: Readonly<Record<string, unknown>>;
  readonly headers: Headers;
  /** The validated JSON body (or form fields); undefined when none was sent. */
  readonly body: unknown;
  /** Media type of the body sent, lower case, without parameters. */
  readonly mediaType: string | undefined;
  /** The caller; undefined on operations without bearer security (token endpoints). */
  readonly principal: Principal | undefined;
  readonly request: Request;
  readonly world: World;
  /** Correlation id shared by the events one request records. */
  readonly correlationId: string;
  /** Records an event for this request (actor: the principal). */
  record(event: EventInput): void;
}

/** What a handler answers; the body is shaped to the declared response schema. */
export interface HandlerResult {
  /** Default 200. */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Handles one operation. Throw an `ApiFailure` for an error answer. */
export type Handler = (ctx: HandlerContext) => HandlerResult | Promise<HandlerResult>;

/** Checks the bearer credential of a request to one of the family's operations. */
export type Authenticate = (
  request: Request,
  op: OperationSpec,
  world: World,
) => Principal | Promise<Principal>;

/**
 * A family: one module that serves one spec document. Handlers are keyed by operationId; an
 * operation of the spec without a handler answers 501.
 */
export interface FamilyModule {
  readonly name: string;
  readonly spec: SpecName;
  /** Server base variable to mount, e.g. `{ workforce_api_url: 'workforce' }`. */
  readonly mounts: Readonly<Record<string, { mount: MountName; prefix?: string }>>;
  /** Error format for routes whose operation declares none (unknown routes, 501, faults). */
  readonly defaultErrorStyle: ErrorStyle;
  readonly handlers: Readonly<Record<string, Handler>>;
  /** Bearer check for operations with bearer or OAuth 2.0 security. */
  readonly authenticate: Authenticate;
  /** Whether per-tenant rate limits apply to this family when they are on. */
  readonly rateLimited: boolean;
  /** Adds the family's seed to a fresh state. */
  seed(state: EmulatorState, seed: SeedData, now: string): void;
  /** The family's part of `credentials`, read from the state. */
  credentials(
    state: EmulatorState,
    urls: Readonly<Record<MountName, string>>,
  ): Record<string, unknown>;
  /** Adds the family's routes under `/_emulator/<name>/`. */
  control?(app: Hono, world: World): void;
}
