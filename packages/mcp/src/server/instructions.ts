// The server's instructions to the agent (sent once, at initialisation): what it administers,
// what the operator allowed, which families are up, and how to find and page through things.
import type { OutputOptions } from './output-options.js';
import type { ToolSet } from './registry.js';

const FAMILY_ROLES = {
  workforce: 'workforce: employees, their groups, binding jobs, passkeys and the SCIM server',
  access:
    'access: customer identities in realms, their groups, credentials, applications, SSO and roles',
  events: 'events: the security events of every change and sign-in',
  legacy: 'legacy: the old user-management API (create and recover users)',
} as const;

/** The instructions text of a server over this tool set. */
export function instructionsOf(set: ToolSet, output: OutputOptions): string {
  const { allowWrite, allowDestructive } = set.permissions;
  const mode = !allowWrite
    ? 'READ-ONLY: tools that change the platform are not offered (the operator enables them with --allow-write).'
    : allowDestructive
      ? 'Writes and destructive changes (deletes, removals, revocations) are allowed: confirm with the user before any destructive tool.'
      : 'Writes are allowed; destructive tools (deletes, removals, revocations) are not offered (--allow-destructive enables them).';
  const families = set.families.map((f) =>
    f.enabled
      ? `- ${FAMILY_ROLES[f.family]} (${f.tools} tools)`
      : `- ${f.family}: unavailable (${f.notes[0] ?? 'no tools'})`,
  );
  const accessUp = set.families.some((f) => f.family === 'access' && f.enabled);
  const realm = accessUp ? set.env.X_ACCESS_REALM_ID : undefined;
  return [
    'Administers an identity platform through its APIs.',
    mode,
    output.revealEnrolmentSecrets
      ? 'Enrolment short codes and binding links are shown: hand them only to the person they enrol.'
      : 'Enrolment short codes and binding links are masked in results; credentials always are.',
    'Families:',
    ...families,
    ...(realm
      ? [
          `Access tools act in the configured tenant and take a realm_id; the configured realm is ${realm}.`,
        ]
      : []),
    'search_tools (or list_operations) finds the tool for a task; one that is not listed runs through invoke_operation (describe_operation gives its arguments). List tools return one page and a next_cursor to pass back as cursor. events_search finds the events of a change (by type, actor, time window or text).',
  ].join('\n');
}
