import { type PasskeyPage, passkeyFilter, passkeyOrderBy, type Tag } from '@x/workforce';
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

describe('passkeys.list / listPage (GET /v2/passkeys)', () => {
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
    expect(passkeys).toEqual(example<PasskeyPage>('listPasskeys').passkeys);
  });
  it('listPage returns the typed page', async () => {
    expect(await workforce.passkeys.listPage({ pageSize: 2, filter: 'search co "mac"' })).toEqual(
      example('listPasskeys'),
    );
    expectAcceptedByPrism();
  });
  declaredErrors('listPasskeys', (client, options) => client.passkeys.listPage({}, options));
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
    const tags: Tag[] = await workforce.passkeys.getTags(PASSKEY);
    expectAcceptedByPrism();
    expect(tags).toEqual(example<{ tags: Tag[] }>('getPasskeyTags').tags);
  });
  declaredErrors('getPasskeyTags', (client, options) => client.passkeys.getTags(PASSKEY, options));
});

describe('passkeys.setTags (PUT /v2/passkeys/{passkey_id}/tags)', () => {
  it('sends the full set by name (and by {name, id}) and returns the tags', async () => {
    const tags = await workforce.passkeys.setTags(PASSKEY, [
      'corporate',
      { name: 'engineering-fleet', id: 'f6b8d0f2-4c6e-4a8b-8d2f-6e8a0c2e4a96' },
    ]);
    expectAcceptedByPrism();
    expect(tags).toEqual(example<{ tags: Tag[] }>('setPasskeyTags').tags);
  });
  it('an empty list (remove every tag) is a valid request', async () => {
    await workforce.passkeys.setTags(PASSKEY, []);
    expectAcceptedByPrism();
  });
  declaredErrors('setPasskeyTags', (client, options) =>
    client.passkeys.setTags(PASSKEY, ['corporate'], options),
  );
});
