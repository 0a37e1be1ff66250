import { type PasskeyList, passkeyFilter, passkeyOrderBy, type Tag } from '@x/workforce';
import { describe, expect, it } from 'vitest';
import {
  declaredErrors,
  example,
  expectAcceptedByPrism,
  recordResponses,
  workforce,
} from './support.js';

recordResponses();
const PASSKEY = 'a1c3e5f7-9b2d-4f6a-8c0e-3b5d7f9a1c63';

describe('passkeys.list (GET /v2/passkeys)', () => {
  it('iterates the example page with a filter and order', async () => {
    const passkeys = await workforce.passkeys
      .list({
        filter: passkeyFilter.platform
          .eq('MACOS')
          .and(passkeyFilter.date_last_auth.gt(new Date('2026-01-01T00:00:00Z')))
          .and(passkeyFilter.is_rooted.eq(false).not()),
        orderBy: passkeyOrderBy.desc('date_last_auth').asc('hostname'),
      })
      .toArray();
    expectAcceptedByPrism();
    expect(passkeys).toEqual(example<PasskeyList>('listPasskeys').passkeys);
  });
  it('await list() returns the typed first page', async () => {
    const page = await workforce.passkeys.list({ page_size: 2, filter: 'search co "mac"' });
    expect(page.raw).toEqual(example('listPasskeys'));
    expectAcceptedByPrism();
  });
  declaredErrors('listPasskeys', async (client, options) => client.passkeys.list({}, options));
});

describe('passkeys.delete (DELETE /v2/passkeys/{passkey_id})', () => {
  it('resolves with nothing on the empty 200', async () => {
    await expect(workforce.passkeys.delete(PASSKEY)).resolves.toBeUndefined();
    expectAcceptedByPrism();
  });
  declaredErrors('deletePasskey', (client, options) => client.passkeys.delete(PASSKEY, options));
});

describe('passkeys.getTags (GET /v2/passkeys/{passkey_id}/tags)', () => {
  it('returns the tags with ids', async () => {
    const tags: Tag[] = await workforce.passkeys.tags.get(PASSKEY);
    expectAcceptedByPrism();
    expect(tags).toEqual(example<{ tags: Tag[] }>('getPasskeyTags').tags);
  });
  declaredErrors('getPasskeyTags', (client, options) => client.passkeys.tags.get(PASSKEY, options));
});

describe('passkeys.replaceTags (PUT /v2/passkeys/{passkey_id}/tags)', () => {
  it('sends the full set by name (and by {name, id}) and returns the tags', async () => {
    const tags = await workforce.passkeys.tags.replace(PASSKEY, [
      'corporate',
      { name: 'engineering-fleet', id: 'f6b8d0f2-4c6e-4a8b-8d2f-6e8a0c2e4a96' },
    ]);
    expectAcceptedByPrism();
    expect(tags).toEqual(example<{ tags: Tag[] }>('setPasskeyTags').tags);
  });
  it('an empty list (remove every tag) is a valid request', async () => {
    await workforce.passkeys.tags.replace(PASSKEY, []);
    expectAcceptedByPrism();
  });
  it('withResponse() gives the tags and the response', async () => {
    const { data, response } = await workforce.passkeys.tags
      .replace(PASSKEY, ['corporate'])
      .withResponse();
    expect(data).toEqual(example<{ tags: Tag[] }>('setPasskeyTags').tags);
    expect(response.status).toBe(200);
    expectAcceptedByPrism();
  });
  declaredErrors('setPasskeyTags', (client, options) =>
    client.passkeys.tags.replace(PASSKEY, ['corporate'], options),
  );
});
