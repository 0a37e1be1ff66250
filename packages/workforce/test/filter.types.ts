// Type-level tests, run by `pnpm --filter @x/workforce typecheck` (CI's `typecheck` task): it fails
// if any line marked `@ts-expect-error` compiles. Not a vitest file: the functions are never called,
// so there is nothing to run.
import {
  type BindingJob,
  type CreatedBindingJob,
  createWorkforceClient,
  groupFilter,
  groupOrderBy,
  passkeyFilter,
  scimGroupFilter,
  scimUserFilter,
  userFilter,
  userOrderBy,
} from '@x/workforce';

export function wrongFieldsAndOperators() {
  // @ts-expect-error: not a user filter field
  userFilter.nickname.eq('x');
  // @ts-expect-error: gt is not allowed on a text field
  userFilter.username.gt('x');
  // @ts-expect-error: co is not allowed on a boolean field
  userFilter.has_active_passkey.co(true);
  // @ts-expect-error: a boolean field takes a boolean
  userFilter.has_active_passkey.eq('true');
  // @ts-expect-error: pr is only allowed on last_auth_time
  userFilter.username.pr();
  // @ts-expect-error: groups have no username field
  groupFilter.username.eq('ada');
  // @ts-expect-error: serial_number allows eq and ne only
  passkeyFilter.serial_number.sw('C02');
  // @ts-expect-error: SCIM users allow eq and ne only
  scimUserFilter.userName.co('ad');
  // @ts-expect-error: SCIM users cannot be filtered on displayName
  scimUserFilter.displayName.eq('Ada');
  // @ts-expect-error: SCIM groups allow eq and ne only
  scimGroupFilter.displayName.sw('Eng');
  // @ts-expect-error: filters of different collections do not combine
  userFilter.id.eq('a').and(groupFilter.id.eq('b'));
  // @ts-expect-error: not a user sort field
  userOrderBy.asc('name');
  // @ts-expect-error: not a group sort field
  groupOrderBy.desc('username');
}

export async function wrongCollections() {
  const workforce = createWorkforceClient({ baseUrl: 'http://127.0.0.1:1' });
  // @ts-expect-error: a group filter is not a user filter
  workforce.users.list({ filter: groupFilter.name.eq('x') });
  // @ts-expect-error: a user sort order is not a group sort order
  workforce.groups.list({ orderBy: userOrderBy.asc('username') });
  // Group members use the users' fields.
  workforce.groups.members.list('g', { filter: userFilter.username.eq('x') });
  // @ts-expect-error: a SCIM user filter is not a SCIM group filter
  workforce.scim.groups.list({ filter: scimUserFilter.userName.eq('x') });
  // Raw strings are the escape hatch.
  workforce.passkeys.list({ filter: 'search co "mac"', order_by: 'hostname' });
}

export function shortCodeOnlyOnCreate(created: CreatedBindingJob, fetched: BindingJob) {
  const code: string | undefined = created.short_code_delivery_details?.short_code;
  // @ts-expect-error: the short code is not returned by get
  const none = fetched.short_code_delivery_details?.short_code;
  return [code, none];
}
