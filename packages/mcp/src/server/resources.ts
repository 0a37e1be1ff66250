// The reference documents as MCP resources: the OpenAPI documents the tools are derived from,
// GAPS.md (what the published references leave open and what was decided), and the README of
// each family package and of this server, all as installed beside the server.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { specPath } from '@x/specs';
import type { FamilyName } from '../config/families.js';

/** One reference document. */
export interface ReferenceDocument {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType: string;
  /** The file it is read from. */
  readonly file: () => string;
}

const FAMILIES: readonly FamilyName[] = ['workforce', 'access', 'events', 'legacy'];
const FAMILY_TITLES: Record<FamilyName, string> = {
  workforce: 'workforce admin API and its SCIM server (family W)',
  access: 'access management API (family A)',
  events: 'events export API (family E)',
  legacy: 'legacy user-management API (family L)',
};

/** The directory of an installed package (every package exports its package.json). */
function packageDir(name: string): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve(`${name}/package.json`));
}

/** Every reference document the server offers. */
export function referenceDocuments(): ReferenceDocument[] {
  return [
    ...FAMILIES.map((family) => ({
      uri: `x-mcp://reference/specs/${family}.yaml`,
      name: `spec-${family}`,
      title: `OpenAPI document: ${FAMILY_TITLES[family]}`,
      description: `The OpenAPI 3.1 document of the ${FAMILY_TITLES[family]}: every operation, parameter and schema the ${family}_* tools are derived from.`,
      mimeType: 'application/yaml',
      file: () => specPath(family),
    })),
    {
      uri: 'x-mcp://reference/specs/GAPS.md',
      name: 'spec-gaps',
      title: 'What the published references leave open',
      description:
        'GAPS.md: what the platform references do not publish, where they disagree, and what the specs decided.',
      mimeType: 'text/markdown',
      file: () => join(dirname(specPath('legacy')), 'GAPS.md'),
    },
    ...FAMILIES.map((family) => ({
      uri: `x-mcp://reference/readme/${family}.md`,
      name: `readme-${family}`,
      title: `@x/${family} README`,
      description: `The README of @x/${family}, the SDK package behind the ${family}_* tools: its resources, paging, errors and configuration.`,
      mimeType: 'text/markdown',
      file: () => join(packageDir(`@x/${family}`), 'README.md'),
    })),
    {
      uri: 'x-mcp://reference/readme/mcp.md',
      name: 'readme-mcp',
      title: '@x/mcp README',
      description: "This server's README: its safety model, flags and configuration.",
      mimeType: 'text/markdown',
      file: () => join(packageDir('@x/mcp'), 'README.md'),
    },
  ];
}

/** The text of a reference document. */
export function readDocument(doc: ReferenceDocument): Promise<string> {
  return readFile(doc.file(), 'utf8');
}
