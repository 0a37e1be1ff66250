import type { ApiClient } from '@x/runtime';
import type { paths } from './generated/schema.js';

/** The runtime client of the legacy API: what the resources are written over. */
export type LegacyApi = ApiClient<paths>;
