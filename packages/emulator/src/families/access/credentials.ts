// Credentials bound to an identity: list, get and revoke; created by completing a credential
// binding job (the control surface), which also marks the identity enrolled.
import { newId, secret } from '../../random.js';
import type { Handler, HandlerContext, World } from '../types.js';
import { acc, inRealm, missing, nowIso } from './common.js';
import { recordCredentialChange } from './events.js';
import { findIdentity } from './groups.js';
import { pageRequest, tokenPage } from './paging.js';
import type { AccessCredentialRecord, AccessIdentityRecord } from './state.js';

/** Default and largest page of the credential and binding job lists (default not published). */
export const CREDENTIAL_PAGE = { defaultSize: 20, maxSize: 200 } as const;

/** The published credential kinds (`Credential.csr_type`). */
export const CSR_TYPES = ['JWT', 'WEBAUTHN', 'FIDO2'] as const;
/** A published credential kind. */
export type CsrType = (typeof CSR_TYPES)[number];

/** A new credential for an identity (ACTIVE); the identity becomes ENROLLED. */
export function issueCredential(
  world: World,
  identity: AccessIdentityRecord,
  csrType: CsrType = 'JWT',
): AccessCredentialRecord {
  const now = world.clock.iso();
  const x = secret(32);
  const y = secret(32);
  const credential: AccessCredentialRecord = {
    id: newId(),
    seq: world.state.seq++,
    tenant_id: identity.tenant_id,
    realm_id: identity.realm_id,
    identity_id: identity.id,
    state: 'ACTIVE',
    csr_type: csrType,
    jwk_json: JSON.stringify({ kty: 'EC', crv: 'P-256', x, y }),
    jwk_thumbprint: secret(32),
    create_time: now,
    update_time: now,
  };
  acc(world).credentials[credential.id] = credential;
  identity.enrollment_status = 'ENROLLED';
  return credential;
}

/** A credential of the path's identity. */
function findCredential(ctx: HandlerContext): AccessCredentialRecord {
  const identity = findIdentity(ctx);
  const credential = inRealm(ctx, acc(ctx).credentials, 'credential', ctx.params.credential_id);
  if (credential.identity_id !== identity.id) throw missing(ctx, 'credential', credential.id);
  return credential;
}

const listCredentials: Handler = (ctx) => {
  const identity = findIdentity(ctx);
  const credentials = Object.values(acc(ctx).credentials)
    .filter((c) => c.identity_id === identity.id)
    .sort((a, b) => a.seq - b.seq);
  const { items, ...rest } = tokenPage(credentials, pageRequest(ctx, CREDENTIAL_PAGE));
  return { body: { credentials: items, ...rest } };
};

const getCredential: Handler = (ctx) => ({ body: findCredential(ctx) });

const revokeCredential: Handler = (ctx) => {
  const credential = findCredential(ctx);
  if (credential.state !== 'REVOKED') {
    credential.state = 'REVOKED';
    credential.update_time = nowIso(ctx);
    recordCredentialChange(ctx, credential, 'REVOKE');
    const state = acc(ctx);
    const identity = state.identities[credential.identity_id];
    const active = Object.values(state.credentials).some(
      (c) => c.identity_id === credential.identity_id && c.state === 'ACTIVE',
    );
    if (identity && !active) identity.enrollment_status = 'UNENROLLED';
  }
  return { body: credential };
};

/** Handlers of the credential operations. */
export const credentialHandlers: Record<string, Handler> = {
  listCredentials,
  getCredential,
  revokeCredential,
};
