// The runtime client of family E, as its own leaf module: the resource and the client both name
// it, and neither imports the other for it (no import cycle, type imports included).
import type { ApiClient } from '@x/runtime';
import type { paths } from './generated/schema.js';

/** The runtime client of the events API: typed one-liners over the spec's path map. */
export type EventsApi = ApiClient<paths>;
