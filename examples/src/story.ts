// What every chapter of the demo gets: the emulator, the environment an app would be configured
// from, and a way to print.
import type { Emulator } from '@x/emulator';
import type { FetchLike } from '@x/workforce';

export interface Story {
  readonly emulator: Emulator;
  /**
   * Options every client of the story is made with: none over a port (the demo), or the
   * emulator's in-process `fetch` (the workflow tests).
   */
  readonly clientOptions: { fetch?: FetchLike };
  /** The `X_*` variables each family's `fromEnv()` reads, for the emulator's seeded tenants. */
  readonly env: StoryEnv;
  /** Prints a labelled value. */
  show(label: string, value: unknown): void;
}

/** The environment an app would set to reach the emulator's seeded tenants. */
export type StoryEnv = Emulator['env'];

/** A call of the emulator's control surface (what a person clicking an enrolment link does). */
export async function control(story: Story, path: string, body: unknown = {}): Promise<unknown> {
  const send = story.clientOptions.fetch ? story.emulator.fetch : fetch;
  const response = await send(`${story.emulator.urls.control}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${path} answered ${response.status}`);
  return response.json();
}

/** Fails the story when what it expected did not happen. */
export function expectThat(condition: boolean, what: string): void {
  if (!condition) throw new Error(`expected ${what}`);
}
