// The control surface under `/_emulator`: reset, snapshot, restore, clock, faults, rate limits,
// tolerance mode (unknowns), outbox, the families' own routes (claim and complete a binding job,
// ...) and the HTML page.
import { Hono, type MiddlewareHandler } from 'hono';
import type { FaultOptions, RateLimitOptions } from '../options.js';
import type { UnknownsOptions } from '../tolerance/unknowns.js';
import { renderPage } from './page.js';

/** What the control surface drives. */
export interface ControlTarget {
  reset(): void;
  snapshot(): unknown;
  restore(snapshot: unknown): void;
  advanceClock(ms: number): number;
  clock(): { now: number; frozen: boolean };
  setFaults(options: FaultOptions | undefined): void;
  faults(): FaultOptions;
  setRateLimits(options: RateLimitOptions | undefined): void;
  rateLimits(): RateLimitOptions | undefined;
  setUnknowns(options: UnknownsOptions | undefined): void;
  unknowns(): Required<UnknownsOptions>;
  outbox(): unknown[];
  clearOutbox(): void;
  info(): unknown;
  page(): Parameters<typeof renderPage>[0];
}

const problem = (error: unknown) => ({
  error: error instanceof Error ? error.message : String(error),
});

/**
 * The control routes, to mount at `/_emulator`, every one behind `guard` (the control key's
 * middleware, `controlGuard`), the families' routes added by `extend` included.
 */
export function controlRoutes(
  target: ControlTarget,
  extend: (app: Hono) => void,
  guard: MiddlewareHandler,
): Hono {
  const app = new Hono();
  app.use('*', guard);
  const json = async (c: { req: { json(): Promise<unknown> } }) =>
    c.req.json().catch(() => undefined);

  app.get('/', (c) => {
    const clock = target.clock();
    return c.html(renderPage(target.page(), new Date(clock.now).toISOString()));
  });
  app.get('/info', (c) => c.json(target.info() as object));
  app.post('/reset', (c) => {
    target.reset();
    return c.json({ ok: true });
  });
  app.get('/snapshot', (c) => c.json(target.snapshot() as object));
  app.post('/restore', async (c) => {
    try {
      target.restore(await json(c));
      return c.json({ ok: true });
    } catch (error) {
      return c.json(problem(error), 400);
    }
  });
  app.get('/clock', (c) => {
    const clock = target.clock();
    return c.json({ ...clock, iso: new Date(clock.now).toISOString() });
  });
  app.post('/clock', async (c) => {
    const body = (await json(c)) as { advanceMs?: unknown } | undefined;
    try {
      const now = target.advanceClock(Number(body?.advanceMs));
      return c.json({ now, iso: new Date(now).toISOString() });
    } catch (error) {
      return c.json(problem(error), 400);
    }
  });
  app.get('/faults', (c) => c.json(target.faults()));
  app.put('/faults', async (c) => {
    try {
      target.setFaults((await json(c)) as FaultOptions);
      return c.json(target.faults());
    } catch (error) {
      return c.json(problem(error), 400);
    }
  });
  app.delete('/faults', (c) => {
    target.setFaults(undefined);
    return c.json(target.faults());
  });
  app.get('/rate-limits', (c) => c.json({ rateLimits: target.rateLimits() ?? null }));
  app.put('/rate-limits', async (c) => {
    try {
      target.setRateLimits((await json(c)) as RateLimitOptions);
      return c.json({ rateLimits: target.rateLimits() ?? null });
    } catch (error) {
      return c.json(problem(error), 400);
    }
  });
  app.delete('/rate-limits', (c) => {
    target.setRateLimits(undefined);
    return c.json({ rateLimits: null });
  });
  app.get('/unknowns', (c) => c.json(target.unknowns()));
  app.put('/unknowns', async (c) => {
    try {
      const body = await json(c);
      if (body === undefined) throw new Error('unknowns: a JSON body {enums?, fields?} is needed');
      target.setUnknowns(body as UnknownsOptions);
      return c.json(target.unknowns());
    } catch (error) {
      return c.json(problem(error), 400);
    }
  });
  app.delete('/unknowns', (c) => {
    target.setUnknowns(undefined);
    return c.json(target.unknowns());
  });
  app.get('/outbox', (c) => {
    const to = c.req.query('to');
    const kind = c.req.query('kind');
    const messages = (target.outbox() as { to: string; kind: string }[]).filter(
      (m) => (to === undefined || m.to === to) && (kind === undefined || m.kind === kind),
    );
    return c.json({ messages });
  });
  app.delete('/outbox', (c) => {
    target.clearOutbox();
    return c.json({ ok: true });
  });
  extend(app);
  app.notFound((c) => c.json({ error: `no control route ${c.req.method} ${c.req.path}` }, 404));
  return app;
}
