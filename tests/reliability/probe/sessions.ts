// MCP session oddities, as far as they are reachable in process: the stdio transport of `x-mcp`
// (its LineTransport over in-memory streams, with a small message limit) in front of a read-only
// server over an in-process emulator. Every line must get its answer, and the session must go on.
import { PassThrough } from 'node:stream';
import {
  createMcpServer,
  createToolSet,
  emulatorEnvironment,
  LineTransport,
  READ_ONLY,
} from '../../../packages/mcp/src/index.js';
import { within } from './http.js';
import type { Tally } from './tally.js';

const CATEGORY = 'MCP stdio session';
const LIMIT = 64 * 1024;

interface Answer {
  id?: unknown;
  result?: { isError?: boolean };
  error?: { code: number };
}

export async function probeSessions(tally: Tally): Promise<void> {
  const { env, fetch } = await emulatorEnvironment({});
  const set = await createToolSet({ env, fetch, permissions: READ_ONLY });
  const server = createMcpServer(set, { revealEnrolmentSecrets: false });
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const answers: Answer[] = [];
  let buffer = '';
  let wake: (() => void) | undefined;
  stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let i = buffer.indexOf('\n'); i !== -1; i = buffer.indexOf('\n')) {
      answers.push(JSON.parse(buffer.slice(0, i)) as Answer);
      buffer = buffer.slice(i + 1);
    }
    wake?.();
  });
  await server.connect(new LineTransport({ stdin, stdout, maxMessageBytes: LIMIT }));
  let id = 0;
  /** Writes `text` and returns the one answer it gets (undefined: none in time, a finding). */
  const exchange = async (what: string, text: string): Promise<Answer | undefined> => {
    const count = answers.length;
    stdin.write(text);
    try {
      await within(
        (async () => {
          while (answers.length <= count) await new Promise<void>((r) => (wake = r));
        })(),
      );
    } catch {
      tally.count(CATEGORY, 'no answer');
      tally.find(CATEGORY, `${what}: no answer`);
      return undefined;
    }
    return answers[count];
  };
  const request = (method: string, params: unknown) =>
    `${JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params })}\n`;
  /** Checks one exchange's outcome against what JSON-RPC and MCP say it must be. */
  const expectOutcome = async (what: string, text: string, expected: string) => {
    const answer = await exchange(what, text);
    if (!answer) return;
    const outcome = answer.error
      ? String(answer.error.code)
      : answer.result?.isError
        ? 'isError'
        : 'result';
    tally.count(CATEGORY, outcome);
    if (outcome !== expected) tally.find(CATEGORY, `${what}: ${outcome}, expected ${expected}`);
  };

  try {
    await expectOutcome(
      'initialize',
      request('initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'probe', version: '0' },
      }),
      'result',
    );
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    await expectOutcome('a line that is not JSON', 'not json at all\n', '-32700');
    await expectOutcome('JSON that is not JSON-RPC', '{"id":5,"x":1}\n', '-32600');
    await expectOutcome('a message over the limit', `${'x'.repeat(LIMIT + 10)}\n`, '-32600');
    await expectOutcome('tools/list after it', request('tools/list', {}), 'result');
    for (const args of [null, [], 'x', 7])
      await expectOutcome(
        `arguments ${JSON.stringify(args)}`,
        request('tools/call', { name: 'workforce_users_get', arguments: args }),
        '-32602',
      );
    await expectOutcome(
      'a lone surrogate in an argument',
      '{"jsonrpc":"2.0","id":"s","method":"tools/call","params":{"name":"workforce_users_get","arguments":{"user_id":"\\udc00"}}}\n',
      'isError',
    );
    await expectOutcome(
      'an unknown tool',
      request('tools/call', { name: 'no_such_tool', arguments: {} }),
      'isError',
    );
    await expectOutcome(
      'a write tool on a read-only server',
      request('tools/call', { name: 'workforce_users_delete', arguments: { user_id: 'x' } }),
      'isError',
    );
    await expectOutcome('an unknown method', request('no/such/method', {}), '-32601');
    await expectOutcome('the session at the end', request('tools/list', {}), 'result');
  } finally {
    await server.close();
  }
}
