// The key in front of the control surface. `/_emulator/*` hands out credentials and the signing
// key and rewrites the whole state, so an emulator reachable beyond loopback (docker-compose, a
// devcontainer, a CI service container) guards it with a key of its own: one middleware in front
// of every control route, the families' included. Requests through the in-process `fetch` come
// from the program that started the emulator and pass.
import type { MiddlewareHandler } from 'hono';
import { secret } from '../random.js';

/** The request header that carries the control key. */
export const CONTROL_KEY_HEADER = 'x-emulator-control-key';

/** The variable the `x-emulator` command reads the control key from. */
export const CONTROL_KEY_ENV = 'X_EMULATOR_CONTROL_KEY';

/** Marks a request served through the in-process `fetch` (the Hono env of the call). */
export const IN_PROCESS = 'xEmulatorInProcess';

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/** Whether a listen address is loopback only. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOST.test(host);
}

/**
 * The key the control surface asks for: the one given, else a new one when the emulator listens
 * beyond loopback, else none (loopback and in process need none).
 */
export function controlKeyFor(
  listenHost: string | undefined,
  given: string | undefined,
): string | undefined {
  if (given !== undefined) {
    if (given.length < 16) throw new Error('the control key must be at least 16 characters');
    return given;
  }
  return listenHost === undefined || isLoopbackHost(listenHost) ? undefined : secret(24);
}

/** Compares two strings in time that depends only on their lengths. */
function sameKey(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    diff |= (a.charCodeAt(i % (a.length || 1)) || 0) ^ (b.charCodeAt(i % (b.length || 1)) || 0);
  return diff === 0;
}

/** The middleware: without a key it lets everything through; with one, only who presents it. */
export function controlGuard(key: () => string | undefined): MiddlewareHandler {
  return async (c, next) => {
    const expected = key();
    const env = c.env as Record<string, unknown> | undefined;
    if (expected === undefined || env?.[IN_PROCESS] === true) return next();
    const given = c.req.header(CONTROL_KEY_HEADER);
    if (given !== undefined && sameKey(given, expected)) return next();
    return c.json(
      {
        error: `the control surface needs the ${CONTROL_KEY_HEADER} header (the key the emulator printed at start, or ${CONTROL_KEY_ENV})`,
      },
      401,
    );
  };
}
