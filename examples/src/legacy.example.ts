// Family L: create a user, then issue a recovery binding token for it.
import { staticToken } from '@x/auth';
import { createLegacyClient } from '@x/legacy';
import { UnauthorizedError } from '@x/runtime';
import type { ExampleContext } from './main.js';

export default async function run({ urls, show }: ExampleContext) {
  const legacy = createLegacyClient({ baseUrl: urls.legacy!, auth: staticToken('demo-token') });

  const created = await legacy.users.create({
    external_id: 'crm-000123',
    email: 'ada@example.com',
    user_name: 'ada',
    display_name: 'Ada Lovelace',
  });
  show('users.create', created);

  const recovered = await legacy.users.recover({ external_id: created.external_id! });
  show('users.recover', recovered);

  // Errors are typed: a client without a token gets UnauthorizedError, never a leaked header.
  const anonymous = createLegacyClient({ baseUrl: urls.legacy! });
  try {
    await anonymous.users.recover({ external_id: 'crm-000123' });
  } catch (error) {
    if (error instanceof UnauthorizedError)
      show('without a token', `${error.name} ${error.status}: ${error.message}`);
    else throw error;
  }
}
