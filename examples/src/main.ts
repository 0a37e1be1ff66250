// The demo: one story across the four families against the stateful emulator, where every output
// depends on the calls before it. It starts the emulator on a free loopback port, configures each
// client from the environment variables the emulator's credentials give (the same `fromEnv` an app
// uses), follows the story's own events while it runs, and stops everything. Run it with
// `pnpm demo`; it exits non-zero if any step fails.
import { startEmulator } from '@x/emulator';
import { accessChapter } from './access.story.js';
import { eventsChapter, followStory } from './events.story.js';
import { legacyChapter } from './legacy.story.js';
import type { Story } from './story.js';
import { workforceChapter } from './workforce.story.js';

const emulator = await startEmulator({ port: 0 });
console.log(
  `emulator serving on ${new URL(emulator.urls.workforce).origin} (page: ${emulator.urls.control})`,
);
const story: Story = {
  emulator,
  clientOptions: {},
  env: emulator.env,
  show(label, value) {
    console.log(`  ${label}:`, typeof value === 'string' ? value : JSON.stringify(value));
  },
};
const follower = followStory(story);
let failed = false;
try {
  for (const [title, chapter] of [
    ['workforce: a user from hire to offboarding', workforceChapter],
    ['access: a realm, an enrolled identity, a role, a revoked token', accessChapter],
    ['legacy: create and recover, by e-mail', legacyChapter],
    ['events: what the story recorded', eventsChapter],
  ] as const) {
    console.log(`\n=== ${title} ===`);
    await chapter(story);
  }
} catch (error) {
  failed = true;
  console.error('\nthe story stopped:', error);
} finally {
  await follower.stop();
  await emulator.stop();
  console.log('\nemulator stopped');
}
process.exitCode = failed ? 1 : 0;
