// A local token endpoint that counts its requests: what "one token per fleet" is measured by.
import { createServer, type Server } from 'node:http';

/** A running fake token endpoint. */
export interface TokenServer {
  readonly url: string;
  /** How many token requests it answered. */
  readonly requests: () => number;
  close(): Promise<void>;
}

/** Answers each POST with `token-<n>` living `expiresIn` seconds. */
export async function startTokenServer(expiresIn: number): Promise<TokenServer> {
  let count = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          access_token: `token-${count}`,
          token_type: 'Bearer',
          expires_in: expiresIn,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v2/oauth2/token`,
    requests: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
