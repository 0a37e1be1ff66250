// Listening on a port with @hono/node-server (loaded only when a port is asked for, so the
// in-process emulator needs nothing Node-specific beyond reading the specs).
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

/**
 * Starts an HTTP server for the app; resolves once it listens, with the origin clients reach:
 * `advertiseHost` when given (the listen address `0.0.0.0` is reachable by no client).
 */
export function listen(
  app: Hono,
  port: number,
  host: string,
  advertiseHost?: string,
): Promise<{ server: ReturnType<typeof serve>; origin: string }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
      const shown = advertiseHost ?? host;
      const name = shown.includes(':') ? `[${shown}]` : shown;
      resolve({ server, origin: `http://${name}:${info.port}` });
    });
    server.once('error', reject);
  });
}
