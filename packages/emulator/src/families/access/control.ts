// Family A's control routes (`/_emulator/access/...`): open a credential binding link, claim
// and complete a credential binding job (which creates the credential and sets `credential_id`).
import type { Hono } from 'hono';
import type { World } from '../types.js';
import { claimJob, completeJob, JobControlError, jobFor, openJob } from './binding-jobs.js';
import { CSR_TYPES, type CsrType } from './credentials.js';

/** Adds the access control routes. */
export function accessControl(app: Hono, world: World) {
  const run = async (
    c: { json(body: unknown, status?: number): Response; req: { json(): Promise<unknown> } },
    action: () => Record<string, unknown>,
  ) => {
    try {
      return c.json(action());
    } catch (error) {
      if (error instanceof JobControlError) return c.json({ error: error.message }, error.status);
      throw error;
    }
  };
  const view = (job: { id: string; state: string; credential_id?: string }) => ({
    id: job.id,
    state: job.state,
    ...(job.credential_id !== undefined ? { credential_id: job.credential_id } : {}),
  });
  // The binding link itself: what the identity's browser opens.
  app.get('/access/bind/:token', (c) =>
    run(c, () => view(openJob(world, jobFor(world, { token: c.req.param('token') })))),
  );
  app.post('/access/credential-binding-jobs/:id/open', (c) =>
    run(c, () => view(openJob(world, jobFor(world, { id: c.req.param('id') })))),
  );
  app.post('/access/credential-binding-jobs/:id/claim', (c) =>
    run(c, () => view(claimJob(world, jobFor(world, { id: c.req.param('id') })))),
  );
  app.post('/access/credential-binding-jobs/:id/complete', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { csr_type?: unknown };
    return run(c, () => {
      // Only a published credential kind: the emulator never answers a value nothing publishes.
      const csrType = body.csr_type;
      if (csrType !== undefined && !(CSR_TYPES as readonly unknown[]).includes(csrType))
        throw new JobControlError(400, `csr_type must be one of ${CSR_TYPES.join(', ')}`);
      const { job } = completeJob(
        world,
        jobFor(world, { id: c.req.param('id') }),
        csrType as CsrType | undefined,
      );
      return view(job);
    });
  });
}
