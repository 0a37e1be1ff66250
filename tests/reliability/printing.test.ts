// Every object of the SDK that holds a secret (token providers, family clients, their resources,
// the raw clients, requesters, and errors raised while those secrets were in use) prints none
// through console.log, util.inspect (even with showHidden), JSON.stringify or String().
import { format, inspect } from 'node:util';
import { createAccessClient } from '@x/access';
import { clientCredentials, staticToken } from '@x/auth';
import { createEventsClient } from '@x/events';
import { createLegacyClient } from '@x/legacy';
import { createApiClient, createHttpRequester, type SdkError } from '@x/runtime';
import { createWorkforceClient } from '@x/workforce';
import { describe, expect, it } from 'vitest';
import { suiteServer } from './support.js';

const TOKEN = 'tok-printing-aaaa1111bbbb2222';
const CLIENT_SECRET = 'cs_printing_Secret+/=9876';
const tally = { objects: 0, renderings: 0 };
const server = suiteServer('printing', () => ({
  'objects printed': tally.objects,
  renderings: tally.renderings,
}));

/** Every way an app prints an object: console.log's formatting, inspect, JSON, String. */
function renderings(value: unknown): string[] {
  const out = [
    format('%o', value),
    format('%O', value),
    format('%s', value),
    inspect(value, { depth: 20, showHidden: true, getters: true }),
    inspect(value),
    String(value),
  ];
  try {
    out.push(JSON.stringify(value) ?? '');
  } catch (error) {
    out.push(String(error));
  }
  return out;
}

function expectNoSecret(name: string, value: unknown): void {
  tally.objects++;
  for (const text of renderings(value)) {
    tally.renderings++;
    expect(text, name).not.toContain(TOKEN);
    expect(text, name).not.toContain(CLIENT_SECRET);
    expect(text, name).not.toContain(Buffer.from(`app:${CLIENT_SECRET}`).toString('base64'));
  }
}

describe('printing objects that hold secrets', () => {
  it('token providers, clients, resources, raw clients and requesters print no secret', () => {
    const url = server().url;
    const token = staticToken(TOKEN);
    const credentials = clientCredentials({
      tokenUrl: `${url}/token`,
      clientId: 'app',
      clientSecret: CLIENT_SECRET,
    });
    const auth = { auth: token, secrets: [CLIENT_SECRET] };
    const workforce = createWorkforceClient({ baseUrl: url, auth: credentials });
    const access = createAccessClient({ baseUrl: url, tenantId: 't-1', ...auth });
    const events = createEventsClient({ baseUrl: url, ...auth });
    const legacy = createLegacyClient({ baseUrl: url, ...auth });
    const objects: Record<string, unknown> = {
      staticToken: token,
      clientCredentials: credentials,
      workforce,
      'workforce.users': workforce.users,
      'workforce.scim': workforce.scim,
      'workforce.raw': workforce.raw,
      access,
      'access.realm(r)': access.realm('r-1'),
      'access.realm(r).groups': access.realm('r-1').groups,
      'access.realm(r).scim': access.realm('r-1').scim,
      events,
      legacy,
      'legacy.users': legacy.users,
      apiClient: createApiClient({ baseUrl: url, ...auth }),
      requester: createHttpRequester(auth),
    };
    for (const [name, value] of Object.entries(objects)) expectNoSecret(name, value);
  });

  it('errors raised while the secrets were in use print none, whatever the server echoed', async () => {
    server().handle((req, res) => {
      if (req.url === '/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      res.writeHead(403, { 'content-type': 'application/json', 'x-request-id': TOKEN });
      res.end(
        JSON.stringify({
          code: 'forbidden',
          message: `you sent ${req.headers.authorization} (${CLIENT_SECRET})`,
        }),
      );
    });
    const url = server().url;
    const credentials = clientCredentials({
      tokenUrl: `${url}/token`,
      clientId: 'app',
      clientSecret: CLIENT_SECRET,
    });
    const workforce = createWorkforceClient({ baseUrl: url, auth: credentials, retry: false });
    const errors: unknown[] = [];
    await workforce.users.get('u-1').catch((e: unknown) => errors.push(e));
    await workforce.users
      .list()
      .toArray()
      .catch((e: unknown) => errors.push(e));
    await workforce.groups.members.add('g-1', ['u-1']).catch((e: unknown) => errors.push(e));
    expect(errors).toHaveLength(3);
    expect((errors[1] as SdkError).paging).toBeDefined();
    expect((errors[2] as SdkError).batch).toBeDefined();
    for (const [i, error] of errors.entries()) expectNoSecret(`error ${i}`, error);
  });
});
