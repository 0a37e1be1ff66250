// The demo's story as a test: every family's workflows (hire, find, enrol and offboard a workforce
// user; provision a SCIM group; enrol an access identity through a binding link; a role with
// scopes and a group; a revoked token; legacy e-mails; the story's own events followed live),
// through the SDK clients against the emulator in process, with no socket.
import { startEmulator } from '@x/emulator';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { accessChapter } from '../../examples/src/access.story.js';
import { eventsChapter, followStory } from '../../examples/src/events.story.js';
import { legacyChapter } from '../../examples/src/legacy.story.js';
import type { Story } from '../../examples/src/story.js';
import { workforceChapter } from '../../examples/src/workforce.story.js';

let story: Story;
let follower: ReturnType<typeof followStory>;
const printed: string[] = [];

beforeAll(async () => {
  const emulator = await startEmulator();
  story = {
    emulator,
    clientOptions: { fetch: emulator.fetch },
    env: emulator.env,
    show: (label, value) =>
      printed.push(`${label}: ${typeof value === 'string' ? value : JSON.stringify(value)}`),
  };
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  follower = followStory(story);
});
afterAll(async () => {
  await follower.stop();
  await story.emulator.stop();
  vi.restoreAllMocks();
});

// Each chapter checks its own outcomes (a filter finds what was created, a duplicate is a 409,
// an enrolled credential is listed, a revoked token gets 401, …) and throws when one fails.
it('workforce: hire, find, group, enrol, SCIM provisioning, offboard', async () => {
  await workforceChapter(story);
  expect(printed).toContain('groups.create twice: 409 conflict');
  expect(printed).toContain('groups.members.list after offboarding: ["grace"]');
});

it('access: realm, identity by username, binding link, role, revoked token', async () => {
  await accessChapter(story);
  expect(printed).toContain('identities.get: ENROLLED');
  expect(printed).toContain('tenant.get after revoke: 401 unauthorized');
});

it('legacy: create and recover put two e-mails in the outbox', async () => {
  await legacyChapter(story);
  expect(story.emulator.outbox().filter((m) => m.to === 'charles@example.com')).toHaveLength(2);
});

it('events: the list holds the story, and the live tail saw each event once', async () => {
  await eventsChapter(story);
  expect(printed.find((line) => line.startsWith('follow saw:'))).toMatch(
    / (\d+) of \1 events, 0 repeated$/,
  );
});
