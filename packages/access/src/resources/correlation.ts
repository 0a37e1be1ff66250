// The `x-correlation_id` request header of the SSO configuration, identity provider and SSO
// association operations. A caller names it per call with the `correlationId` option; the server
// answers with the same id (or, when none was sent, one it generated) in `x-correlation-id`, which
// `withResponse()` gives as `response.requestId` and errors carry as `requestId`.
//
// A method puts the header into its call's init (`header: correlationHeader(options)`) with the
// init's function form: it runs inside the call, so a bad id rejects the call, and a listing's
// init runs once when the list is made, so all its pages send one id.
import type { CallOptions, ListOptions } from '@x/runtime';
import { assertHeaderValue, requireId } from '@x/runtime/internal';

/** The request header the platform reads the correlation id from. */
export const CORRELATION_HEADER = 'x-correlation_id';

/** Call options of an operation that carries a correlation id. */
export interface CorrelatedCallOptions extends CallOptions {
  /**
   * Sent as the `x-correlation_id` header. The response carries it back (or, without one, an id
   * the server generated) as `x-correlation-id`: `(await call.withResponse()).response.requestId`.
   */
  correlationId?: string | undefined;
}

/** List options of a listing that carries a correlation id. */
export interface CorrelatedListOptions extends ListOptions {
  /**
   * Sent as the `x-correlation_id` header of every page request. Default: the `x-correlation_id`
   * of `headers`, else a random UUID per listing, so that all its pages share one id.
   */
  correlationId?: string | undefined;
}

/** The header as a call's init carries it. */
export interface CorrelationHeader {
  'x-correlation_id'?: string;
}

/**
 * The header of one call: the options' `correlationId`, checked; none without one.
 * @throws ValidationError naming `correlationId` when it is not a non-empty header value.
 */
export function correlationHeader(options: CorrelatedCallOptions | undefined): CorrelationHeader {
  const id = correlationIdOf(options);
  return id === undefined ? {} : { [CORRELATION_HEADER]: id };
}

/**
 * The header of every page of a listing: the options' `correlationId`, or the `x-correlation_id`
 * of their `headers` (sent by the runtime as given), or a fresh UUID shared by the listing's pages.
 * @throws ValidationError naming `correlationId`, as `correlationHeader`.
 */
export function listingCorrelationHeader(
  options: CorrelatedListOptions | undefined,
): CorrelationHeader {
  const given = correlationHeader(options);
  if (CORRELATION_HEADER in given) return given;
  const inHeaders = Object.keys(options?.headers ?? {}).some(
    (name) => name.toLowerCase() === CORRELATION_HEADER,
  );
  return inHeaders ? {} : { [CORRELATION_HEADER]: globalThis.crypto.randomUUID() };
}

function correlationIdOf(options: { correlationId?: unknown } | undefined): string | undefined {
  if (options?.correlationId === undefined) return undefined;
  const id = requireId(options.correlationId, 'correlationId');
  assertHeaderValue(id, 'correlationId');
  return id;
}
