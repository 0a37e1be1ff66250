// Users and groups made through `/v2` are readable through the SCIM server, so their `/v2` fields
// keep the published SCIM rules: `userName` and `displayName` at least one character, the group's
// vendor `description` at most 300 characters without the forbidden characters. Found by the deep
// Schemathesis run (docs/reliability.md): SCIM reads answered `""` and such descriptions.
import { describe, expect, it } from 'vitest';
import { harness } from './support/harness.js';

const json = (body: unknown) => ({ body, contentType: 'application/json' });

describe('/v2 fields that the SCIM view shows', () => {
  it('refuses an empty username or display_name on create and update', async () => {
    const h = await harness();
    for (const user of [
      { username: '', display_name: 'Ada', external_id: 'e-1' },
      { username: 'ada', display_name: '', external_id: 'e-2' },
    ]) {
      const refused = await h.workforce('POST', '/v2/users', json({ user }));
      expect(refused.status).toBe(400);
    }
    const made = await h.workforce(
      'POST',
      '/v2/users',
      json({ user: { username: 'ada', display_name: 'Ada', external_id: 'e-3' } }),
    );
    expect(made.status).toBe(200);
    for (const user of [{ username: '' }, { display_name: '' }]) {
      const refused = await h.workforce('PATCH', `/v2/users/${made.body.id}`, json({ user }));
      expect(refused.status).toBe(400);
    }
    // Every SCIM read is checked against the spec by the harness: no `""` comes back.
    const read = await h.workforce('GET', `/scim/v2/Users/${made.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ userName: 'ada', displayName: 'Ada' });
    const list = await h.workforce('GET', '/scim/v2/Users?count=100');
    expect(list.body.totalResults).toBe(1);
  });

  it('refuses a group description the SCIM vendor extension forbids, on create and update', async () => {
    const h = await harness();
    for (const description of ['*멸', '$ref', 'a'.repeat(301)]) {
      const refused = await h.workforce(
        'POST',
        '/v2/groups',
        json({ group: { name: `g-${description.length}-${description[0]}`, description } }),
      );
      expect(refused.status).toBe(400);
    }
    const made = await h.workforce(
      'POST',
      '/v2/groups',
      json({ group: { name: 'platform', description: 'Platform team, EU shift' } }),
    );
    expect(made.status).toBe(200);
    const refused = await h.workforce(
      'PATCH',
      `/v2/groups/${made.body.id}`,
      json({ group: { description: '>my:=' } }),
    );
    expect(refused.status).toBe(400);
    const read = await h.workforce('GET', `/scim/v2/Groups/${made.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body['urn:scim:schemas:extension:vendor:1.0:Group']).toEqual({
      description: 'Platform team, EU shift',
    });
  });
});
