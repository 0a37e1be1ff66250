// Every operation of the legacy spec, callable by operationId with wire-shaped arguments (see
// `OperationCatalog` in @x/runtime/internal): what the command line and the MCP server use.
import type { OperationCatalog } from '@x/runtime/internal';
import type { LegacyClient } from './client.js';
import type { operations } from './generated/schema.js';

export const LEGACY_OPERATIONS: OperationCatalog<LegacyClient, operations> = {
  createLegacyUser: {
    effect: 'write',
    resource: ['users'],
    method: 'create',
    call: (client, { body }, options) => client.users.create(body, options),
  },
  recoverLegacyUser: {
    effect: 'write',
    resource: ['users'],
    method: 'recover',
    call: (client, { body }, options) => client.users.recover(body, options),
  },
};
