// Exit codes by kind of failure, and the time inputs of flags.
import {
  BadRequestError,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  ForbiddenError,
  NotFoundError,
  ServerError,
  UnauthorizedError,
  ValidationError,
} from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { CliError } from '../src/cli-error.js';
import { EXIT, exitCodeOf } from '../src/exit-codes.js';
import { parseDuration, parseTime } from '../src/time.js';

const api = <T>(Kind: new (init: never) => T, status: number): T =>
  new Kind({ status, request: { method: 'GET', pathTemplate: '/x' }, rawBody: '' } as never);

describe('exit codes', () => {
  it('tells the kinds of failure apart', () => {
    expect(exitCodeOf(new CliError(EXIT.usage, 'x'))).toBe(2);
    expect(exitCodeOf(new ValidationError('f', 'bad'))).toBe(3);
    expect(exitCodeOf(api(BadRequestError, 400))).toBe(3);
    expect(exitCodeOf(api(UnauthorizedError, 401))).toBe(4);
    expect(exitCodeOf(api(ForbiddenError, 403))).toBe(4);
    expect(exitCodeOf(api(NotFoundError, 404))).toBe(5);
    expect(exitCodeOf(api(ConflictError, 409))).toBe(6);
    expect(exitCodeOf(api(ServerError, 503))).toBe(7);
    expect(exitCodeOf(new ConnectionError('reset', {} as never))).toBe(7);
    expect(exitCodeOf(new ConfigurationError('missing', ['X_A']))).toBe(8);
    expect(exitCodeOf(new Error('?'))).toBe(1);
    expect(new Set(Object.values(EXIT)).size).toBe(Object.values(EXIT).length);
  });
});

describe('time flags', () => {
  const now = Date.UTC(2026, 10, 24, 12);
  it('reads durations back from now, dates, date-times and epoch ms', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseTime('7d', now)).toBe(now - 7 * 86_400_000);
    expect(parseTime('2026-11-01', now)).toBe(Date.UTC(2026, 10, 1));
    expect(parseTime('2026-11-01T08:00:00+01:00', now)).toBe(Date.UTC(2026, 10, 1, 7));
    expect(parseTime('1795497121355', now)).toBe(1_795_497_121_355);
    expect(parseTime('now', now)).toBe(now);
    expect(parseTime('last tuesday', now)).toBeUndefined();
  });
});

describe('errors on stderr', () => {
  it('show the status, code, request id and each field violation, secrets scrubbed', async () => {
    const { renderError } = await import('../src/render-error.js');
    const error = new BadRequestError({
      status: 400,
      code: 'invalid_argument',
      message: 'bad value s3cr3t-value',
      requestId: 'req-42',
      details: [
        {
          type: 'FieldViolations',
          field_violations: [
            { field: 'identity.display_name', description: 'has a forbidden character' },
          ],
        },
      ],
      request: { method: 'POST', pathTemplate: '/v1/x' },
      rawBody: '',
    } as never);
    const text = renderError(error, false, (t) => t.split('s3cr3t-value').join('****'));
    expect(text).toContain('status 400, code invalid_argument, request id req-42');
    expect(text).toContain('- identity.display_name: has a forbidden character');
    expect(text).not.toContain('s3cr3t-value');
  });
});
