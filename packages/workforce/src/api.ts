// The runtime client the resources are described over. A leaf module: the resources import its
// type from here, and the client (which imports every resource) re-exports it, so no import
// cycle runs through client.ts.
import type { ApiClient } from '@x/runtime';
import type { paths } from './generated/schema.js';

/** The runtime client of the workforce API: typed `get`/`post`/`put`/`patch`/`delete`/`list`. */
export type WorkforceApi = ApiClient<paths>;
