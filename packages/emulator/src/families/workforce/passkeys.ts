// Passkeys and their tags: list with the passkey filter table, delete, and tags that are
// unique per tenant, matched case-insensitively, and set by full replace.
import { PASSKEY_FILTER_FIELDS, PASSKEY_SORT_FIELDS } from '@x/workforce';
import { ApiFailure, notFound } from '../../http/errors.js';
import { offsetPage } from '../../lists/offset-list.js';
import { newId } from '../../random.js';
import type { PasskeyRecord, WorkforceState } from '../../state.js';
import type { Handler, HandlerContext } from '../types.js';
import { tenantOf, userSummary, wf } from './common.js';

/** `search` is a text search over the passkey's text fields (its operators are not published). */
const PASSKEY_FIELDS = { ...PASSKEY_FILTER_FIELDS, search: 'text' } as const;
const SEARCHED = [
  'platform',
  'hostname',
  'device_name',
  'user_name',
  'serial_number',
  'device_info',
  'app_version',
] as const;

function passkeyValue(state: WorkforceState, passkey: PasskeyRecord, field: string): unknown {
  const user = state.users[passkey.user_id];
  switch (field) {
    case 'user_name':
      return user?.username ?? passkey.user_name;
    case 'user_status':
      return user?.state;
    case 'platform_pr':
      return passkey.platform !== '';
    case 'app_version_pr':
      return passkey.app_version !== '';
    case 'vul_firewall':
    case 'vul_rooted':
    case 'vul_biometric':
    case 'vul_password':
    case 'vul_tpm':
      return passkey.vulnerabilities[field.slice(4)] === true;
    case 'search':
      return SEARCHED.map((f) => String(passkeyValue(state, passkey, f) ?? '')).join('\n');
    default:
      return (passkey as unknown as Record<string, unknown>)[field];
  }
}

/** The passkey as the list shows it. */
function passkeyView(state: WorkforceState, passkey: PasskeyRecord) {
  return {
    id: passkey.id,
    user_id: passkey.user_id,
    user_name: passkeyValue(state, passkey, 'user_name'),
    device_info: passkey.device_info,
    date_last_auth: passkey.date_last_auth,
    date_created: passkey.date_created,
    platform: passkey.platform,
    serial_number: passkey.serial_number,
    hostname: passkey.hostname,
    major_version: passkey.major_version,
    minor_version: passkey.minor_version,
    is_rooted: passkey.is_rooted,
    vulnerabilities: passkey.vulnerabilities,
    app_version: passkey.app_version,
  };
}

function findPasskey(ctx: HandlerContext): PasskeyRecord {
  const id = ctx.params.passkey_id!;
  const passkey = wf(ctx).passkeys[id];
  if (!passkey) throw notFound('passkey', id);
  if (passkey.tenant_id !== tenantOf(ctx))
    throw new ApiFailure(403, 'resource belongs to another tenant');
  return passkey;
}

const listPasskeys: Handler = (ctx) => {
  const state = wf(ctx);
  const tenantId = tenantOf(ctx);
  const { page, total } = offsetPage(
    Object.values(state.passkeys).filter((p) => p.tenant_id === tenantId),
    ctx.query,
    {
      filterFields: PASSKEY_FIELDS,
      sortFields: PASSKEY_SORT_FIELDS,
      seq: (p) => p.seq,
      value: (p, field) => passkeyValue(state, p, field),
    },
  );
  return { body: { passkeys: page.map((p) => passkeyView(state, p)), total_size: total } };
};

const deletePasskey: Handler = (ctx) => {
  const passkey = findPasskey(ctx);
  const state = wf(ctx);
  delete state.passkeys[passkey.id];
  const user = state.users[passkey.user_id];
  if (user)
    ctx.record({
      tenantId: passkey.tenant_id,
      eventType: 'DEVICE_CREDENTIAL_CHANGE',
      service: 'directory',
      data: {
        type_name: 'DeviceCredentialChange',
        certificate: { type_name: 'Certificate', uuid: passkey.id, status: 'DELETED' },
        user: userSummary(user),
        device_info: {
          type_name: 'DeviceInfo',
          authenticator: {
            type_name: 'Authenticator',
            app_instance_id: passkey.id,
            app_version: passkey.app_version,
          },
        },
        action: 'REVOKE',
      },
    });
  return {};
};

function tagsView(state: WorkforceState, passkey: PasskeyRecord) {
  return {
    tags: passkey.tags
      .map((id) => state.tags[id])
      .filter((t) => t !== undefined)
      .map((t) => ({ id: t.id, name: t.name })),
  };
}

const getPasskeyTags: Handler = (ctx) => ({ body: tagsView(wf(ctx), findPasskey(ctx)) });

const setPasskeyTags: Handler = (ctx) => {
  const passkey = findPasskey(ctx);
  const state = wf(ctx);
  const byName = new Map<string, string>();
  for (const tag of Object.values(state.tags))
    if (tag.tenant_id === passkey.tenant_id) byName.set(tag.name.toLowerCase(), tag.id);
  const ids: string[] = [];
  for (const { name } of (ctx.body as { tags: { name: string }[] }).tags) {
    const key = name.toLowerCase();
    let id = byName.get(key);
    if (id === undefined) {
      // A name that does not exist yet creates the tag, with the casing first sent.
      id = newId();
      state.tags[id] = { id, tenant_id: passkey.tenant_id, name };
      byName.set(key, id);
    }
    if (!ids.includes(id)) ids.push(id);
  }
  passkey.tags = ids;
  return { body: tagsView(state, passkey) };
};

/** Handlers of the passkey operations. */
export const passkeyHandlers: Record<string, Handler> = {
  listPasskeys,
  deletePasskey,
  getPasskeyTags,
  setPasskeyTags,
};
