import { createApiClient, ValidationError } from '@x/runtime';
import { normalizeBaseUrl } from '@x/runtime/internal';
import { describe, expect, it } from 'vitest';

describe('normalizeBaseUrl', () => {
  it('accepts https and strips trailing slashes', () => {
    expect(normalizeBaseUrl('https://api.example.com')).toBe('https://api.example.com');
    expect(normalizeBaseUrl('https://api.example.com/')).toBe('https://api.example.com');
    expect(normalizeBaseUrl('https://api.example.com/base//')).toBe('https://api.example.com/base');
    expect(normalizeBaseUrl('HTTPS://API.example.com:8443/v')).toBe(
      'https://api.example.com:8443/v',
    );
  });

  it('accepts plain http only for loopback addresses', () => {
    for (const url of [
      'http://localhost:4010',
      'http://LOCALHOST',
      'http://127.0.0.1:8080',
      'http://127.1.2.3',
      'http://[::1]:3000',
    ])
      expect(normalizeBaseUrl(url)).toBe(new URL(url).href.replace(/\/+$/, ''));
    for (const url of [
      'http://api.example.com',
      'http://10.0.0.1',
      'http://localhost.example.com',
      'http://127.0.0.1.nip.io',
      'http://[::2]',
      'ftp://localhost',
      'file:///etc/passwd',
    ])
      expect(() => normalizeBaseUrl(url), url).toThrow(ValidationError);
  });

  it('refuses credentials, a query or a fragment, even an empty one', () => {
    for (const url of [
      'https://user:pass@api.example.com',
      'https://user@api.example.com',
      'https://api.example.com/?x=1',
      'https://api.example.com/#top',
      'https://api.example.com/?',
      'https://api.example.com/#',
      'https://api.example.com?',
    ])
      expect(() => normalizeBaseUrl(url), url).toThrow(ValidationError);
  });

  it('refuses what is not an absolute URL', () => {
    for (const url of ['', '   ', 'api.example.com', '/v2', undefined, null, 42])
      expect(() => normalizeBaseUrl(url), String(url)).toThrow(ValidationError);
  });

  it('names the field in the error, and the client checks its baseUrl', () => {
    expect(() => normalizeBaseUrl('http://x.example', 'accessAuthUrl')).toThrow(/^accessAuthUrl:/);
    expect(() => createApiClient({ baseUrl: 'http://api.example.com' })).toThrow(ValidationError);
  });
});
