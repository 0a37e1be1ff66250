// What the harness tells the story (tools/generators/src/story.ts, `storyEnv`).
export function env(name: string): string {
  const value = process.env[`X_STORY_${name}`];
  if (!value) throw new Error(`X_STORY_${name} is not set: run the story from pnpm generators`);
  return value;
}

/** 'tolerance': the emulator puts unknown enum values and unknown properties into responses. */
export const tolerance = () => env('MODE') === 'tolerance';

/** A value for names that no earlier run of this story used (one emulator per run). */
export const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Basic credentials as hey-api's `auth` callback gives them (it base64-encodes `id:secret`). */
export const basic = (clientId: string, clientSecret: string) => `${clientId}:${clientSecret}`;
