// Every failure of a tool as a tool error the agent can act on: what failed (status, code,
// message, the platform's request id), which fields were wrong, what a batch did before it
// failed, and whether trying again may help. Nothing here throws: a failure never ends the
// server.
import {
  ApiError,
  BadRequestError,
  ConfigurationError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  SdkError,
  ServerError,
  TimeoutError,
  ValidationError,
} from '@x/runtime';
import type { JsonObject } from '../spec/json.js';
import type { InputViolation } from '../tools/validate.js';

/** A failure, ready to be sent as a tool error. */
export interface ToolFailure {
  readonly summary: string;
  readonly data: { readonly error: JsonObject };
}

/** Arguments refused by the tool's input schema; nothing was sent. */
export function invalidInput(tool: string, violations: readonly InputViolation[]): ToolFailure {
  const list = violations.map((v) => `${v.field} ${v.description}`).join('; ');
  return {
    summary: `${tool}: invalid arguments, nothing was sent: ${list}.`,
    data: {
      error: {
        type: 'InvalidArguments',
        message: `invalid arguments: ${list}`,
        field_violations: violations.map((v) => ({ field: v.field, description: v.description })),
        retryable: false,
      },
    },
  };
}

/** A tool that exists but that the server's flags do not allow. */
export function notAllowed(tool: string, flags: readonly string[]): ToolFailure {
  const needed = flags.join(' and ');
  return {
    summary: `${tool} is not enabled: the operator must restart the server with ${needed}.`,
    data: {
      error: {
        type: 'NotAllowed',
        message: `${tool} changes the platform and this server runs without ${needed}`,
        required_flags: [...flags],
        retryable: false,
      },
    },
  };
}

/** A tool name the server does not have. */
export function unknownTool(tool: string): ToolFailure {
  return {
    summary: `There is no tool ${tool}; search_tools finds the right one.`,
    data: { error: { type: 'UnknownTool', message: `no tool named ${tool}`, retryable: false } },
  };
}

/** Any error a tool threw, as a tool error. */
export function failureOf(tool: string, error: unknown): ToolFailure {
  const out: JsonObject = {};
  if (error instanceof ApiError) {
    out.type = error.name;
    out.status = error.status;
    if (error.code !== undefined) out.code = error.code;
    out.message = error.message;
    if (error.requestId !== undefined) out.request_id = error.requestId;
    if (error instanceof BadRequestError && error.fieldViolations.length > 0)
      out.field_violations = error.fieldViolations;
    if (error instanceof NotFoundError && error.resourceInfo) out.resource = error.resourceInfo;
    if (error.scim) out.scim = error.scim;
    if (error instanceof RateLimitError && error.resetSeconds !== undefined)
      out.retry_after_seconds = error.resetSeconds;
    out.retryable = error instanceof RateLimitError || error instanceof ServerError;
  } else if (error instanceof ValidationError) {
    out.type = error.name;
    out.message = error.message;
    out.field_violations = [{ field: error.field, description: error.message }];
    out.retryable = false;
  } else if (error instanceof ConfigurationError) {
    out.type = error.name;
    out.message = error.message;
    out.missing = [...error.missing];
    out.retryable = false;
  } else if (error instanceof SdkError) {
    out.type = error.name;
    out.message = error.message;
    out.retryable = error instanceof ConnectionError || error instanceof TimeoutError;
  } else {
    // A defect of this server or a dependency: say so, without a stack.
    out.type = 'InternalError';
    out.message = error instanceof Error ? error.message : String(error);
    out.retryable = false;
  }
  if (error instanceof SdkError && error.batch) {
    // What a batch did before it failed: the agent must not redo what succeeded.
    out.batch = {
      succeeded_ids: [...error.batch.succeededIds],
      failed_ids: [...error.batch.chunkIds],
      pending_ids: [...error.batch.pendingIds],
    };
  }
  const status = typeof out.status === 'number' ? ` ${out.status}` : '';
  const id =
    typeof out.request_id === 'string' && !String(out.message).includes(out.request_id)
      ? ` (request id ${out.request_id})`
      : '';
  const violations = Array.isArray(out.field_violations)
    ? `; fields: ${(out.field_violations as { field?: string }[]).map((v) => v.field).join(', ')}`
    : '';
  return {
    summary: `${tool} failed: ${String(out.type)}${status}: ${String(out.message)}${violations}${id}`,
    data: { error: out },
  };
}
