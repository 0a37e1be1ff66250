// Every operation of the events spec, callable by operationId with wire-shaped arguments (see
// `OperationCatalog` in @x/runtime/internal): what the command line and the MCP server use, derived
// from the spec's facts (`generated/operations.ts`) and one description per operation.
import { type OperationCatalog, operationCatalog } from '@x/runtime/internal';
import type { EventsClient } from './client.js';
import { OPERATION_FACTS } from './generated/operations.js';
import type { operations } from './generated/schema.js';

/** The events client has no scope methods and no header options. */
const SHAPE = { scopes: {}, fixed: [], headerOptions: {} } as const;

export const EVENTS_OPERATIONS: OperationCatalog<EventsClient, operations> =
  /* @__PURE__ */ operationCatalog<EventsClient, operations>()(OPERATION_FACTS, SHAPE, {
    listEvents: { resource: [], method: 'list' },
  });
