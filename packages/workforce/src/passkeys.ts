import {
  type ApiClient,
  type CallOptions,
  type Paginator,
  unwrap,
  ValidationError,
} from '@x/runtime';
import { type FilterInput, filterText } from './filter/filter.js';
import { type OrderByInput, orderByText } from './filter/order-by.js';
import type { components, paths } from './generated/schema.js';
import { type ListOptions, offsetList, type PageQuery, pageParams } from './list-options.js';
import { requireId } from './validation.js';

/** A passkey of a user. */
export type Passkey = components['schemas']['Passkey'];
/** One page of passkeys, with the total number of matching passkeys. */
export type PasskeyPage = components['schemas']['PasskeyList'];
/** A passkey tag: `name` (case-insensitive, unique per tenant) and its `id`. */
export type Tag = components['schemas']['Tag'];
/** A tag to set: its name, or `{ name, id? }`. */
export type TagInput = string | { readonly name: string; readonly id?: string };

/** Which passkeys to list and in which order (`passkeys.list`). */
export interface PasskeyQuery {
  /** `passkeyFilter.…` or raw filter text (for example for the `search` field). */
  filter?: FilterInput<'passkeys'>;
  /** `passkeyOrderBy.…` or raw `order_by` text. Default: ascending `create_time`. */
  orderBy?: OrderByInput<'passkeys'>;
}

function passkeyListParams(query: (PasskeyQuery & PageQuery) | undefined) {
  return {
    ...pageParams(query),
    filter: filterText(query?.filter),
    order_by: orderByText(query?.orderBy),
  };
}

/** Passkeys of the tenant's users and their tags (`/v2/passkeys`). */
export class Passkeys {
  constructor(private readonly client: ApiClient<paths>) {}

  /** Every matching passkey, fetched page by page as you iterate. */
  list(
    query?: PasskeyQuery & ListOptions,
    options?: CallOptions,
  ): Paginator<Passkey, PasskeyPage, number> {
    const { filter, order_by } = passkeyListParams(query);
    return offsetList(
      query,
      options,
      (page, call) => this.fetchPage({ ...page, filter, order_by }, call),
      (page) => page.passkeys,
    );
  }

  /** One page of passkeys: `{ passkeys, total_size }`. */
  async listPage(query?: PasskeyQuery & PageQuery, options?: CallOptions): Promise<PasskeyPage> {
    return this.fetchPage(passkeyListParams(query), options);
  }

  /** Deletes a passkey. */
  async delete(passkeyId: string, options?: CallOptions): Promise<void> {
    await this.client.raw.DELETE('/v2/passkeys/{passkey_id}', {
      params: { path: { passkey_id: requireId(passkeyId, 'passkeyId') } },
      ...this.client.call(options),
    });
  }

  /** The passkey's tags, each with `id` and `name`. */
  async getTags(passkeyId: string, options?: CallOptions): Promise<Tag[]> {
    const list = await unwrap(
      this.client.raw.GET('/v2/passkeys/{passkey_id}/tags', {
        params: { path: { passkey_id: requireId(passkeyId, 'passkeyId') } },
        ...this.client.call(options),
      }),
    );
    return list?.tags ?? [];
  }

  /**
   * Sets the passkey's tags. **Full replace**: afterwards the passkey has exactly these tags,
   * and every tag not in `tags` is removed from it; pass `[]` to remove all. Names match
   * case-insensitively; a name that does not exist yet is created. Returns the tags with ids.
   */
  async setTags(
    passkeyId: string,
    tags: readonly TagInput[],
    options?: CallOptions,
  ): Promise<Tag[]> {
    const passkey_id = requireId(passkeyId, 'passkeyId');
    const body = { tags: tagsToSend(tags) };
    const list = await unwrap(
      this.client.raw.PUT('/v2/passkeys/{passkey_id}/tags', {
        params: { path: { passkey_id } },
        body,
        ...this.client.call(options),
      }),
    );
    return list?.tags ?? [];
  }

  private fetchPage(
    query: ReturnType<typeof passkeyListParams>,
    options: CallOptions | undefined,
  ): Promise<PasskeyPage> {
    return unwrap(
      this.client.raw.GET('/v2/passkeys', { params: { query }, ...this.client.call(options) }),
    );
  }
}

function tagsToSend(tags: unknown): Tag[] {
  if (!Array.isArray(tags)) throw new ValidationError('tags', 'must be an array of tags');
  return tags.map((tag: unknown, i) => {
    const field = `tags[${i}]`;
    if (typeof tag === 'string') {
      if (tag.trim() === '') throw new ValidationError(field, 'must be a non-empty name');
      return { name: tag };
    }
    if (tag === null || typeof tag !== 'object')
      throw new ValidationError(field, 'must be a name or { name, id? }');
    const { name, id } = tag as { name?: unknown; id?: unknown };
    if (typeof name !== 'string' || name.trim() === '')
      throw new ValidationError(`${field}.name`, 'must be a non-empty string');
    if (id === undefined) return { name };
    return { id: requireId(id, `${field}.id`), name };
  });
}
