// The typed client seen without its path map, for the helpers that serve several resources
// (`CrudResource`, the SSO configurations' page-token lists): the runtime's `untyped` view over
// the management API's paths.
import type { UntypedCalls as Calls } from '@x/runtime/internal';
import type { AccessApiPaths } from '../api.js';

export { type UntypedInit, untyped } from '@x/runtime/internal';

/** A path of the management API. */
export type ApiPath = Extract<keyof AccessApiPaths, string>;

/** The typed client's one-liners, taking any path of the management API. */
export type UntypedCalls = Calls<ApiPath>;
