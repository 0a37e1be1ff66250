// A tool of the server: its listing (name, description, input schema, annotations), the effect
// the safety policy checks, the words the tool search ranks, and what it does.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { OperationEffect } from '@x/runtime/internal';
import type { FamilyName } from '../config/families.js';
import type { JsonObject } from '../spec/json.js';

/** What a tool gives back: structured content, and one line that says what happened. */
export interface ToolOutput {
  readonly data: JsonObject;
  readonly summary: string;
}

/** What a tool receives beside its arguments. */
export interface ToolRunContext {
  /** Fires when the client cancels the call or the server shuts down. */
  readonly signal: AbortSignal;
}

/** One tool. */
export interface Tool {
  readonly name: string;
  /** The family it calls; undefined for the server's own tools (the tool search). */
  readonly family: FamilyName | undefined;
  /** The spec operation it calls, when it calls one. */
  readonly operationId: string | undefined;
  readonly title: string;
  readonly description: string;
  readonly effect: OperationEffect;
  /** Its toolset when not the one its resource path gives (see toolsets.ts). */
  readonly toolset?: string | undefined;
  /** The resource words it acts on (`groups`, `members`), for the tool search. */
  readonly resource: readonly string[];
  readonly inputSchema: JsonObject;
  readonly annotations: ToolAnnotations;
  /** Runs the tool with arguments already validated against `inputSchema`. */
  run(args: JsonObject, context: ToolRunContext): Promise<ToolOutput>;
  /**
   * For a tool that runs another (`invoke_operation`): the tool to run and its arguments. The
   * server then checks and runs that tool exactly as a call by its name (`dispatch`).
   */
  readonly redirect?: ((args: JsonObject) => { name: string; args: unknown }) | undefined;
}
