// Responses that try to harm: `__proto__`, `constructor` and `prototype` keys, deeply nested
// JSON, huge arrays and endless bodies. Nothing is polluted, nothing overflows the stack, and what
// the client holds stays bounded by `maxResponseBytes` and the 64 KiB error-body cap.

import { ApiError, ResponseTooLargeError, SdkError } from '@x/runtime';
import { createWorkforceClient } from '@x/workforce';
import { afterEach, describe, expect, it } from 'vitest';
import { suiteServer } from './support.js';

const tally = { cases: 0 };

const server = suiteServer('hostile responses', () => tally);
afterEach(() => {
  // Global prototypes untouched.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('isAdmin');
  tally.cases++;
});

const client = (extra: object = {}) =>
  createWorkforceClient({ baseUrl: server().url, retry: false, ...extra });
const respond = (status: number, body: string, type = 'application/json') =>
  server().handle((_req, res) => {
    res.writeHead(status, {
      'content-type': type,
      'content-length': String(Buffer.byteLength(body)),
    });
    res.end(body);
  });
const PROTO =
  '{"__proto__":{"polluted":true,"isAdmin":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true},"message":"x","details":[{"__proto__":{"polluted":true}}]}';

async function failure(act: () => Promise<unknown>): Promise<unknown> {
  try {
    await act();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('prototype keys', () => {
  it('in a 2xx body: kept as plain data, no prototype changed', async () => {
    respond(200, PROTO);
    const user = (await client().users.get('u-1')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(user)).toBe(Object.prototype);
    expect(user.isAdmin).toBeUndefined();
    expect(Object.keys(user)).toContain('__proto__');
  });

  it('in an error body: the masked copy keeps them as own data, not as its prototype', async () => {
    respond(400, PROTO);
    const error = (await failure(() => client().users.get('u-1'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    const body = error.body as Record<string, unknown>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(body.isAdmin).toBeUndefined();
    expect(body.polluted).toBeUndefined();
    expect(Object.keys(body)).toContain('__proto__');
    for (const detail of error.details)
      expect((detail as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('deep nesting', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it.each([1_000, 30_000])(
    'an error body nested %i deep: a typed error, no stack overflow',
    async (depth) => {
      respond(500, deepObject(depth));
      const error = await failure(() => client().users.get('u-1'));
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).rawBody.length).toBeLessThanOrEqual(64 * 1024);
    },
  );

  it.each([1_000, 100_000])('a 2xx body nested %i deep: parsed or a typed error', async (depth) => {
    respond(200, deep(depth));
    const outcome = await client()
      .users.get('u-1')
      .then(
        () => 'ok',
        (error: unknown) => error,
      );
    if (outcome !== 'ok') expect(outcome).toBeInstanceOf(SdkError);
  });
});

describe('huge bodies', () => {
  it('an endless 2xx body is cut at maxResponseBytes: the client stops reading', async () => {
    let written = 0;
    server().handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const piece = Buffer.from(`[${'"x",'.repeat(16 * 1024)}`);
      const more = () => {
        while (!res.destroyed && written < 256 * 1024 * 1024) {
          written += piece.byteLength;
          if (!res.write(piece)) return void res.once('drain', more);
        }
      };
      res.on('error', () => undefined);
      more();
    });
    const error = await failure(() =>
      client({ maxResponseBytes: 1024 * 1024 })
        .users.list()
        .toArray(),
    );
    expect(error).toBeInstanceOf(SdkError);
    expect((error as Error & { cause?: unknown }).cause ?? error).toBeInstanceOf(
      ResponseTooLargeError,
    );
    // Bounded: far less than the 256 MiB the server was ready to send left the server.
    expect(written).toBeLessThan(32 * 1024 * 1024);
  });

  it('a 10 MiB error body keeps at most 64 KiB', async () => {
    respond(
      503,
      JSON.stringify({ message: 'm', details: Array.from({ length: 500_000 }, () => ({ a: 1 })) }),
    );
    const error = (await failure(() => client().users.get('u-1'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.rawBody.length).toBeLessThanOrEqual(64 * 1024);
    expect(error.message.length).toBeLessThan(1024);
  });

  it('a huge array in a list page is bounded by maxResponseBytes', async () => {
    respond(
      200,
      JSON.stringify({
        users: Array.from({ length: 200_000 }, (_, i) => ({ id: `u${i}` })),
        total_size: 1,
      }),
    );
    const error = await failure(() =>
      client({ maxResponseBytes: 512 * 1024 })
        .users.list()
        .then((page) => page),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });
});
