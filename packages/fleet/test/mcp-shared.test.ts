// The MCP server's fleet mode against a real Redis: with X_FLEET_URL, three server processes (each
// its own Redis connection, as three replicas have) configure their family clients with the
// fleet's shared token store and the tenant's shared rate budget: one token request for all
// three. The server's own modules are imported from source: it runs no follower, only these two.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFORCE } from '../../mcp/src/config/families.js';
import { type SharedLimits, sharedLimitsFromEnv } from '../../mcp/src/config/fleet.js';
import { suiteRedis } from './support/suite-redis.js';

const PASSWORD = 'mcp-fleet-pass-9931';
const redis = suiteRedis({ password: PASSWORD });

let api: { url: string; tokenRequests: () => number; close(): Promise<void> };

/** A workforce API: its token endpoint counts requests; any other path answers 200. */
async function startWorkforce() {
  let tokens = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'ratelimit-limit': '100',
        'ratelimit-remaining': '99',
        'ratelimit-reset': '1',
      });
      if (req.url === '/v2/oauth2/token') {
        tokens++;
        res.end(
          JSON.stringify({ access_token: `t${tokens}`, token_type: 'Bearer', expires_in: 3600 }),
        );
      } else res.end(JSON.stringify({ id: 'u1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    tokenRequests: () => tokens,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  api = await startWorkforce();
});
afterAll(async () => {
  await api.close();
});

describe('the MCP server with X_FLEET_URL', () => {
  it('three server processes share one token', async () => {
    const env = {
      X_FLEET_URL: redis.url,
      X_WORKFORCE_URL: api.url,
      X_WORKFORCE_CLIENT_ID: 'mcp',
      X_WORKFORCE_CLIENT_SECRET: 'mcp-secret',
    };
    const logs: string[] = [];
    const shared: SharedLimits[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const limits = await sharedLimitsFromEnv(env, (line) => logs.push(line));
        if (!limits) throw new Error('X_FLEET_URL was set');
        shared.push(limits);
      }
      expect(shared[0]!.url).toContain(':***@127.0.0.1');
      const clients = await Promise.all(
        shared.map(
          (limits) =>
            WORKFORCE.createClient(env, undefined, limits) as Promise<{
              request(method: string, path: string): Promise<unknown>;
            }>,
        ),
      );
      for (const client of clients) await client.request('GET', '/v2/users/u1');
      expect(api.tokenRequests()).toBe(1);
      expect(logs).toEqual([]);
    } finally {
      await Promise.all(shared.map((limits) => limits.close()));
    }
  });

  it('without X_FLEET_URL nothing is loaded; a refused URL is reported with its password masked', async () => {
    expect(await sharedLimitsFromEnv({}, () => undefined)).toBeUndefined();
    const refused = sharedLimitsFromEnv(
      { X_FLEET_URL: `http://:${PASSWORD}@127.0.0.1:6379` },
      () => undefined,
    );
    await expect(refused).rejects.toThrow(/redis:\/\/ or rediss:\/\//);
    await expect(refused).rejects.not.toThrow(PASSWORD);
  });
});
