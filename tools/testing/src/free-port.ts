// A loopback port for a server the tests start themselves (Prism, redis-server, a local registry).
import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago (the caller retries on a clash). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
