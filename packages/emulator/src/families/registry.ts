// The family modules the emulator serves, in seed order (events last: its default key reaches
// every tenant seeded before it).
import { accessFamily } from './access/index.js';
import { eventsFamily } from './events/index.js';
import { legacyFamily } from './legacy/index.js';
import type { FamilyModule } from './types.js';
import { workforceFamily } from './workforce/index.js';

/** Every family module. */
export const FAMILIES: readonly FamilyModule[] = [
  workforceFamily,
  accessFamily,
  legacyFamily,
  eventsFamily,
];
