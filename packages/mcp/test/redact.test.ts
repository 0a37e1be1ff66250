import { describe, expect, it } from 'vitest';
import { CREDENTIAL_MASK, ENROLMENT_MASK, Redactor } from '../src/results/redact.js';

const result = {
  binding_job: {
    id: 'j1',
    short_code_delivery_details: { short_code: '123456', expire_time: 't' },
  },
  credential_binding_link: 'https://bind.example/abc',
  protocol: { client_id: 'app', client_secret: 's3cr3t-value' },
  tokens: [{ id: 't1', token_suffix: 'wxyz' }],
  access_token: 'eyJhbGciOi',
};

describe('redaction', () => {
  it('masks enrolment secrets and credentials by default, and says where', () => {
    const { value, masked } = new Redactor(false, []).redact(result);
    expect(value.binding_job.short_code_delivery_details.short_code).toBe(ENROLMENT_MASK);
    expect(value.credential_binding_link).toBe(ENROLMENT_MASK);
    expect(value.protocol.client_secret).toBe(CREDENTIAL_MASK);
    expect(value.access_token).toBe(CREDENTIAL_MASK);
    expect(value.tokens[0]?.token_suffix).toBe('wxyz');
    expect(value.protocol.client_id).toBe('app');
    expect(masked).toEqual([
      'binding_job.short_code_delivery_details.short_code',
      'credential_binding_link',
      'protocol.client_secret',
      'access_token',
    ]);
  });

  it('shows enrolment secrets when the operator allows them, never credentials', () => {
    const { value } = new Redactor(true, []).redact(result);
    expect(value.binding_job.short_code_delivery_details.short_code).toBe('123456');
    expect(value.credential_binding_link).toBe('https://bind.example/abc');
    expect(value.protocol.client_secret).toBe(CREDENTIAL_MASK);
    expect(value.access_token).toBe(CREDENTIAL_MASK);
  });

  it("masks the server's own secrets wherever they appear, and bearer credentials in text", () => {
    const redactor = new Redactor(true, ['emulator-access-secret', undefined, 'abc']);
    const { value } = redactor.redact({ note: 'secret is emulator-access-secret!', list: ['abc'] });
    expect(value).toEqual({ note: 'secret is [redacted]!', list: ['abc'] });
    expect(redactor.text('failed: Authorization: Bearer eyJabc.def')).toBe(
      'failed: Authorization: Bearer [redacted]',
    );
  });

  it('keeps a __proto__ key as data', () => {
    const parsed = JSON.parse('{"__proto__": {"x": 1}, "a": 1}') as Record<string, unknown>;
    const { value } = new Redactor(false, []).redact(parsed);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
  });
});
