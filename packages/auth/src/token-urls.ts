import { ValidationError } from '@x/runtime';
import { normalizeBaseUrl } from '@x/runtime/internal';

/** How a token URL's base is checked. */
export interface TokenUrlOptions {
  /** Allows plain http to a host that is not loopback (see the client option of that name). */
  allowInsecureHttp?: boolean;
}

/** Family W's token endpoint: `{workforce_api_url}/v2/oauth2/token`. */
export function workforceTokenUrl(workforceApiUrl: string, options: TokenUrlOptions = {}): string {
  const base = normalizeBaseUrl(
    workforceApiUrl,
    'workforceApiUrl',
    options?.allowInsecureHttp === true,
  );
  return `${base}/v2/oauth2/token`;
}

/** The parts of family A's token endpoint. */
export interface AccessTokenUrlParts {
  /** `{access_auth_url}` of your region. */
  accessAuthUrl: string;
  tenantId: string;
  realmId: string;
  applicationId: string;
  /** Allows plain http to a host that is not loopback (see the client option of that name). */
  allowInsecureHttp?: boolean;
}

/**
 * Family A's token endpoint:
 * `{access_auth_url}/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}/token`.
 */
export function accessTokenUrl(parts: AccessTokenUrlParts): string {
  const base = normalizeBaseUrl(
    parts?.accessAuthUrl,
    'accessAuthUrl',
    parts?.allowInsecureHttp === true,
  );
  const segment = (value: unknown, field: string) => {
    if (typeof value !== 'string' || value === '' || value === '.' || value === '..')
      throw new ValidationError(field, 'must be a non-empty id other than "." and ".."');
    return encodeURIComponent(value);
  };
  return `${base}/v1/tenants/${segment(parts.tenantId, 'tenantId')}/realms/${segment(parts.realmId, 'realmId')}/applications/${segment(parts.applicationId, 'applicationId')}/token`;
}
