// Prints the surface records (everything but the API reports) as one JSON object,
// `{ "<folder>/<file>": text }`, for tools/release/src/records.mjs. Runs from the packages'
// sources (`node --conditions=@x/source --import tsx`): the CLI tree and the tool list are built
// by code the packages do not export.
import { cliTree } from './cli-tree.js';
import { emulatorSurface } from './emulator.js';
import { envTables } from './env-tables.js';
import { recordText } from './lines.js';
import { mcpTools } from './mcp-tools.js';

const records: Record<string, string> = {};
records['cli/commands.txt'] = recordText('The `xid` command tree', await cliTree());
records['mcp/tools.txt'] = recordText(
  'The MCP tools and their input, the `x-mcp` flags',
  await mcpTools(),
);
for (const [folder, facts] of envTables())
  records[`${folder}/env.txt`] = recordText('The `*_ENV` tables', facts);
records['emulator/surface.txt'] = recordText(
  'The `x-emulator` flags, control routes and response headers',
  emulatorSurface(),
);
process.stdout.write(JSON.stringify(records));
