// A forward proxy for the tests of proxy support: it tunnels HTTP CONNECT requests on a loopback
// port and records what went through it, so a test can tell a request that travelled through the
// proxy from one sent directly.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

/** A running forward proxy and what it saw. */
export interface ConnectProxy {
  /** `http://127.0.0.1:<port>`: what `HTTP_PROXY` or a ProxyAgent is given. */
  url: string;
  /** Each CONNECT request's target (`host:port`), in order. */
  targets: string[];
  /** The request lines (`GET /path`) of the plain-HTTP requests sent through its tunnels. */
  tunnelled: string[];
  /** Closes the proxy and every tunnel it holds. */
  close(): Promise<void>;
}

/** Starts a CONNECT proxy on a free loopback port; anything but CONNECT is answered 405. */
export async function startConnectProxy(): Promise<ConnectProxy> {
  const targets: string[] = [];
  const tunnelled: string[] = [];
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((_req, res) => {
    res.writeHead(405).end();
  });
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    targets.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.on('data', (chunk: Buffer) => {
        for (const m of chunk.toString('latin1').matchAll(/^([A-Z]+) (\S+) HTTP\/1\.1$/gm))
          tunnelled.push(`${m[1]} ${m[2]}`);
      });
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('no proxy address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    targets,
    tunnelled,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
