// Passkeys of the tenant's users (`/v2/passkeys`) and their tags. Setting tags is a full replace.
import {
  type ApiPromise,
  type CallOptions,
  type ListOptions,
  type Paginator,
  ValidationError,
} from '@x/runtime';
import { offsetPaging, requireId } from '@x/runtime/internal';
import type { WorkforceApi } from '../api.js';
import { stringFields, uniqueTagName } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input, Spec } from '../input.js';
import { FILTERED_LIST_PARAMS, listQuery, type PasskeyListParams } from './lists.js';

const PATHS = {
  passkeys: '/v2/passkeys',
  passkey: '/v2/passkeys/{passkey_id}',
  tags: '/v2/passkeys/{passkey_id}/tags',
} as const;

/** A passkey of a user, with its device (every field is always returned). */
export interface Passkey extends Spec<components['schemas']['Passkey']> {}
/** A page of passkeys as the server sends it: `{ passkeys, total_size }`. */
export interface PasskeyList extends Spec<components['schemas']['PasskeyList']> {}
/** A passkey tag as returned: `id` and `name` (case-insensitive, unique per tenant). */
export interface Tag extends Spec<components['schemas']['Tag']> {}
/** A tag to set: `{ name, id? }`; a name that does not exist yet creates the tag. */
export interface TagReplace extends Spec<Input<components['schemas']['TagReplace']>> {}
/** A tag to set: its name, or `{ name, id? }`. */
export type TagInput = string | TagReplace;

const TAG_FIELDS = { writable: ['id', 'name'] } as const;
const passkeyPages = /* @__PURE__ */ offsetPaging<PasskeyList, Passkey>((page) => page.passkeys);

/** Passkeys of the tenant's users (`/v2/passkeys`) and their tags (`passkeys.tags`). */
export class Passkeys {
  /** A passkey's tags: `passkeys.tags.get(passkeyId)`, `replace(passkeyId, tags)`. */
  readonly tags: PasskeyTags;

  /** @internal */
  constructor(private readonly api: WorkforceApi) {
    this.tags = new PasskeyTags(api);
  }

  /**
   * The tenant's passkeys: `await` it for the first page, iterate it for every passkey.
   * @example
   * workforce.passkeys.list({ filter: passkeyFilter.user_name.eq('ada') })
   */
  list(params: PasskeyListParams = {}, options?: ListOptions): Paginator<Passkey, PasskeyList> {
    return this.api.list(
      PATHS.passkeys,
      passkeyPages,
      () => ({ query: listQuery(this.api.wireParams(params, FILTERED_LIST_PARAMS)) }),
      options,
    );
  }

  /** Deletes a passkey. @throws NotFoundError when there is no such passkey. */
  delete(passkeyId: string, options?: CallOptions): ApiPromise<void> {
    return this.api.delete(PATHS.passkey, { path: { passkey_id: passkeyId } }, options);
  }

  /** @deprecated Use `passkeys.tags.get(passkeyId)`. Removed in the next minor. */
  getTags(passkeyId: string, options?: CallOptions): ApiPromise<Tag[]> {
    this.api.deprecated('passkeys.getTags', 'passkeys.tags.get');
    return this.tags.get(passkeyId, options);
  }

  /** @deprecated Use `passkeys.tags.replace(passkeyId, tags)`. Removed in the next minor. */
  replaceTags(
    passkeyId: string,
    tags: readonly TagInput[],
    options?: CallOptions,
  ): ApiPromise<Tag[]> {
    this.api.deprecated('passkeys.replaceTags', 'passkeys.tags.replace');
    return this.tags.replace(passkeyId, tags, options);
  }

  /** @deprecated Use `passkeys.tags.replace(passkeyId, tags)`. Removed in the next minor. */
  setTags(passkeyId: string, tags: readonly TagInput[], options?: CallOptions): ApiPromise<Tag[]> {
    this.api.deprecated('passkeys.setTags', 'passkeys.tags.replace');
    return this.tags.replace(passkeyId, tags, options);
  }
}

/** The tags of passkeys: `workforce.passkeys.tags.get(passkeyId)`, `replace(passkeyId, tags)`. */
export class PasskeyTags {
  /** @internal */
  constructor(private readonly api: WorkforceApi) {}

  /** The passkey's tags, each with `id` and `name`. */
  get(passkeyId: string, options?: CallOptions): ApiPromise<Tag[]> {
    return tagsOf(this.api.get(PATHS.tags, { path: { passkey_id: passkeyId } }, options));
  }

  /**
   * Replaces the passkey's tags: afterwards it has exactly these, and every other tag is removed
   * from it (`[]` removes all). Names match case-insensitively, so one name twice is refused; a
   * name that does not exist yet is created. Returns the tags with their ids.
   */
  replace(passkeyId: string, tags: readonly TagInput[], options?: CallOptions): ApiPromise<Tag[]> {
    return tagsOf(
      this.api.put(
        PATHS.tags,
        () => ({ path: { passkey_id: passkeyId }, body: { tags: tagsToSend(tags) } }),
        options,
      ),
    );
  }
}

/**
 * The tags of a `{ tags }` answer, keeping `withResponse()`. The platform's proto3 JSON leaves an
 * empty list out, so an absent `tags` is no tags.
 */
function tagsOf(call: ApiPromise<components['schemas']['TagList']>): ApiPromise<Tag[]> {
  return call.map((data) => data.tags ?? []);
}

function tagsToSend(tags: readonly TagInput[]): components['schemas']['TagReplace'][] {
  if (!Array.isArray(tags)) throw new ValidationError('tags', 'must be an array of tags');
  const seen = new Map<string, number>();
  return tags.map((tag, index) => {
    const field = `tags[${index}]`;
    if (typeof tag === 'string') return { name: uniqueTagName(tag, index, seen, field) };
    const { id, name, ...unknown } = stringFields(tag, TAG_FIELDS, field);
    const checked = { ...unknown, name: uniqueTagName(name, index, seen, `${field}.name`) };
    return id === undefined ? checked : { id: requireId(id, `${field}.id`), ...checked };
  });
}

/** @internal The field table, for the test that ties it to the spec. */
export { TAG_FIELDS };
