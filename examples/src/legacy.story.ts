// Family L: a user created and recovered; both e-mails land in the emulator's outbox.
import { fromEnv } from '@x/legacy';
import { expectThat, type Story } from './story.js';

export async function legacyChapter(story: Story): Promise<void> {
  const { show } = story;
  const legacy = fromEnv(story.clientOptions, story.env);
  const user = await legacy.users.create({
    external_id: 'crm-000123',
    email: 'charles@example.com',
    user_name: 'charles',
    display_name: 'Charles Babbage',
  });
  show('users.create', `${user.internal_id} ${user.status}`);
  const { data, response } = await legacy.users
    .recover({ external_id: 'crm-000123' })
    .withResponse();
  show(
    'users.recover',
    `${data.status} (HTTP ${response.status}, request id ${response.requestId ?? 'none'})`,
  );
  const mails = story.emulator.outbox().filter((m) => m.to === 'charles@example.com');
  show(
    'outbox',
    mails.map((m) => m.subject),
  );
  expectThat(mails.length === 2, 'an enrolment and a recovery e-mail');
}
