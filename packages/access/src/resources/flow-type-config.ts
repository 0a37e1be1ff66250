// The launch mechanisms (flow types) of a realm, per platform: which ways of starting an
// authentication are enabled on Android, macOS, iOS, Windows, the web, Linux and ChromeOS.
import type { ApiPromise, CallOptions } from '@x/runtime';
import type { RealmScope } from '../api.js';
import { flag } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { shape } from '../shape-checks.js';

type Schemas = components['schemas'];

/** The flow type configuration of a realm: `platform_config` maps each platform to its flow types. */
export type FlowTypeConfig = Schemas['FlowTypeConfig'];
/**
 * The flow types to change, per platform (`{ ios: { embedded: { enabled: false } } }`); the
 * platforms and flow types left out stay as they are.
 */
export type FlowTypeConfigUpdate = Input<Schemas['PlatformFlowTypeConfigUpdate']>;

const PATHS = {
  config: '/v1/tenants/{tenant_id}/realms/{realm_id}/flow-type-config',
} as const;

const PLATFORMS = [
  'android',
  'macos',
  'ios',
  'windows',
  'web',
  'linux',
  'chromeos',
  'chromeosweb',
] as const satisfies readonly (keyof Schemas['PlatformFlowTypeConfigUpdate'])[];
const FLOW_TYPES = [
  'unknown',
  'scheme',
  'embedded',
  'copy',
  'roaming_auth',
  'android_autofill',
  'android_accessibility',
  'pipe',
  'localhost',
  'universal_link',
  'safari_extension',
  'layered_auth_qr_code',
  'secure_localhost',
] as const satisfies readonly (keyof Schemas['FlowTypeSetUpdate'])[];

const fieldsOf = <K extends string>(keys: readonly K[], check: ReturnType<typeof shape>) =>
  Object.fromEntries(keys.map((key) => [key, check]));
const FLOW_TYPE = shape({ writable: { enabled: flag, valid: flag } });
const PLATFORM = shape({ writable: fieldsOf(FLOW_TYPES, FLOW_TYPE) });
const UPDATE = shape({ writable: fieldsOf(PLATFORMS, PLATFORM) });

/** The flow type configuration of a realm: get and update. */
export class FlowTypeConfigResource {
  /** @internal */
  constructor(private readonly scope: RealmScope) {}

  /** Returns the realm's flow type configuration. @throws NotFoundError, ConflictError (409). */
  get(options?: CallOptions): ApiPromise<FlowTypeConfig> {
    return this.scope.api.get(PATHS.config, { path: this.scope.path }, options);
  }

  /**
   * Changes the flow types given and returns the whole configuration. The body is the platform
   * map itself (not wrapped); errors name its fields as `flow_type_config.ios.embedded.enabled`.
   * @throws ValidationError naming the field, before anything is sent; ConflictError (409).
   * @example
   * await realm.flowTypeConfig.update({ web: { secure_localhost: { enabled: true } } });
   */
  update(changes: FlowTypeConfigUpdate, options?: CallOptions): ApiPromise<FlowTypeConfig> {
    const body = () =>
      UPDATE(changes, 'flow_type_config') as Schemas['PlatformFlowTypeConfigUpdate'];
    return this.scope.api.patch(
      PATHS.config,
      () => ({ path: this.scope.path, body: body() }),
      options,
    );
  }
}
