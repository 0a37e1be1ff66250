// The tests every family with sub-resources shares (`parent.child.verb(parentId, …)`): each child
// verb sends its request under the parent it names, a bad parent id rejects the call (never a
// synchronous throw) naming the argument, and each 0.2 entry point still works, reported once per
// client as a `deprecation` event, while the new calls report nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { type JsonFake, startJsonFake } from './json-fake.js';

/** An event a client reports (`onEvent`); only deprecations are read here. */
type ReportedEvent = { readonly type: string };
/** A deprecation event's members. */
type Deprecation = { readonly name: string; readonly replacement: string };

/** A child verb: its name, a call of it under `parent`, the request it sends (`P` for the parent) and the argument naming the parent. */
export type ChildVerb<Target> = [
  name: string,
  call: (target: Target, parent: string) => PromiseLike<unknown>,
  request: string,
  argument: string,
];

/** A 0.2 entry point: its name, the call that replaces it, a call of it and the request both send. */
export type OldEntryPoint<Target> = [
  name: string,
  replacement: string,
  call: (target: Target) => PromiseLike<unknown>,
  request: string,
];

/** A family's sub-resources, as the shared suite tests them. */
export interface SubResourceSuite<Target> {
  /** A new client on `baseUrl` reporting to `onEvent`, as the target the calls take (a client, or one of its realms). */
  target(baseUrl: string, onEvent: (event: ReportedEvent) => void): Target;
  /** The error class a bad parent id rejects with. */
  validationError: abstract new (
    ...args: never[]
  ) => Error & { field: string };
  verbs: readonly ChildVerb<Target>[];
  aliases: readonly OldEntryPoint<Target>[];
  /** What the 0.2 names are called in the test titles: "methods", "entry points". */
  oldNames: string;
}

/** A fake answering `{}` to every request, the requests it saw, and targets that report to one event list. */
export interface SubResourceFake<Target> {
  target: Target;
  /** Another client's target, on the same fake and event list. */
  other(): Target;
  sent: string[];
  /** The deprecation events so far, as `name -> replacement`. */
  deprecations(): string[];
}

/** Starts a fake for `suite`; it is closed after the test. */
export type StartSubResourceFake<Target> = () => Promise<SubResourceFake<Target>>;

/**
 * Defines the shared describe blocks for `suite`, and returns the fake they use, for a family's
 * own tests beside them.
 */
export function describeSubResources<Target>(
  suite: SubResourceSuite<Target>,
): StartSubResourceFake<Target> {
  let server: JsonFake | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const fake: StartSubResourceFake<Target> = async () => {
    const sent: string[] = [];
    const started = await startJsonFake(({ method, url }) => {
      sent.push(`${method} ${url.pathname}`);
      return { status: 200, body: {} };
    });
    server = started;
    const events: ReportedEvent[] = [];
    const other = () => suite.target(started.url, (event) => events.push(event));
    const deprecations = () =>
      events.flatMap((e) => {
        if (e.type !== 'deprecation') return [];
        const { name, replacement } = e as unknown as Deprecation;
        return [`${name} -> ${replacement}`];
      });
    return { target: other(), other, sent, deprecations };
  };

  describe('parent.child.verb(parentId, …)', () => {
    it.each(suite.verbs)(
      '%s sends its request under the parent it names',
      async (_name, call, request) => {
        const { target, sent } = await fake();
        await call(target, 'p-1');
        expect(sent).toEqual([request.replace('/P', '/p-1')]);
      },
    );

    it.each(suite.verbs)(
      '%s rejects a blank parent id, naming it',
      async (_name, call, _request, argument) => {
        const { target, sent } = await fake();
        for (const bad of ['', ' ', undefined, 7]) {
          let result: PromiseLike<unknown> | undefined;
          expect(() => {
            result = call(target, bad as never);
          }).not.toThrow();
          const error = await Promise.resolve(result).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(suite.validationError);
          expect((error as { field?: unknown }).field).toBe(argument);
        }
        expect(sent).toEqual([]);
      },
    );
  });

  describe(`0.2's ${suite.oldNames}`, () => {
    it.each(suite.aliases)(
      '%s still works, reported once per client as a deprecation naming %s',
      async (name, replacement, call, request) => {
        const { target, other, sent, deprecations } = await fake();
        await call(target);
        await call(target);
        expect(sent).toEqual([request, request]);
        expect(deprecations()).toEqual([`${name} -> ${replacement}`]);
        // Another client reports it again, once.
        const second = other();
        await call(second);
        await call(second);
        expect(deprecations()).toEqual([`${name} -> ${replacement}`, `${name} -> ${replacement}`]);
      },
    );

    it('the new calls report nothing', async () => {
      const { target, deprecations } = await fake();
      for (const [, call] of suite.verbs) await call(target, 'p-1');
      expect(deprecations()).toEqual([]);
    });
  });

  return fake;
}
