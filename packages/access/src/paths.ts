// The one spec describes two servers: the management API on `baseUrl` (every path under `/v1/`)
// and the SCIM 2.0 server on `scimBaseUrl`. Each client is typed with its own server's paths only,
// so a SCIM path can never type-check against the management API's base URL, or the reverse.
import type { paths } from './generated/schema.js';

/** The paths of the access management API (`{access_api_url}`). */
export type AccessApiPaths = Pick<paths, Extract<keyof paths, `/v1/${string}`>>;

/** The paths of the SCIM 2.0 server (`{access_scim_url}`). */
export type AccessScimPaths = Omit<paths, keyof AccessApiPaths>;
