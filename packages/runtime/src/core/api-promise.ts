// The promise every call returns: await it for the data, or call `withResponse()` for the data and
// the response (status, headers, request id, rate-limit budget, attempts). One request either way.
import type { ResponseInfo, WithResponse } from './response-info.js';

/**
 * A call in flight. It is a Promise of the data; `withResponse()` gives `{ data, response }` from
 * the same request.
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #result: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  constructor(result: Promise<WithResponse<T>>) {
    // The executor's value is never read: `then` reads `result`. Promise subclasses must call
    // super with an executor.
    super((resolve) => resolve(undefined as T));
    this.#result = result;
  }

  /** Promise methods that build new promises (`then`, `Promise.all`) make plain Promises. */
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The data and the response it came with. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result;
  }

  /**
   * The same call with its data transformed (for a method that returns part of the body, such as
   * the `tags` of `{ tags }`); `withResponse()` still gives the response.
   */
  map<U>(transform: (data: T) => U): ApiPromise<U> {
    return new ApiPromise(
      this.#result.then(({ data, response }) => ({ data: transform(data), response })),
    );
  }

  /** The response alone (its body is the data). */
  response(): Promise<ResponseInfo> {
    return this.#result.then((r) => r.response);
  }

  #value(): Promise<T> {
    this.#data ??= this.#result.then((r) => r.data);
    return this.#data;
  }

  // biome-ignore lint/suspicious/noThenProperty: a Promise subclass's then, reading the data
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#value().then(onfulfilled, onrejected);
  }

  override catch<R = never>(
    onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null,
  ): Promise<T | R> {
    return this.#value().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#value().finally(onfinally);
  }

  /** A rejected call (the arguments were refused before anything was sent). */
  static rejected<T>(error: unknown): ApiPromise<T> {
    const result = Promise.reject(error) as Promise<WithResponse<T>>;
    return new ApiPromise(result);
  }
}
