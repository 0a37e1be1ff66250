// The pass/fail limits of `pnpm generators`, committed in thresholds.json so they can only be
// tightened on purpose: per language and family, the most unexplained warnings (those with no
// reason in `warningReasons`; openapi-generator repeats its notices a varying number of times)
// and anonymous names allowed, and the cells known not to build, with the reason. A known failure that
// builds fails the test until the file says `true`, so that list never goes stale.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { config } from './toolchain.js';

export interface Limit {
  /** Unexplained warnings: those no `warningReasons` entry explains. */
  warnings: number;
  anonymousNames: number;
  /** `true`, or why it does not build yet. */
  builds: true | string;
}

export interface Thresholds {
  cells: Record<string, Limit>;
  /** Text of a warning → why it is left. */
  warningReasons: Record<string, string>;
}

export const loadThresholds = (): Thresholds =>
  JSON.parse(readFileSync(join(config, 'thresholds.json'), 'utf8')) as Thresholds;
