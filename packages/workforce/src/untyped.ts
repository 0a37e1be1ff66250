// The typed client seen without its path map, for the helpers that serve several resources
// (`CrudResource`, `ScimResource`): the runtime's `untyped` view over this family's paths.
import type { UntypedCalls as Calls } from '@x/runtime/internal';
import type { paths } from './generated/schema.js';

export { untyped } from '@x/runtime/internal';

/** A path of the workforce API. */
export type ApiPath = Extract<keyof paths, string>;

/** The typed client's one-liners, taking any workforce path. */
export type UntypedCalls = Calls<ApiPath>;
