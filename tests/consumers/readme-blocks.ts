// A family README's "Everyday tasks" block as a module a consumer project can compile and run:
// its imports first, the rest inside `everydayTasks(…givens)`. Its free names are the family's
// client (made with `fromEnv()`), `realm` (family A), `signal`, and ids (`…Id: string`, `…Ids:
// string[]`), which the caller supplies. Shared by the compile check (readme-tasks.test.ts) and
// the release rehearsal, which runs the blocks against the emulator.
import type { Family } from './lib.js';

/** The first ```ts block under `## Everyday tasks` of a README. */
export function everydayBlock(readme: string): string {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Everyday tasks'));
  const block = section && /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('no ```ts block under "## Everyday tasks"');
  return block;
}

/** The block as a module, and the parameters of its `everydayTasks` in order (`name: type`). */
export function taskParts(family: Family, block: string): { module: string; givens: string[] } {
  const lines = block.split('\n');
  const imports: string[] = [];
  const body: string[] = [];
  let inImport = false;
  for (const line of lines) {
    if (inImport || /^import\b/.test(line)) {
      imports.push(line);
      inImport = !/;\s*$/.test(line);
    } else body.push(line);
  }
  const code = body.join('\n');
  const declared = new Set(
    [
      ...code.matchAll(
        /\b(?:const|let|var|function)\s+(\w+)|\bof\s+\w+|\(\s*(\w+)\s*\)\s*=>|for\s*\(\s*const\s+(\w+)/g,
      ),
    ].flatMap((m) => m.slice(1).filter((x): x is string => Boolean(x))),
  );
  // Free names only: not a property read (`response.requestId`) nor an object key (`groupIds: […]`).
  const ids = [
    ...new Set([...code.matchAll(/(?<!\.)\b([a-z]\w*Ids?)\b(?!\s*:)/g)].map((m) => m[1]!)),
  ].filter((name) => !declared.has(name));
  const givens = [
    ...ids.map((name) => `${name}: ${name.endsWith('Ids') ? 'string[]' : 'string'}`),
    'signal: AbortSignal',
  ];
  const client = family;
  const realm =
    family === 'access' && !declared.has('realm') ? '  const realm = access.realm(realmId);\n' : '';
  if (realm && !ids.includes('realmId')) givens.unshift('realmId: string');
  const module = `${imports.join('\n')}
import { fromEnv as readmeClient } from '@x/${family}';

export async function everydayTasks(${givens.join(', ')}): Promise<void> {
  const ${client} = readmeClient();
${realm}  void signal;
${code.replace(/^/gm, '  ')}
}
`;
  return { module, givens };
}

/** The block as a module (see `taskParts`). */
export const taskModule = (family: Family, block: string) => taskParts(family, block).module;
