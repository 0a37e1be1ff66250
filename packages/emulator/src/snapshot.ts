// Snapshots: the whole state and the clock as versioned JSON, so a test can save and restore a
// scene and the bin can persist its data between runs.
import type { ClockState } from './clock.js';
import { withoutPrototypes } from './records.js';
import type { EmulatorState } from './state.js';

/** Format marker and version of a snapshot. */
export const SNAPSHOT_FORMAT = 'x-emulator-snapshot';
export const SNAPSHOT_VERSION = 1;

/** A JSON-serialisable copy of an emulator's state. */
export interface EmulatorSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  clock: ClockState;
  state: EmulatorState;
}

/** A deep copy through JSON: snapshots never share objects with the live state. */
export const copyJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Checks a value read from JSON and returns it as a snapshot (a deep copy). */
export function parseSnapshot(value: unknown): EmulatorSnapshot {
  const s = value as Partial<EmulatorSnapshot> | null;
  if (!s || typeof s !== 'object' || s.format !== SNAPSHOT_FORMAT)
    throw new TypeError(`not an emulator snapshot (format must be ${SNAPSHOT_FORMAT})`);
  if (s.version !== SNAPSHOT_VERSION)
    throw new TypeError(
      `unsupported snapshot version ${String(s.version)} (this emulator reads ${SNAPSHOT_VERSION})`,
    );
  const state = s.state as Partial<EmulatorState> | undefined;
  const clock = s.clock as Partial<ClockState> | undefined;
  if (
    !state ||
    typeof state.seq !== 'number' ||
    typeof state.signing_key !== 'string' ||
    typeof state.workforce !== 'object' ||
    typeof state.events !== 'object' ||
    !Array.isArray(state.outbox) ||
    !clock ||
    typeof clock.now !== 'number'
  )
    throw new TypeError('the snapshot is incomplete');
  const copy = copyJson(s as EmulatorSnapshot);
  withoutPrototypes(copy.state);
  return copy;
}
