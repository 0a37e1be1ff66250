// Failures as the agent gets them: every field it can act on, from every kind of error.
import {
  BadRequestError,
  ConfigurationError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  ValidationError,
} from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { failureOf, invalidInput, notAllowed } from '../src/results/errors.js';

const request = { method: 'POST', pathTemplate: '/v2/groups/{group_id}:addUsers' };

describe('tool errors', () => {
  it("carry the platform's status, code, message, request id and missing resource", () => {
    const error = new NotFoundError({
      status: 404,
      request,
      code: 'not_found',
      message: 'group not found',
      requestId: 'req-42',
      rawBody: '',
      details: [{ type: 'ResourceInfo', resource_type: 'group', id: 'g1' }],
    });
    const failure = failureOf('workforce_groups_add_members', error);
    expect(failure.data.error).toMatchObject({
      type: 'NotFoundError',
      status: 404,
      code: 'not_found',
      message: expect.stringContaining('group not found'),
      request_id: 'req-42',
      resource: { resource_type: 'group', id: 'g1' },
      retryable: false,
    });
    expect(failure.summary).toMatch(
      /^workforce_groups_add_members failed: NotFoundError 404: .*req-42/,
    );
  });

  it('carry field violations of a 400, and what a batch did before it failed', () => {
    const error = new BadRequestError({
      status: 400,
      request,
      code: 'bad_request',
      message: 'invalid',
      rawBody: '',
      details: [
        {
          type: 'FieldViolations',
          field_violations: [{ field: 'user_ids[3]', description: 'unknown user' }],
        },
      ],
    }).withContext({
      batch: {
        chunkIndex: 1,
        chunkCount: 3,
        chunkIds: ['c'],
        succeededIds: ['a', 'b'],
        pendingIds: ['d'],
        notAppliedIds: ['c', 'd'],
      },
    });
    expect(failureOf('t', error).data.error).toMatchObject({
      field_violations: [{ field: 'user_ids[3]', description: 'unknown user' }],
      batch: { succeeded_ids: ['a', 'b'], failed_ids: ['c'], pending_ids: ['d'] },
    });
    expect(failureOf('t', error).summary).toMatch(/fields: user_ids\[3\]/);
  });

  it('say when trying again may help', () => {
    const limited = new RateLimitError({
      status: 429,
      request,
      rawBody: '',
      headers: { 'ratelimit-reset': '30' },
    });
    expect(failureOf('t', limited).data.error).toMatchObject({
      retryable: true,
      retry_after_seconds: 30,
    });
    expect(failureOf('t', new ConnectionError('socket hang up')).data.error).toMatchObject({
      type: 'ConnectionError',
      retryable: true,
    });
  });

  it('name the field of a check, the variables of a configuration, and survive anything thrown', () => {
    expect(
      failureOf('t', new ValidationError('userIds[1]', 'must be a non-empty string')).data.error,
    ).toMatchObject({
      field_violations: [{ field: 'userIds[1]' }],
    });
    expect(
      failureOf('t', new ConfigurationError('missing', ['X_ACCESS_URL'])).data.error,
    ).toMatchObject({
      missing: ['X_ACCESS_URL'],
    });
    expect(failureOf('t', 'a string').data.error).toMatchObject({
      type: 'InternalError',
      message: 'a string',
    });
  });

  it('refuse invalid arguments and tools the flags do not allow, saying what to do', () => {
    expect(
      invalidInput('t', [{ field: 'group.display_name', description: 'is required' }]).summary,
    ).toBe('t: invalid arguments, nothing was sent: group.display_name is required.');
    expect(notAllowed('t', ['--allow-write', '--allow-destructive']).summary).toMatch(
      /restart the server with --allow-write and --allow-destructive/,
    );
  });
});
