// A small stateful fake of the management API, for the workflow tests: what is created can be
// read, listed and changed afterwards, with the platform's page tokens and its 404 and 409 rules.
// Only the operations the workflows use are routed; anything else is a 404 naming the route.
import type { JsonAnswer, JsonHandler, JsonRequest } from '@x/testing';

type Json = Record<string, unknown>;
type Route = [
  method: string,
  pattern: RegExp,
  answer: (match: string[], request: JsonRequest) => JsonAnswer,
];

const ID = '([^/:]+)';
const REALM = `^/v1/tenants/${ID}/realms/${ID}`;
const NOW = '2026-03-04T09:00:00Z';

/** The fake's state, for assertions: every record by its id. */
export interface FakeState {
  readonly identities: Map<string, Json>;
  readonly groups: Map<string, Json & { members: Set<string> }>;
  readonly jobs: Map<string, Json>;
  readonly resourceServers: Map<string, Json>;
  readonly roles: Map<
    string,
    Json & { scopes: Set<string>; groups: Set<string>; identities: Set<string> }
  >;
}

/** A stateful handler for `startJsonFake`, and its state. */
export function statefulAccess(): { handler: JsonHandler; state: FakeState } {
  const state: FakeState = {
    identities: new Map(),
    groups: new Map(),
    jobs: new Map(),
    resourceServers: new Map(),
    roles: new Map(),
  };
  let next = 0;
  const newId = (kind: string) => `${kind}-${++next}`;
  const base = (m: string[]) => ({
    tenant_id: m[1],
    realm_id: m[2],
    create_time: NOW,
    update_time: NOW,
  });
  const notFound = (type: string, id: string): JsonAnswer => ({
    status: 404,
    body: {
      code: 'not_found',
      message: `${type} not found`,
      details: [{ type: 'ResourceInfo', resource_type: type, id, description: 'not found' }],
    },
  });
  const created = (map: Map<string, Json>, record: Json): JsonAnswer => {
    map.set(record.id as string, record);
    return { body: record };
  };
  const plain = ({ members: _m, scopes: _s, groups: _g, identities: _i, ...record }: Json) =>
    record;
  const body = (request: JsonRequest) => (request.body ?? {}) as Json;

  const routes: Route[] = [
    [
      'POST',
      /\/identities$/,
      (m, r) =>
        created(state.identities, {
          ...(body(r).identity as Json),
          id: newId('identity'),
          status: (body(r).identity as Json).status ?? 'active',
          enrollment_status: 'UNENROLLED',
          ...base(m),
        }),
    ],
    [
      'GET',
      /\/identities\/([^/:]+)$/,
      (m) => {
        const identity = state.identities.get(m[3]!);
        return identity ? { body: identity } : notFound('identity', m[3]!);
      },
    ],
    [
      'POST',
      /\/identities\/([^/:]+)\/credential-binding-jobs$/,
      (m, r) => {
        if (!state.identities.has(m[3]!)) return notFound('identity', m[3]!);
        const job: Json & { id: string } = {
          ...(body(r).job as Json),
          id: newId('job'),
          identity_id: m[3],
          state: 'LINK_SENT',
          expire_time: '2026-03-05T09:00:00Z',
          ...base(m),
        };
        state.jobs.set(job.id, job);
        const link =
          job.delivery_method === 'RETURN'
            ? { credential_binding_link: `https://auth.example.com/bind/${job.id}` }
            : {};
        return { body: { credential_binding_job: job, ...link } };
      },
    ],
    [
      'GET',
      /\/identities\/([^/:]+)\/credential-binding-jobs$/,
      (m, r) =>
        page(
          r,
          'credential_binding_jobs',
          [...state.jobs.values()].filter((job) => job.identity_id === m[3]),
        ),
    ],
    [
      'GET',
      /\/identities\/([^/:]+)\/credential-binding-jobs\/([^/:]+)$/,
      (m) => {
        const job = state.jobs.get(m[4]!);
        return job && job.identity_id === m[3]
          ? { body: job }
          : notFound('credential_binding_job', m[4]!);
      },
    ],
    [
      'POST',
      /\/groups$/,
      (m, r) =>
        created(state.groups as Map<string, Json>, {
          ...(body(r).group as Json),
          id: newId('group'),
          members: new Set(),
          ...base(m),
        }),
    ],
    [
      'POST',
      /\/resource-servers$/,
      (m, r) =>
        created(state.resourceServers, {
          ...(body(r).resource_server as Json),
          id: newId('rs'),
          is_managed: false,
          ...base(m),
        }),
    ],
    [
      'POST',
      /\/resource-servers\/([^/:]+)\/roles$/,
      (m, r) => {
        if (!state.resourceServers.has(m[3]!)) return notFound('resource_server', m[3]!);
        const role = {
          ...(body(r).role as Json),
          id: newId('role'),
          resource_server_id: m[3],
          scopes: new Set<string>(),
          groups: new Set<string>(),
          identities: new Set<string>(),
          ...base(m),
        };
        state.roles.set(role.id, role);
        return { body: plain(role) };
      },
    ],
    [
      'POST',
      /\/resource-servers\/([^/:]+)\/roles\/([^/:]+):addScopes$/,
      (m, r) =>
        roleChange(m[4]!, (role) => {
          for (const scope of body(r).scopes as string[]) role.scopes.add(scope);
        }),
    ],
    [
      'POST',
      /\/resource-servers\/([^/:]+)\/roles\/([^/:]+):addMembers$/,
      (m, r) =>
        roleChange(m[4]!, (role) => {
          for (const id of (body(r).group_ids as string[] | undefined) ?? []) role.groups.add(id);
          for (const id of (body(r).identity_ids as string[] | undefined) ?? [])
            role.identities.add(id);
        }),
    ],
    [
      'GET',
      /\/resource-servers\/([^/:]+)\/roles\/([^/:]+):listScopes$/,
      (m, r) => {
        const role = state.roles.get(m[4]!);
        return role ? page(r, 'scopes', [...role.scopes]) : notFound('role', m[4]!);
      },
    ],
    [
      'GET',
      /\/resource-servers\/([^/:]+)\/roles\/([^/:]+):listMembers$/,
      (m) => {
        const role = state.roles.get(m[4]!);
        if (!role) return notFound('role', m[4]!);
        const groups = [...role.groups].map((id) => plain(state.groups.get(id) ?? { id }));
        const identities = [...role.identities].map((id) => state.identities.get(id) ?? { id });
        return {
          body: {
            groups,
            total_groups_size: groups.length,
            identities,
            total_identities_size: identities.length,
          },
        };
      },
    ],
    [
      'DELETE',
      /\/resource-servers\/([^/:]+)\/roles\/([^/:]+)$/,
      (m) => {
        const role = state.roles.get(m[4]!);
        if (!role) return notFound('role', m[4]!);
        if (role.scopes.size + role.groups.size + role.identities.size > 0)
          return {
            status: 409,
            body: { code: 'conflict', message: 'the role has scopes or members' },
          };
        state.roles.delete(m[4]!);
        return { status: 200 };
      },
    ],
  ];

  function roleChange(
    roleId: string,
    change: (role: NonNullable<ReturnType<FakeState['roles']['get']>>) => void,
  ): JsonAnswer {
    const role = state.roles.get(roleId);
    if (!role) return notFound('role', roleId);
    change(role);
    return { body: plain(role) };
  }

  const handler: JsonHandler = (request) => {
    const path = request.url.pathname;
    for (const [method, pattern, answer] of routes) {
      const match = new RegExp(REALM + pattern.source).exec(path);
      if (request.method === method && match) return answer([...match], request);
    }
    return {
      status: 404,
      body: { code: 'not_found', message: `no route ${request.method} ${path}` },
    };
  };
  return { handler, state };
}

/** A page of `items` under `key`, two at a time unless `page_size` says otherwise. */
function page(request: JsonRequest, key: string, items: readonly unknown[]): JsonAnswer {
  const size = Number(request.url.searchParams.get('page_size') ?? 2);
  const token = request.url.searchParams.get('page_token');
  const start = token === null ? 0 : Number(token);
  const end = start + size;
  return {
    body: {
      [key]: items.slice(start, end),
      total_size: items.length,
      ...(end < items.length ? { next_page_token: String(end) } : {}),
    },
  };
}
