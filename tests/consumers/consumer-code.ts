// What a consumer of each package writes: one call per family against the Prism mock, used by
// the TypeScript, ESM, CommonJS and runtime-matrix consumers alike.
import type { Family } from './lib.js';

export interface ConsumerCase {
  /** Packages the app installs, as the package README says (never @x/runtime: the family re-exports it). */
  install: string[];
  /** Every package that may end up installed (the install plus its dependency closure). */
  expected: string[];
  /** Named imports per package. */
  imports: Record<string, string[]>;
  /** Statements with `baseUrl` in scope; they set `result`. Valid JavaScript and TypeScript. */
  body: string;
  /** A TypeScript line that must not compile, proving the types are real. */
  wrong: string;
}

const closure = ['@x/runtime', '@x/auth', 'openapi-fetch', 'openapi-typescript-helpers', 'undici'];

export const CASES: Record<Family | 'specs', ConsumerCase> = {
  legacy: {
    install: ['@x/legacy', '@x/auth'],
    expected: ['@x/legacy', ...closure],
    imports: {
      '@x/legacy': ['createLegacyClient', 'UnauthorizedError'],
      '@x/auth': ['staticToken'],
    },
    body: `const client = createLegacyClient({ baseUrl, auth: staticToken('consumer-token') });
  const user = await client.users.create({
    external_id: 'crm-1', email: 'ada@example.com', user_name: 'ada', display_name: 'Ada',
  });
  let typedError = '';
  try {
    await createLegacyClient({ baseUrl }).users.recover({ external_id: 'crm-1' });
  } catch (error) {
    if (error instanceof UnauthorizedError) typedError = error.name + ' ' + error.status;
    else throw error;
  }
  result = { family: 'legacy', value: user.external_id, typedError };`,
    wrong: `createLegacyClient({ baseUrl: 'http://x' }).users.create({ external_id: 1 });`,
  },
  workforce: {
    install: ['@x/workforce', '@x/auth'],
    expected: ['@x/workforce', ...closure],
    imports: {
      '@x/workforce': ['createWorkforceClient', 'userFilter', 'ApiError'],
      '@x/auth': ['staticToken'],
    },
    body: `const client = createWorkforceClient({ baseUrl, auth: staticToken('consumer-token') });
  const group = await client.groups.create({ name: 'Engineering', description: 'Staff' });
  const filter = userFilter.username.sw('a').toString();
  result = { family: 'workforce', value: group.id, filter, errorBase: typeof ApiError };`,
    wrong: `userFilter.username.gt(1);`,
  },
  access: {
    install: ['@x/access', '@x/auth'],
    expected: ['@x/access', ...closure],
    imports: {
      '@x/access': ['createAccessClient', 'ApiError'],
      '@x/auth': ['staticToken'],
    },
    body: `const client = createAccessClient({
    baseUrl, scimBaseUrl: baseUrl, tenantId: '9a2f6c1e-3b7d-4e58-a0c4-1d8e5f7b2c90',
    auth: staticToken('consumer-token'),
  });
  const realm = await client.realms.create({ display_name: 'Customers', classification: 'SECURE_CUSTOMER' });
  result = { family: 'access', value: realm.id, errorBase: typeof ApiError };`,
    wrong: `createAccessClient({ baseUrl: 'http://x' });`,
  },
  events: {
    install: ['@x/events', '@x/auth'],
    expected: ['@x/events', ...closure],
    imports: {
      '@x/events': ['createEventsClient', 'queryText', 'ApiError'],
      '@x/auth': ['staticToken'],
    },
    body: `const client = createEventsClient({ baseUrl, auth: staticToken('consumer-token') });
  const page = await client.list({ pageSize: 2, queryText: queryText.any('ada') });
  result = { family: 'events', value: page.items[0]?.id, count: page.items.length, errorBase: typeof ApiError };`,
    wrong: `createEventsClient({ baseUrl: 'http://x' }).list({ pageSize: 'two' });`,
  },
  specs: {
    install: ['@x/specs'],
    expected: ['@x/specs'],
    imports: { '@x/specs': ['specNames', 'specPath'] },
    body: `const file = specPath('legacy', 'json');
  result = { family: 'specs', value: specNames.join(','), file: file.endsWith('legacy.json') };`,
    wrong: `specPath('legacy', 'xml');`,
  },
};

const importList = (c: ConsumerCase, style: 'esm' | 'cjs') =>
  Object.entries(c.imports)
    .map(([pkg, names]) =>
      style === 'esm'
        ? `import { ${names.join(', ')} } from '${pkg}';`
        : `const { ${names.join(', ')} } = require('${pkg}');`,
    )
    .join('\n');

/** An ES module script: `node smoke.mjs <baseUrl>` prints the result as JSON. */
export function esmScript(c: ConsumerCase): string {
  return `${importList(c, 'esm')}
const baseUrl = process.argv[2];
let result;
${c.body.replace(/^ {2}/gm, '')}
console.log(JSON.stringify(result));
`;
}

/** The same as a CommonJS script (`require`). */
export function cjsScript(c: ConsumerCase): string {
  return `'use strict';
${importList(c, 'cjs')}
async function main(baseUrl) {
  let result;
  ${c.body}
  return result;
}
main(process.argv[2]).then((result) => console.log(JSON.stringify(result)), (error) => {
  console.error(error);
  process.exitCode = 1;
});
`;
}

/** A typed module (ESM `.mts`/`.ts` or CommonJS `.cts`, same text) for `tsc --noEmit`. */
export function typedModule(c: ConsumerCase): string {
  return `${importList(c, 'esm')}

export async function main(baseUrl: string): Promise<unknown> {
  let result: Record<string, unknown> = {};
  ${c.body}
  return result;
}

export function mustNotCompile(): void {
  // @ts-expect-error the published types reject this
  ${c.wrong}
}
`;
}
