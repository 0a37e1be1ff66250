// The read-only HTML page of the control surface: tenants, users, identities, groups and the
// latest events. Every value is escaped; the page has no script.
import type { EmulatorState } from '../state.js';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"'`]/g,
    (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[c]!,
  );
}

function table(title: string, id: string, headers: string[], rows: unknown[][]): string {
  const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.length
    ? rows.map((r) => `<tr>${r.map((v) => `<td>${escapeHtml(v)}</td>`).join('')}</tr>`).join('\n')
    : `<tr><td colspan="${headers.length}">none</td></tr>`;
  return `<section id="${id}"><h2>${escapeHtml(title)} (${rows.length})</h2>
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table></section>`;
}

const values = (collection: unknown): Record<string, unknown>[] =>
  collection && typeof collection === 'object'
    ? (Object.values(collection) as Record<string, unknown>[])
    : [];

/** Renders the page for a state. */
export function renderPage(state: EmulatorState, now: string, latest = 50): string {
  const wf = state.workforce;
  const access = state.access as Record<string, unknown>;
  const tenants = [
    ...values(wf.tenants).map((t) => ['workforce', t.id, t.name]),
    ...values(access.tenants).map((t) => ['access', t.id, t.display_name]),
  ];
  const users = [
    ...values(wf.users).map((u) => [
      'workforce',
      u.tenant_id,
      u.id,
      u.username,
      u.display_name,
      u.email_address,
      u.state,
      u.source,
    ]),
    ...values(state.legacy.users).map((u) => [
      'legacy',
      u.tenant_id,
      u.internal_id,
      u.user_name,
      u.display_name,
      u.email,
      u.status,
      'legacy',
    ]),
  ];
  const identities = values(access.identities).map((i) => [
    i.tenant_id,
    i.realm_id,
    i.id,
    i.display_name,
    i.status,
    JSON.stringify(i.traits ?? {}),
  ]);
  const groups = [
    ...values(wf.groups).map((g) => [
      'workforce',
      g.tenant_id,
      g.id,
      g.name,
      g.kind,
      Array.isArray(g.members) ? g.members.length : 0,
    ]),
    ...values(access.groups).map((g) => [
      'access',
      g.tenant_id,
      g.id,
      g.display_name,
      'standard',
      '',
    ]),
  ];
  const events = state.events.records
    .slice(-latest)
    .reverse()
    .map((r) => {
      const e = r.event as Record<string, unknown> & {
        actor?: { display_name?: string };
        data?: { action?: unknown };
      };
      return [
        new Date(Number(e.event_recorded_millis)).toISOString(),
        r.tenant_id,
        e.event_type,
        e.data?.action ?? '',
        e.actor?.display_name ?? '',
        e.outcome ?? '',
        e.service,
      ];
    });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>x-emulator</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1b1b1b}
table{border-collapse:collapse;margin-bottom:1.5rem;width:100%}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
th{background:#f1f1f1} h2{font-size:1.1rem;margin:.5rem 0}
</style></head><body>
<h1>x-emulator</h1>
<p>Emulated time: <time>${escapeHtml(now)}</time>. Read-only view; change state through the APIs or the control surface.</p>
${table('Tenants', 'tenants', ['family', 'id', 'name'], tenants)}
${table('Users', 'users', ['family', 'tenant', 'id', 'username', 'display name', 'e-mail', 'state', 'source'], users)}
${table('Identities', 'identities', ['tenant', 'realm', 'id', 'display name', 'status', 'traits'], identities)}
${table('Groups', 'groups', ['family', 'tenant', 'id', 'name', 'kind', 'members'], groups)}
${table(`Latest events (at most ${latest})`, 'events', ['recorded', 'tenant', 'type', 'action', 'actor', 'outcome', 'service'], events)}
</body></html>`;
}
