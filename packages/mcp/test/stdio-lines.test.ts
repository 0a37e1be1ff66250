// What a client may write on the server's stdin besides well-formed requests: a line that is not
// JSON, a message over the size limit, `arguments` that are not an object, a lone surrogate. Each
// gets an answer that says what was wrong, and the session goes on. Driven over raw stdio (the
// SDK's client would refuse to send most of these).
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STDIO_MESSAGE_BYTES } from '../src/server/stdio.js';
import { nodeArgs, ROOT } from './helpers/stdio.js';

interface Answer {
  id?: string | number | null;
  result?: { isError?: boolean; structuredContent?: { error?: Record<string, unknown> } };
  error?: { code: number; message: string };
}

/** The server over raw pipes: write lines, read the answers one per line. */
class RawSession {
  readonly child: ChildProcessWithoutNullStreams;
  readonly answers: Answer[] = [];
  stderr = '';
  exited: number | null | undefined;
  #buffer = '';
  #waiting: (() => void)[] = [];
  #nextId = 1;

  constructor() {
    this.child = spawn(process.execPath, nodeArgs(['--emulator']), {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '' },
    });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.#buffer += chunk.toString('utf8');
      let newline = this.#buffer.indexOf('\n');
      while (newline !== -1) {
        this.answers.push(JSON.parse(this.#buffer.slice(0, newline)) as Answer);
        this.#buffer = this.#buffer.slice(newline + 1);
        newline = this.#buffer.indexOf('\n');
      }
      for (const wake of this.#waiting.splice(0)) wake();
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    this.child.on('exit', (code) => {
      this.exited = code;
      for (const wake of this.#waiting.splice(0)) wake();
    });
  }

  /** Waits for the next answer after the `count` already read. */
  async next(count = this.answers.length): Promise<Answer> {
    while (this.answers.length <= count) {
      if (this.exited !== undefined) throw new Error(`the server exited (${this.exited})`);
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    return this.answers[count]!;
  }

  /** Writes raw text and waits for the one answer it gets. */
  async raw(text: string | Buffer): Promise<Answer> {
    const count = this.answers.length;
    this.child.stdin.write(text);
    return this.next(count);
  }

  /** Sends a request and waits for its answer. */
  request(method: string, params: unknown): Promise<Answer> {
    const id = this.#nextId++;
    return this.raw(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  }

  async initialize(): Promise<void> {
    const init = await this.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '0' },
    });
    expect(init.result).toBeDefined();
    this.child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`,
    );
  }

  /** The session still answers. */
  async alive(): Promise<void> {
    const listed = await this.request('tools/list', {});
    expect(listed.result).toBeDefined();
  }
}

let s: RawSession;
beforeAll(async () => {
  s = new RawSession();
  await s.initialize();
}, 60_000);
afterAll(() => {
  s.child.kill();
});

describe('lines the server cannot read', () => {
  it('a line that is not JSON: -32700, and the session goes on', async () => {
    const answer = await s.raw('this is not json\n');
    expect(answer).toMatchObject({ id: null, error: { code: -32700 } });
    await s.alive();
  });

  it('JSON that is not a JSON-RPC message: -32600 with its id', async () => {
    const answer = await s.raw(`${JSON.stringify({ id: 41, hello: 'world' })}\n`);
    expect(answer).toMatchObject({ id: 41, error: { code: -32600 } });
    await s.alive();
  });

  it('a message over the limit: -32600 naming the limit, a note on stderr, and the session goes on', async () => {
    const huge = Buffer.alloc(MAX_STDIO_MESSAGE_BYTES + 1024, 'a');
    const count = s.answers.length;
    // Written in pieces, as a pipe delivers it, then the end of the line.
    for (let at = 0; at < huge.length; at += 1024 * 1024)
      s.child.stdin.write(huge.subarray(at, at + 1024 * 1024));
    s.child.stdin.write('\n');
    const answer = await s.next(count);
    expect(answer).toMatchObject({ id: null, error: { code: -32600 } });
    expect(answer.error!.message).toContain(String(MAX_STDIO_MESSAGE_BYTES));
    await s.alive();
    expect(s.exited).toBeUndefined();
    expect(s.stderr).toContain(`refused a message of more than ${MAX_STDIO_MESSAGE_BYTES} bytes`);
  }, 60_000);
});

describe('tools/call with arguments that are not an object', () => {
  for (const args of [null, [], 'x', 7]) {
    it(`arguments ${JSON.stringify(args)}: -32602 saying what is wrong, no validation dump`, async () => {
      const answer = await s.request('tools/call', {
        name: 'workforce_users_get',
        arguments: args,
      });
      expect(answer.error?.code).toBe(-32602);
      expect(answer.error?.message).toMatch(/arguments must be an object/);
      expect(answer.error?.message).not.toContain('"path"');
      await s.alive();
    });
  }
});

describe('a lone surrogate in an argument', () => {
  it('is an invalid-arguments tool error naming the argument, nothing sent', async () => {
    const answer = await s.raw(
      '{"jsonrpc":"2.0","id":"sur","method":"tools/call","params":{"name":"workforce_users_get","arguments":{"user_id":"ab\\ud800cd"}}}\n',
    );
    expect(answer.result?.isError).toBe(true);
    expect(answer.result?.structuredContent?.error).toMatchObject({
      type: 'InvalidArguments',
      field_violations: [{ field: 'user_id' }],
    });
  });
});
