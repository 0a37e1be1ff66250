import type { ResponseHeaders } from './wire.js';

/**
 * A Response over a body the transport has already read in full (within the attempt's timeout and
 * the size limit). A `new Response(bytes)` sets up a body stream, which costs more than the rest of
 * a small call, and openapi-fetch then reads that stream back whole with `json()` or `text()`. So
 * the whole-body reads answer from the bytes; a real Response over them is built only when
 * something asks for the stream (`body`) or for `blob()`/`formData()`.
 *
 * The class is defined on first use, not at load: reading the global `Response` makes Node load
 * its fetch implementation, about 40 ms that an import must not pay.
 */
export function bufferedResponse(
  bytes: Uint8Array<ArrayBuffer>,
  init: { status: number; statusText: string; headers: ResponseHeaders },
  attempts = 1,
): Response & { readonly attempts: number } {
  BufferedResponseClass ??= defineBufferedResponse();
  // Either kind of ResponseHeaders iterates [name, value] pairs, which is a HeadersInit to
  // Response (WebIDL takes any iterable of pairs; TypeScript's HeadersInit lists only some).
  return new BufferedResponseClass(bytes, init as ResponseInit, attempts);
}

type BufferedResponseConstructor = new (
  bytes: Uint8Array<ArrayBuffer>,
  init: ResponseInit,
  attempts: number,
) => Response & { readonly attempts: number };

let BufferedResponseClass: BufferedResponseConstructor | undefined;

function defineBufferedResponse(): BufferedResponseConstructor {
  class BufferedResponse extends Response {
    /** The body, until a whole-body read took it. */
    #bytes: Uint8Array<ArrayBuffer> | undefined;
    /** Set once the stream or a rare read was asked for; every read then goes through it. */
    #real: Response | undefined;
    /** How many attempts the transport made to get this response. */
    readonly attempts: number;

    constructor(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit, attempts: number) {
      // A body-less status (204, 205, 304) cannot be constructed with a body, and this one never
      // is: the bytes stay here.
      super(null, init);
      this.#bytes = bytes;
      this.attempts = attempts;
    }

    override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
      return this.#delegate().body;
    }

    override get bodyUsed(): boolean {
      return this.#real ? this.#real.bodyUsed : this.#bytes === undefined;
    }

    override text(): Promise<string> {
      return this.#real ? this.#real.text() : this.#take((bytes) => decoder.decode(bytes));
    }

    override json(): Promise<unknown> {
      return this.#real
        ? this.#real.json()
        : this.#take((bytes) => JSON.parse(decoder.decode(bytes)));
    }

    override arrayBuffer(): Promise<ArrayBuffer> {
      return this.#real ? this.#real.arrayBuffer() : this.#take((bytes) => bytes.slice().buffer);
    }

    override bytes(): Promise<Uint8Array<ArrayBuffer>> {
      return this.#real ? this.#real.bytes() : this.#take((bytes) => bytes.slice());
    }

    override blob(): Promise<Blob> {
      return this.#delegate().blob();
    }

    override formData(): Promise<FormData> {
      return this.#delegate().formData();
    }

    override clone(): Response {
      if (this.bodyUsed) throw new TypeError('Response.clone: body has already been consumed');
      return this.#real
        ? this.#real.clone()
        : new BufferedResponse(this.#bytes!, this, this.attempts);
    }

    #take<T>(read: (bytes: Uint8Array<ArrayBuffer>) => T): Promise<T> {
      const bytes = this.#bytes;
      if (!bytes)
        return Promise.reject(new TypeError('Body is unusable: body has already been read'));
      this.#bytes = undefined;
      try {
        return Promise.resolve(read(bytes));
      } catch (error) {
        return Promise.reject(error);
      }
    }

    #delegate(): Response {
      if (!this.#real) {
        // After a whole-body read the real one must look read too: an empty body, consumed.
        const nullBody = this.status === 204 || this.status === 205 || this.status === 304;
        this.#real = new Response(nullBody ? null : (this.#bytes ?? new Uint8Array(0)), this);
        if (!this.#bytes) void this.#real.arrayBuffer();
        this.#bytes = undefined;
      }
      return this.#real;
    }
  }
  return BufferedResponse;
}

// UTF-8, a BOM dropped and bad bytes replaced: what `Response.text()` does.
const decoder = /* @__PURE__ */ new TextDecoder();
