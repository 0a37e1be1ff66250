// Every operation of the events spec, callable by operationId with wire-shaped arguments (see
// `OperationCatalog` in @x/runtime/internal): what the command line and the MCP server use.
import { type OperationCatalog, paramsFromWire } from '@x/runtime/internal';
import type { EventsClient } from './client.js';
import type { operations } from './generated/schema.js';
import { type EventListParams, LIST_PARAMS } from './list-params.js';

export const EVENTS_OPERATIONS: OperationCatalog<EventsClient, operations> = {
  listEvents: {
    effect: 'read',
    resource: [],
    method: 'list',
    list: (client, { query }, options) =>
      client.list(paramsFromWire<EventListParams>(query, LIST_PARAMS), options),
  },
};
