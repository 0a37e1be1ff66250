// Counts the names a generator made up for shapes the documents left without a name: `Inline…`,
// `…200Response` / `…Response200`, `…Request1`, `Body_…`, `AnyOf…`. Each distinct name counts
// once per generated client. Run alone:
// `pnpm tsx tools/generators/src/anonymous-names.ts <folder> specs/dist/<family>.json`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The shapes of a made-up name. */
export const ANONYMOUS = [
  /\bInline[A-Z0-9_]\w*/g,
  /\b[A-Za-z]\w*?[1-5]\d\d(?:JSON)?Response\w*/g,
  /\b[A-Za-z]\w*?Response[1-5]\d\d\w*/g,
  /\b[A-Za-z]\w*?Request\d+\b/g,
  /\bBody_\w+/g,
  /\bAnyOf\w*/g,
];

/** oapi-codegen's per-status header structs (`…HTTPResponse429Headers`): named by design, not for a shape. */
const STRUCTURAL = /Response[1-5]\d\dHeaders$/;

/**
 * The distinct made-up names in the files under `dir` whose names end with one of `endings`.
 * A name that starts with one of `components` (the document's own schema names, which may look
 * made up: `InlineAuthenticatorConfig` is the platform's "inline" kind) is not counted.
 */
export function anonymousNames(
  dir: string,
  endings: readonly string[],
  components: readonly string[] = [],
): string[] {
  const own = components.filter((name) =>
    ANONYMOUS.some((pattern) => new RegExp(`^(?:${pattern.source})$`).test(name)),
  );
  const names = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true }).map(String)) {
    if (!endings.some((ending) => file.endsWith(ending))) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    for (const pattern of ANONYMOUS)
      for (const [name] of text.matchAll(pattern))
        if (!STRUCTURAL.test(name) && !own.some((c) => name.startsWith(c))) names.add(name);
  }
  return [...names].sort();
}

/** The schema component names of a bundled JSON document. */
export function componentNames(document: string): string[] {
  const doc = JSON.parse(readFileSync(document, 'utf8')) as {
    components?: { schemas?: Record<string, unknown> };
  };
  return Object.keys(doc.components?.schemas ?? {});
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir, document, ...endings] = process.argv.slice(2);
  if (!dir || !document)
    throw new Error('usage: anonymous-names.ts <folder> <document.json> [.ext ...]');
  const names = anonymousNames(
    dir,
    endings.length ? endings : ['.py', '.go', '.java', '.ts'],
    componentNames(document),
  );
  for (const name of names) console.log(name);
  console.log(`${names.length} anonymous name(s)`);
}
