// 8. The emulator under concurrent clients: the `x-emulator` command runs in its own process on
// a loopback port, and N clients, each with its own client-credentials token, run a mixed
// workload of family A operations against it (create, read, find by username, update, group
// membership, list, delete) through the SDK (`@x/access`). Then a consistency check reads
// everything back through the SDK: no lost write, no duplicate, and every change recorded exactly
// once as an event. The emulator's built command is run by path (`pnpm bench` builds every
// package first).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createAccessClient } from '@x/access';
import { clientCredentials, staticToken } from '@x/auth';
import type { EmulatorCredentials, EmulatorUrls } from '@x/emulator';
import { createEventsClient } from '@x/events';
import { figure, fmt, quantile, runStandalone, type Section } from './lib/report.js';

const BIN = fileURLToPath(new URL('../../packages/emulator/bin/x-emulator.mjs', import.meta.url));

/** Starts `x-emulator --port 0` and reads its first line (`{urls, credentials}`). */
export async function spawnEmulator() {
  const child = spawn(process.execPath, [BIN, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`x-emulator exited (${code}) before serving`)));
  });
  lines.close();
  const info = JSON.parse(first) as { urls: EmulatorUrls; credentials: EmulatorCredentials };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { ...info, stop };
}

/** Concurrent clients. */
const CLIENTS = 8;
/** Operations per client (bounded), and a deadline for the whole run. */
const OPS_PER_CLIENT = 400;
const DEADLINE_MS = 60_000;

type Op = 'create' | 'get' | 'find' | 'update' | 'addMember' | 'listMembers' | 'delete';
/** The mix, as cumulative weights out of 100. */
const MIX: [Op, number][] = [
  ['create', 30],
  ['get', 50],
  ['find', 62],
  ['update', 72],
  ['addMember', 82],
  ['listMembers', 88],
  ['delete', 100],
];

/** A small deterministic generator, so runs repeat the same workload. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Expected {
  live: Map<string, string>;
  deleted: Set<string>;
  members: Set<string>;
  created: number;
  updates: number;
  membershipAdds: number;
  membershipRemovals: number;
}

/** Results of the benchmark, also returned for docs/benchmarks.md. */
export interface EmulatorBenchResult {
  clients: number;
  operations: number;
  seconds: number;
  throughput: number;
  p50ms: number;
  p99ms: number;
  failures: number;
  lostWrites: number;
  duplicates: number;
  eventMismatches: number;
}

export async function measure(): Promise<EmulatorBenchResult> {
  const emulator = await spawnEmulator();
  try {
    const c = emulator.credentials.access;
    // Each client is an SDK client with its own client-credentials provider (its own token).
    const accessClient = () =>
      createAccessClient({
        baseUrl: emulator.urls.access,
        tenantId: c.tenantId,
        auth: clientCredentials({
          tokenUrl: c.tokenUrl,
          clientId: c.clientId,
          clientSecret: c.clientSecret,
        }),
      }).realm(c.realmId);
    const events = createEventsClient({
      baseUrl: emulator.urls.events,
      auth: staticToken(emulator.credentials.events.apiKey),
    });
    const readEvents = () => events.list({ ordering: 'asc', page_size: 1000 }).toArray();

    const admin = accessClient();
    const group = (await admin.groups.create({ display_name: 'Bench' })).id;
    const eventsBefore = (await readEvents()).length;
    const expected: Expected = {
      live: new Map(),
      deleted: new Set(),
      members: new Set(),
      created: 0,
      updates: 0,
      membershipAdds: 0,
      membershipRemovals: 0,
    };
    const latencies: number[] = [];
    let failures = 0;
    const deadline = performance.now() + DEADLINE_MS;

    const client = async (n: number) => {
      const realm = accessClient();
      const next = random(1000 + n);
      const mine: string[] = [];
      let counter = 0;
      for (let i = 0; i < OPS_PER_CLIENT && performance.now() < deadline; i++) {
        const roll = next() * 100;
        let op = MIX.find(([, w]) => roll < w)![0];
        if (op !== 'create' && mine.length === 0) op = 'create';
        const pick = () => mine[Math.floor(next() * mine.length)]!;
        const started = performance.now();
        try {
          if (op === 'create') {
            const username = `c${n}-u${counter++}`;
            const identity = await realm.identities.create({
              display_name: username,
              traits: { type: 'traits_v0', username },
            });
            mine.push(identity.id);
            expected.live.set(identity.id, username);
            expected.created++;
          } else if (op === 'get') {
            await realm.identities.get(pick());
          } else if (op === 'find') {
            const id = pick();
            const page = await realm.identities.list({ username: expected.live.get(id) ?? '' });
            if (page.items[0]?.id !== id) failures++;
          } else if (op === 'update') {
            await realm.identities.update(pick(), { display_name: `updated ${i}` });
            expected.updates++;
          } else if (op === 'addMember') {
            const id = pick();
            await realm.groups.members.add(group, [id]);
            if (!expected.members.has(id)) {
              expected.members.add(id);
              expected.membershipAdds++;
            }
          } else if (op === 'listMembers') {
            await realm.groups.members.list(group, { page_size: 50 });
          } else {
            const id = mine.splice(Math.floor(next() * mine.length), 1)[0]!;
            await realm.identities.delete(id);
            expected.live.delete(id);
            expected.deleted.add(id);
            if (expected.members.delete(id)) expected.membershipRemovals++;
          }
        } catch {
          failures++;
        }
        latencies.push(performance.now() - started);
      }
    };

    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    const seconds = (performance.now() - started) / 1000;

    // Consistency: read everything back through the API (page tokens, through the SDK).
    const identities = await admin.identities.list({ page_size: 200 }).toArray();
    const ids = identities.map((i) => i.id);
    const usernames = identities.map((i) => i.traits?.username);
    const duplicates =
      ids.length - new Set(ids).size + (usernames.length - new Set(usernames).size);
    let lostWrites = [...expected.live.keys()].filter((id) => !ids.includes(id)).length;
    lostWrites += ids.filter((id) => expected.deleted.has(id) || !expected.live.has(id)).length;
    const members = (await admin.groups.members.list(group, { page_size: 200 }).toArray()).map(
      (i) => i.id,
    );
    lostWrites += [...expected.members].filter((id) => !members.includes(id)).length;
    lostWrites += members.filter((id) => !expected.members.has(id)).length;

    // Events: every change exactly once, in the events API.
    const run = (await readEvents()).slice(eventsBefore);
    const actionOf = (e: (typeof run)[number]) =>
      e.data && 'action' in e.data ? String(e.data.action) : undefined;
    const count = (type: string, action: string) =>
      run.filter((e) => e.event_type === type && actionOf(e) === action).length;
    const eventIds = new Set(run.map((e) => e.id));
    const eventMismatches =
      Math.abs(count('USER_CHANGE', 'CREATE') - expected.created) +
      Math.abs(count('USER_CHANGE', 'UPDATE') - expected.updates) +
      Math.abs(count('USER_CHANGE', 'DELETE') - expected.deleted.size) +
      Math.abs(count('GROUP_MEMBERSHIP_CHANGE', 'ADD') - expected.membershipAdds) +
      Math.abs(count('GROUP_MEMBERSHIP_CHANGE', 'REMOVE') - expected.membershipRemovals) +
      (run.length - eventIds.size);

    return {
      clients: CLIENTS,
      operations: latencies.length,
      seconds,
      throughput: latencies.length / seconds,
      p50ms: quantile(latencies, 0.5),
      p99ms: quantile(latencies, 0.99),
      failures,
      lostWrites,
      duplicates,
      eventMismatches,
    };
  } finally {
    await emulator.stop();
  }
}

export async function run(): Promise<Section> {
  const r = await measure();
  const consistent =
    r.failures === 0 && r.lostWrites === 0 && r.duplicates === 0 && r.eventMismatches === 0;
  return {
    id: 'emulator',
    title: '8. Emulator under concurrent clients',
    method: `${r.clients} concurrent SDK clients (\`@x/access\`), each with its own client-credentials token, each run ${OPS_PER_CLIENT} mixed family A operations (create 30%, get 20%, find by username 12%, update 10%, add to a shared group 10%, list members 6%, delete 12%) against x-emulator in its own process on a loopback port; then everything is read back through the API (page tokens) and the events API.`,
    figures: [
      figure('operations', String(r.operations)),
      figure('throughput', `${fmt(r.throughput, 0)} ops/s`),
      figure('latency p50', `${fmt(r.p50ms, 2)} ms`),
      figure('latency p99', `${fmt(r.p99ms, 2)} ms`),
      figure('failed operations', String(r.failures), '0', r.failures === 0),
      figure('lost writes', String(r.lostWrites), '0', r.lostWrites === 0),
      figure('duplicates', String(r.duplicates), '0', r.duplicates === 0),
      figure(
        'events not recorded exactly once',
        String(r.eventMismatches),
        '0',
        r.eventMismatches === 0,
      ),
    ],
    notes: [
      consistent
        ? 'Consistent: every write is visible, nothing is duplicated, every change has exactly one event.'
        : 'Inconsistent: see the failing figures.',
      'The clients and the emulator process share the machine’s cores; latency is measured at the client, from request to body read.',
    ],
  };
}

await runStandalone(import.meta.url, run);
