// The emulator a conformance story runs against: started fresh per language and mode on a free
// port (`port: 0`), as published ('normal') or in tolerance mode, where every
// `x-extensible-enum` field carries a value no list names and every response object one property
// no schema declares. Tolerance is switched on through the control surface (`PUT
// /_emulator/unknowns`), the way any team's test harness would tell a running emulator.
import { type Emulator, startEmulator } from '@x/emulator';
import { type StoryMode, type StoryTarget, storyEnv } from './story.js';

/** A running story emulator and the target its tests read; `stop()` ends it. */
export interface StoryEmulator {
  target: StoryTarget;
  emulator: Emulator;
  stop(): Promise<void>;
}

/** Starts a fresh emulator on a free loopback port in `mode` and names it for the story's runner. */
export async function startStoryEmulator(mode: StoryMode): Promise<StoryEmulator> {
  const emulator = await startEmulator({ port: 0 });
  try {
    if (mode === 'tolerance') await switchOnUnknowns(emulator);
  } catch (error) {
    await emulator.stop();
    throw error;
  }
  return {
    emulator,
    target: {
      mode,
      env: storyEnv({ urls: { ...emulator.urls }, credentials: { ...emulator.credentials } }, mode),
    },
    stop: () => emulator.stop(),
  };
}

/** `PUT /_emulator/unknowns {enums, fields}`, and checks the emulator says both are on. */
async function switchOnUnknowns(emulator: Emulator) {
  const response = await fetch(`${emulator.urls.control}/unknowns`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      ...(emulator.controlKey ? { 'x-emulator-control-key': emulator.controlKey } : {}),
    },
    body: JSON.stringify({ enums: true, fields: true }),
  });
  const body = (await response.json()) as unknown;
  if (!response.ok || JSON.stringify(body) !== JSON.stringify({ enums: true, fields: true }))
    throw new Error(
      `the emulator did not switch tolerance mode on: ${response.status} ${JSON.stringify(body)}`,
    );
}
