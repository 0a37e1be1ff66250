// Every generated command without a required body reaches its request with --dry-run: the
// command line fills the family's context (tenant, realm, also in a server's URL) and the
// catalog entry builds the call, with nothing sent.
import { describe, expect, it } from 'vitest';
import { familyCatalog } from '../src/catalog.js';
import { FAMILIES } from '../src/families.js';
import { deriveCommands } from '../src/tree/derive.js';
import { emulatorEnv, inProcessEmulator, runCli } from './helpers.js';

describe('--dry-run on every command', () => {
  it('builds the request of every operation that needs no body', async () => {
    const emulator = await inProcessEmulator();
    const failures: string[] = [];
    let count = 0;
    for (const family of FAMILIES) {
      const catalog = await familyCatalog(family);
      if (!catalog) continue;
      for (const cmd of deriveCommands(family, catalog).commands) {
        if (cmd.op.body?.required) continue;
        const ids = cmd.positionals.map((p) => `${p.arg}-1`);
        const required = cmd.flags
          .filter((f) => f.required && f.location !== 'body')
          .flatMap((f) => [
            `--${f.flag}`,
            Array.isArray(f.schema.enum) ? String(f.schema.enum[0]) : 'x',
          ]);
        const r = await runCli(['--dry-run', family.name, ...cmd.words, ...ids, ...required], {
          env: emulatorEnv(emulator),
        });
        count++;
        const line = r.stdout.split('\n')[0] ?? '';
        if (
          r.code !== 0 ||
          !/^(GET|POST|PUT|PATCH|DELETE) http/.test(line) ||
          /undefined/.test(line)
        )
          failures.push(
            `${family.name} ${cmd.words.join(' ')}: ${r.code} ${line} ${r.stderr.trim()}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(50);
  }, 60_000);
});
