import { accessTokenUrl, workforceTokenUrl } from '@x/auth';
import { ValidationError } from '@x/runtime';
import { describe, expect, it } from 'vitest';

describe('workforceTokenUrl', () => {
  it('gives {base}/v2/oauth2/token', () => {
    expect(workforceTokenUrl('https://w.example.com')).toBe(
      'https://w.example.com/v2/oauth2/token',
    );
    expect(workforceTokenUrl('https://w.example.com/')).toBe(
      'https://w.example.com/v2/oauth2/token',
    );
    expect(workforceTokenUrl('https://w.example.com/api/')).toBe(
      'https://w.example.com/api/v2/oauth2/token',
    );
    expect(workforceTokenUrl('http://127.0.0.1:4010')).toBe(
      'http://127.0.0.1:4010/v2/oauth2/token',
    );
  });

  it('refuses plain http and queries', () => {
    expect(() => workforceTokenUrl('http://w.example.com')).toThrow(ValidationError);
    expect(() => workforceTokenUrl('https://w.example.com/?x')).toThrow(ValidationError);
  });
});

describe('accessTokenUrl', () => {
  const parts = {
    accessAuthUrl: 'https://auth.example.com',
    tenantId: 'ten-1',
    realmId: 'realm-2',
    applicationId: 'app-3',
  };

  it('gives {access_auth_url}/v1/tenants/{tenant_id}/realms/{realm_id}/applications/{application_id}/token', () => {
    expect(accessTokenUrl(parts)).toBe(
      'https://auth.example.com/v1/tenants/ten-1/realms/realm-2/applications/app-3/token',
    );
  });

  it('percent-encodes ids so each stays one segment', () => {
    const url = accessTokenUrl({ ...parts, realmId: 'a/b?c#d', applicationId: '%2e%2e' });
    expect(url).toBe(
      'https://auth.example.com/v1/tenants/ten-1/realms/a%2Fb%3Fc%23d/applications/%252e%252e/token',
    );
    expect(new URL(url).pathname.split('/')).toHaveLength(9);
  });

  it('refuses ".", ".." and empty or missing ids, and a bad base', () => {
    for (const field of ['tenantId', 'realmId', 'applicationId'] as const)
      for (const bad of ['.', '..', '', undefined, 7]) {
        const error = (() => {
          try {
            accessTokenUrl({ ...parts, [field]: bad as string });
          } catch (e) {
            return e;
          }
        })();
        expect(error, `${field}=${String(bad)}`).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).field).toBe(field);
      }
    expect(() => accessTokenUrl({ ...parts, accessAuthUrl: 'http://auth.example.com' })).toThrow(
      ValidationError,
    );
  });
});
