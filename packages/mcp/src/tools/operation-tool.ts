// The tool of one catalog operation: named from the catalog, description and input schema from
// the spec, effect the stricter of the two, and a run that calls through the catalog (so the
// family's own checks, paging and batching apply) and pages one page at a time.
import { type PagePosition, PagingLoopError } from '@x/runtime';
import type { SpecOperation } from '@x/specs';
import { type AnyCatalogEntry, callEntry, listEntry } from '../config/catalog.js';
import type { FamilyName } from '../config/families.js';
import { pageSummary, resultSummary } from '../results/summary.js';
import { isObject, type JsonObject } from '../spec/json.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { describeTool } from './describe.js';
import { annotationsOf, specEffect, stricter } from './effect.js';
import { operationInput } from './operation-input.js';
import type { Tool } from './tool.js';

/** Everything an operation's tool is made from. */
export interface OperationToolSource {
  /** The tool's name (`toolName` of the entry, unless two entries would share it). */
  readonly name: string;
  readonly family: FamilyName;
  readonly doc: JsonObject;
  readonly op: SpecOperation;
  readonly entry: AnyCatalogEntry;
  /** The family's client, handed to the catalog entry. */
  readonly client: unknown;
  /** Arguments the server fills from its configuration, by wire name. */
  readonly fixed: Readonly<Record<string, string>>;
  /** Whether the operation is a POST that only reads (see `FamilySource.postQueries`). */
  readonly postQuery: boolean;
  /** Parameters left out of the tool, and why (said in the description). */
  readonly hidden: { readonly names: readonly string[]; readonly reason: string } | undefined;
}

/** The tool of a catalog operation. */
export function operationTool(source: OperationToolSource): Tool {
  const { name, family, doc, op, entry, client } = source;
  const effect = stricter(entry.effect, source.postQuery ? 'read' : specEffect(op));
  const input = operationInput(
    doc,
    op,
    source.fixed,
    entry.list !== undefined,
    source.hidden?.names,
  );
  const title = op.summary ?? op.operationId;
  const description = [
    describeTool({
      summary: title,
      description: op.description,
      effect,
      needs: input.needs,
      paged: input.paged,
    }),
    ...(source.hidden
      ? [`Leaves out ${source.hidden.names.join(', ')}: ${source.hidden.reason}.`]
      : []),
  ].join('\n');

  return {
    name,
    family,
    operationId: op.operationId,
    title,
    description,
    effect,
    resource: entry.resource,
    inputSchema: input.schema,
    annotations: annotationsOf(title, effect, op, true),
    async run(args, { signal }) {
      const cursor = typeof args.cursor === 'string' ? args.cursor : undefined;
      const position: PagePosition | undefined =
        cursor === undefined ? undefined : decodeCursor(name, cursor);
      const wire = input.wire(args, position);
      if (entry.list) {
        const page = await listEntry(entry, client, wire, { signal, maxPages: 1 });
        if (page.next !== undefined && page.next === position && typeof position === 'string')
          // A server that hands back the token it was given would have the agent page forever.
          throw new PagingLoopError(
            'the platform sent back the same page token; this list cannot go further',
            {
              request: page.response.request,
            },
          );
        const total = totalOf(page.raw);
        const data: JsonObject = {
          items: [...page.items],
          ...(page.next === undefined ? {} : { next_cursor: encodeCursor(name, page.next) }),
          ...(total === undefined ? {} : { total }),
        };
        return {
          data,
          summary: pageSummary(title, page.items.length, total, page.next !== undefined),
        };
      }
      const result = await callEntry(entry, client, wire, { signal });
      const data: JsonObject =
        result === undefined ? { done: true } : isObject(result) ? result : { result };
      return { data, summary: resultSummary(title, result) };
    },
  };
}

/** The total a page states (`total_size` of family W, `totalResults` of SCIM). */
function totalOf(raw: unknown): number | undefined {
  if (!isObject(raw)) return undefined;
  const total = raw.total_size ?? raw.totalResults;
  return typeof total === 'number' ? total : undefined;
}
