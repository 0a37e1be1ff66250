// Reading the Go and Java stories' results: a subtest is a step by its own name, and a step the
// runner never reported (a client that did not compile) is a failure that carries the output.
import { describe, expect, it } from 'vitest';
import { readGoTestJson } from '../src/go.js';
import { storySteps } from '../src/story.js';
import { completeSteps, tail } from '../src/story-results.js';

const event = (fields: Record<string, unknown>) =>
  JSON.stringify({ Time: '2026-11-26T23:00:00Z', Package: 'x/story', ...fields });

describe('go test -json', () => {
  it('reads each subtest of TestStory as the step of its name, with its output on failure', () => {
    const text = [
      event({ Action: 'start' }),
      event({ Action: 'run', Test: 'TestStory' }),
      event({ Action: 'run', Test: 'TestStory/l_create_user' }),
      event({
        Action: 'output',
        Test: 'TestStory/l_create_user',
        Output: '=== RUN   TestStory/l_create_user\n',
      }),
      event({ Action: 'pass', Test: 'TestStory/l_create_user', Elapsed: 0.01 }),
      event({ Action: 'run', Test: 'TestStory/w_get_user' }),
      event({
        Action: 'output',
        Test: 'TestStory/w_get_user',
        Output: '    workforce_test.go:96: state: want "ACTIVE", got X_UNKNOWN_VALUE\n',
      }),
      event({
        Action: 'output',
        Test: 'TestStory/w_get_user',
        Output: '--- FAIL: TestStory/w_get_user (0.00s)\n',
      }),
      event({ Action: 'fail', Test: 'TestStory/w_get_user', Elapsed: 0 }),
      event({ Action: 'fail', Test: 'TestStory', Elapsed: 0.02 }),
      event({ Action: 'output', Output: 'FAIL\tx/story\t0.03s\n' }),
      event({ Action: 'fail', Elapsed: 0.03 }),
    ].join('\n');
    const { steps, output } = readGoTestJson(text);
    expect(steps).toEqual([
      { name: 'l_create_user', ok: true },
      {
        name: 'w_get_user',
        ok: false,
        message: 'workforce_test.go:96: state: want "ACTIVE", got X_UNKNOWN_VALUE',
      },
    ]);
    expect(output).toContain('FAIL\tx/story');
  });

  it('keeps a build failure, which reports no test, as output', () => {
    const { steps, output } = readGoTestJson(
      '# x/story [x/story.test]\nstory/access_test.go:3:2: undefined: access.Realm\n' +
        event({ Action: 'fail', Elapsed: 0 }),
    );
    expect(steps).toEqual([]);
    expect(output).toContain('undefined: access.Realm');
  });
});

describe('steps the runner did not report', () => {
  it('are failures that say why, and every step of every family is there', () => {
    const all = Object.values(storySteps).flat();
    const steps = completeSteps(
      [{ name: 'l_create_user', ok: true }],
      'access-client did not compile',
    );
    expect(steps.map((s) => s.name).sort()).toEqual([...all].sort());
    expect(steps.find((s) => s.name === 'l_create_user')).toEqual({
      name: 'l_create_user',
      ok: true,
    });
    expect(steps.find((s) => s.name === 'a_realm')).toEqual({
      name: 'a_realm',
      ok: false,
      message: 'not reported by the runner: access-client did not compile',
    });
  });

  it('carry the runner output without terminal colour codes', () => {
    expect(tail('\u001b[0m\u001b[0m[ERROR] COMPILATION ERROR\nlast\n', 1)).toBe('last');
    expect(tail('\u001b[1;31m[ERROR]\u001b[m boom')).toBe('[ERROR] boom');
  });
});
