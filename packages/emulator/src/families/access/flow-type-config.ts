// A realm's launch mechanisms: for each platform, which authentication flow types are enabled
// and valid. Created with defaults the first time it is read; the update is a partial platform
// map (not wrapped).
import { type JsonObject, specDocument } from '@x/specs';
import type { Handler, HandlerContext } from '../types.js';
import { acc, nowIso, realmOf } from './common.js';
import type { FlowTypeConfigRecord } from './state.js';

// The platforms and flow types are the spec's (`PlatformFlowTypeConfig`, `FlowTypeSet`).
const schemas = (specDocument('access').components as JsonObject).schemas as JsonObject;
const propertiesOf = (name: string) =>
  Object.keys((schemas[name] as { properties: JsonObject }).properties);
const PLATFORMS = propertiesOf('PlatformFlowTypeConfig');
const FLOW_TYPES = propertiesOf('FlowTypeSet');
/** Enabled by default (the others start disabled); every flow type starts valid. */
const ENABLED = new Set(['scheme', 'embedded', 'universal_link', 'secure_localhost']);

function configOf(ctx: HandlerContext): FlowTypeConfigRecord {
  const realm = realmOf(ctx);
  const state = acc(ctx);
  let config = state.flowTypeConfigs[realm.id];
  if (!config) {
    const now = nowIso(ctx);
    config = {
      id: `ftc-${realm.id}`,
      tenant_id: realm.tenant_id,
      realm_id: realm.id,
      platform_config: Object.fromEntries(
        PLATFORMS.map((p) => [
          p,
          Object.fromEntries(FLOW_TYPES.map((f) => [f, { enabled: ENABLED.has(f), valid: true }])),
        ]),
      ),
      create_time: now,
      update_time: now,
    };
    state.flowTypeConfigs[realm.id] = config;
  }
  return config;
}

const getFlowTypeConfig: Handler = (ctx) => ({ body: configOf(ctx) });

const updateFlowTypeConfig: Handler = (ctx) => {
  const config = configOf(ctx);
  const update = (ctx.body ?? {}) as Record<string, Record<string, Record<string, boolean>>>;
  for (const [platform, flows] of Object.entries(update))
    for (const [flow, values] of Object.entries(flows ?? {})) {
      const current = config.platform_config[platform]?.[flow];
      if (current) Object.assign(current, values);
    }
  config.update_time = nowIso(ctx);
  return { body: config };
};

/** Handlers of the flow type configuration operations. */
export const flowTypeConfigHandlers: Record<string, Handler> = {
  getFlowTypeConfig,
  updateFlowTypeConfig,
};
