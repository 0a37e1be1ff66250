// @x/mcp: an MCP server that lets agents administer the identity platform safely. The `x-mcp`
// command is the usual way in; these exports embed the same server in another process.
export { type CommandLine, parseCommandLine, USAGE } from './cli/args.js';
export { type EmulatorEnvironment, emulatorEnvironment } from './config/emulator.js';
export type { Env, FamilyName } from './config/families.js';
export { type HttpOptions, type HttpServer, serveHttp } from './server/http.js';
export { createMcpServer, type OutputOptions } from './server/mcp-server.js';
export { type Permissions, READ_ONLY } from './server/policy.js';
export {
  createToolSet,
  type FamilyStatus,
  type ToolSet,
  type ToolSetOptions,
} from './server/registry.js';
export {
  LineTransport,
  type LineTransportOptions,
  MAX_STDIO_MESSAGE_BYTES,
} from './server/stdio.js';
export { DEFAULT_TOOLSETS, type ToolSelection } from './server/toolsets.js';
export type { Tool, ToolOutput, ToolRunContext } from './tools/tool.js';
export { VERSION } from './version.js';
