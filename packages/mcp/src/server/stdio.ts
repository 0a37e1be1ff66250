// The stdio transport: one JSON-RPC message per line on stdin, answers on stdout. The SDK's own
// transport ends the session on a line longer than its read limit (the process then exits 0 with
// no word on why) and drops a line that is not JSON without an answer. This one answers both, as
// JSON-RPC says, and goes on: a client that sent something wrong learns what, and keeps its session.
import process from 'node:process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * The largest message read from stdin, in bytes (the SDK's limit too). A longer line is answered
 * with an Invalid Request error and skipped to its end; nothing of it is kept in memory.
 */
export const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024;

const NEWLINE = 0x0a;

/** Options of the transport (tests pass their own streams and limits). */
export interface LineTransportOptions {
  readonly stdin?: NodeJS.ReadableStream;
  readonly stdout?: NodeJS.WritableStream;
  /** Largest message in bytes; default MAX_STDIO_MESSAGE_BYTES. */
  readonly maxMessageBytes?: number;
  /** Where a refused message is reported for whoever runs the server (stderr in the command). */
  readonly log?: (line: string) => void;
}

/** A JSON-RPC id, when a refused message had a usable one. */
type Id = string | number | null;

/** The MCP transport over newline-delimited JSON on stdin and stdout. */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #stdin: NodeJS.ReadableStream;
  readonly #stdout: NodeJS.WritableStream;
  readonly #max: number;
  readonly #log: (line: string) => void;
  #chunks: Buffer[] = [];
  #size = 0;
  /** Inside a line already refused as too large: its bytes are dropped until its newline. */
  #skipping = false;
  #started = false;

  constructor(options: LineTransportOptions = {}) {
    this.#stdin = options.stdin ?? process.stdin;
    this.#stdout = options.stdout ?? process.stdout;
    this.#max = options.maxMessageBytes ?? MAX_STDIO_MESSAGE_BYTES;
    this.#log = options.log ?? (() => undefined);
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error('LineTransport already started');
    this.#started = true;
    this.#stdin.on('data', this.#onData);
    this.#stdin.on('error', this.#onError);
  }

  async close(): Promise<void> {
    this.#stdin.off('data', this.#onData);
    this.#stdin.off('error', this.#onError);
    if (this.#stdin.listenerCount('data') === 0) this.#stdin.pause();
    this.#chunks = [];
    this.#size = 0;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.#stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.#stdout.once('drain', resolve);
    });
  }

  #onError = (error: Error): void => {
    this.onerror?.(error);
  };

  #onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    for (;;) {
      const newline = bytes.indexOf(NEWLINE, start);
      this.#append(bytes.subarray(start, newline === -1 ? bytes.length : newline));
      if (newline === -1) return;
      this.#endLine();
      start = newline + 1;
    }
  };

  #append(piece: Buffer): void {
    if (this.#skipping || piece.length === 0) return;
    if (this.#size + piece.length > this.#max) {
      // Refused as soon as it is known to be too large, before its end arrives.
      this.#chunks = [];
      this.#size = 0;
      this.#skipping = true;
      this.#log(
        `refused a message of more than ${this.#max} bytes (the limit of one stdio message); the session goes on`,
      );
      this.#refuse(
        null,
        ErrorCode.InvalidRequest,
        `message larger than ${this.#max} bytes, the limit of one stdio message: not read`,
      );
      return;
    }
    this.#chunks.push(piece);
    this.#size += piece.length;
  }

  #endLine(): void {
    if (this.#skipping) {
      this.#skipping = false;
      return;
    }
    const line = Buffer.concat(this.#chunks, this.#size).toString('utf8').replace(/\r$/, '');
    this.#chunks = [];
    this.#size = 0;
    if (line.trim() !== '') this.#handle(line);
  }

  #handle(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.#refuse(null, ErrorCode.ParseError, 'Parse error: the line is not JSON');
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.#refuse(
        idOf(value),
        ErrorCode.InvalidRequest,
        'Invalid Request: not a JSON-RPC 2.0 request, notification or response',
      );
      return;
    }
    this.onmessage?.(parsed.data);
  }

  #refuse(id: Id, code: number, message: string): void {
    // A JSON-RPC error answer; `id: null` when the request's id could not be read (JSON-RPC 2.0,
    // section 5), which the SDK's message type does not allow for, hence the cast.
    const answer = { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage;
    this.send(answer).catch((error: unknown) => this.onerror?.(error as Error));
  }
}

/** The id of a message that failed validation, when it has a usable one. */
function idOf(value: unknown): Id {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}
