// The Redis of one fleet suite: a real server (`startRedis` of @x/testing) started before the
// suite and stopped after it, and every fleet or resource a test opened closed after that test.
import { connectFleet, type Fleet, type FleetOptions } from '@x/fleet';
import { type RedisServer, startRedis } from '@x/testing';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Something a test opened and the fixture closes after it. */
export interface Closable {
  close(): Promise<void>;
}

/** A suite's Redis server and what its tests opened on it. */
export interface SuiteRedis {
  /** The running server (from the suite's `beforeAll` on). */
  readonly server: RedisServer;
  /** Its URL, with the password when the suite set one. */
  readonly url: string;
  /** One process's fleet on this server (its own connection), closed after the test. */
  connect(options?: Omit<FleetOptions, 'url'>): Promise<Fleet>;
  /** Closes `resource` after the test (before the next one starts). */
  closeAfterTest<T extends Closable>(resource: T): T;
}

/** Registers the suite's hooks; call it at the top level of a test file. */
export function suiteRedis(options: { password?: string } = {}): SuiteRedis {
  let server: RedisServer | undefined;
  const opened: Closable[] = [];
  beforeAll(async () => {
    server = await startRedis(options);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((resource) => resource.close()));
  });
  afterAll(async () => {
    await server?.stop();
  });
  const running = () => {
    if (!server) throw new Error('the suite Redis is not started yet (used outside a test?)');
    return server;
  };
  return {
    get server() {
      return running();
    },
    get url() {
      return running().url;
    },
    async connect(fleetOptions = {}) {
      const fleet = await connectFleet({ ...fleetOptions, url: running().url });
      opened.push(fleet);
      return fleet;
    },
    closeAfterTest(resource) {
      opened.push(resource);
      return resource;
    },
  };
}
