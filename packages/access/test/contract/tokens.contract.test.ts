// Contract tests of an application's tokens against Prism (see test/support/prism.ts).
import { describe } from 'vitest';
import { access, type ContractCase, contractCases } from '../support/prism.js';

const { tokens } = access.realm('realm-1').applications;
const APPLICATION = 'application-1';
// A JWS whose payload is {"jti":"token-7"} (unsigned; revoke only reads the claim).
const jws = `eyJhbGciOiJub25lIn0.${Buffer.from('{"jti":"token-7"}').toString('base64url')}.sig`;

const cases: ContractCase[] = [
  {
    operationId: 'listTokens',
    run: (o) =>
      tokens
        .list(APPLICATION, { principal_type: 'identity', principal_id: 'id-1' }, o)
        .then((page) => page.raw),
    request: {
      path: '/applications/application-1/tokens',
      query: { principal_type: 'identity', principal_id: 'id-1' },
    },
  },
  {
    operationId: 'revokeToken',
    run: (o) => tokens.revoke(APPLICATION, jws, o),
    request: { path: '/applications/application-1/tokens/token-7' },
  },
];

describe('tokens', () => contractCases(['Tokens'], cases));
