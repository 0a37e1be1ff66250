import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/cli/args.js';

describe('the command line', () => {
  it('is read-only, stdio, loopback and masked by default', () => {
    expect(parseCommandLine([])).toMatchObject({
      allowWrite: false,
      allowDestructive: false,
      revealEnrolmentSecrets: false,
      emulator: false,
      httpPort: undefined,
      host: '127.0.0.1',
      families: undefined,
    });
  });

  it('takes every flag', () => {
    expect(
      parseCommandLine([
        '--allow-write',
        '--allow-destructive',
        '--reveal-enrolment-secrets',
        '--emulator',
        '--http',
        '0',
        '--host',
        '::1',
        '--families',
        'access,events',
      ]),
    ).toMatchObject({
      allowWrite: true,
      allowDestructive: true,
      revealEnrolmentSecrets: true,
      emulator: true,
      httpPort: 0,
      host: '::1',
      families: ['access', 'events'],
    });
  });

  it('refuses destructive without write, and every invalid value', () => {
    expect(() => parseCommandLine(['--allow-destructive'])).toThrow(/--allow-write/);
    expect(() => parseCommandLine(['--http', 'x'])).toThrow(/port/);
    expect(() => parseCommandLine(['--http', '70000'])).toThrow(/port/);
    expect(() => parseCommandLine(['--host', '0.0.0.0'])).toThrow(/--http/);
    expect(() => parseCommandLine(['--families', 'hr'])).toThrow(/workforce/);
    expect(() => parseCommandLine(['--allow-everything'])).toThrow();
  });
});
