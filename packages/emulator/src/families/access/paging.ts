// Family A's page-token paging. A `next_page_token` keeps the list it belongs to, the page size
// and the other query parameters of the request that produced it (the identities filter among
// them), and where the next page starts; `skip` is not kept and applies to every request again.
// On a later request the page size can be overridden, a kept parameter sent with another value
// is a 400 naming it, and a token older than a week on the emulator's clock is a 400 too (the
// platform leaves an expired token's behaviour undefined; the emulator refuses it).
import { ApiFailure, invalidField } from '../../http/errors.js';
import { base64url, fromBase64url } from '../../random.js';
import type { HandlerContext } from '../types.js';

/** How long a page token stays valid. */
export const PAGE_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** What a page token carries. */
interface TokenPayload {
  /** The list: operation and path parameters. */
  l: string;
  /** Page size. */
  s: number;
  /** Kept query parameters. */
  q: Record<string, unknown>;
  /** Offset of the next page (not counting `skip`). */
  o: number;
  /** Extra cursor state: the segment of lists that page in segments, or the second offset. */
  c?: number;
  /** Page size of the second kind of lists that page two kinds separately. */
  s2?: number;
  /** Issue time, epoch ms on the emulator's clock. */
  t: number;
}

/** Where a page starts and how large it is, with the kept parameters in force. */
export interface PageRequest {
  size: number;
  /** Offset of the page, `skip` included. */
  start: number;
  /** Offset without `skip` (what the next token builds on). */
  offset: number;
  skip: number;
  /** Segment cursor of lists that page in segments. */
  cursor: number;
  /** The kept parameters (from the request, or from the token when the request omits them). */
  kept: Record<string, unknown>;
  /** The second kind of a list that pages two kinds separately (role members). */
  second?: { size: number; start: number; offset: number; skip: number };
  /** Makes the token of the page that starts at `offset` (not counting skip). */
  next(offset: number, cursor?: number): string;
}

/** Whether the request itself carries a query parameter (declared defaults do not count). */
export const sent = (ctx: HandlerContext, name: string) =>
  new URL(ctx.request.url).searchParams.has(name);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Reads the paging of a list request.
 * @param keptNames the query parameters the token keeps (besides the page size)
 * @param sizeParam the page size parameter (`page_size`, or `groups_page_size`, ...)
 */
export function pageRequest(
  ctx: HandlerContext,
  options: {
    defaultSize: number;
    maxSize?: number;
    keptNames?: readonly string[];
    sizeParam?: string;
    skipParam?: string;
    second?: { sizeParam: string; skipParam: string };
  },
): PageRequest {
  const sizeParam = options.sizeParam ?? 'page_size';
  const skipParam = options.skipParam ?? 'skip';
  const list = `${ctx.op.operationId}:${Object.entries(ctx.params)
    .map(([k, v]) => `${k}=${v}`)
    .join('&')}`;
  const keptNames = options.keptNames ?? [];
  const requested: Record<string, unknown> = {};
  for (const name of keptNames)
    if (sent(ctx, name) && ctx.query[name] !== undefined) requested[name] = ctx.query[name];
  const raw = ctx.query.page_token;
  const now = ctx.world.clock.now();
  let token: TokenPayload | undefined;
  if (typeof raw === 'string' && raw !== '') {
    token = decode(raw);
    if (token.l !== list) throw invalidField('page_token', 'belongs to another list');
    if (now - token.t > PAGE_TOKEN_LIFETIME_MS) throw invalidField('page_token', 'has expired');
    for (const name of keptNames)
      if (name in requested && !same(requested[name], token.q[name]))
        throw invalidField(name, 'differs from the value kept by page_token');
  }
  const sizeOf = (param: string, kept: number | undefined) => {
    const explicit = sent(ctx, param) ? (ctx.query[param] as number | undefined) : undefined;
    let size = explicit ?? kept ?? options.defaultSize;
    if (size === 0) size = options.defaultSize;
    return options.maxSize !== undefined ? Math.min(size, options.maxSize) : size;
  };
  const skipOf = (param: string) =>
    typeof ctx.query[param] === 'number' ? (ctx.query[param] as number) : 0;
  const size = sizeOf(sizeParam, token?.s);
  const skip = skipOf(skipParam);
  const offset = token?.o ?? 0;
  const kept = token ? { ...token.q } : requested;
  let second: PageRequest['second'];
  if (options.second) {
    const size2 = sizeOf(options.second.sizeParam, token?.s2);
    const skip2 = skipOf(options.second.skipParam);
    const offset2 = token?.c ?? 0;
    second = { size: size2, start: offset2 + skip2, offset: offset2, skip: skip2 };
  }
  return {
    size,
    start: offset + skip,
    offset,
    skip,
    cursor: token?.c ?? 0,
    kept,
    ...(second ? { second } : {}),
    next: (nextOffset, cursor) =>
      encode({
        l: list,
        s: size,
        q: kept,
        o: nextOffset,
        ...(cursor !== undefined ? { c: cursor } : {}),
        ...(second ? { s2: second.size } : {}),
        t: now,
      }),
  };
}

/** One page of `items` by a page request, with `total_size` and the next token when more follow. */
/**
 * A list the platform publishes no paging parameters for (`listTokens`, a batch's
 * `listResults`): the first `max` items (the response's published `maxItems`) with the count of
 * all. No `next_page_token` is sent, since no parameter could carry it back.
 */
export function singlePage<T>(items: readonly T[], max: number) {
  return { items: items.slice(0, max), total_size: items.length };
}

export function tokenPage<T>(items: readonly T[], page: PageRequest) {
  const slice = items.slice(page.start, page.start + page.size);
  const more = page.start + page.size < items.length;
  return {
    items: slice,
    total_size: items.length,
    ...(more ? { next_page_token: page.next(page.offset + page.size) } : {}),
  };
}

function encode(payload: TokenPayload): string {
  return base64url(new TextEncoder().encode(JSON.stringify(payload)));
}

function decode(text: string): TokenPayload {
  try {
    const value = JSON.parse(new TextDecoder().decode(fromBase64url(text))) as TokenPayload;
    if (
      typeof value.l === 'string' &&
      typeof value.s === 'number' &&
      typeof value.o === 'number' &&
      typeof value.t === 'number' &&
      typeof value.q === 'object' &&
      value.q !== null
    )
      return value;
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
  }
  throw invalidField('page_token', 'is not a page token of this API');
}
