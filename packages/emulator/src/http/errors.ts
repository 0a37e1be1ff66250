// Failures a handler or the request pipeline raises, and their rendering in each family's error
// format: the W/A envelope `{code, message, details}`, the SCIM error object, or `{message}`.

import type { ErrorStyle } from '../spec/operations.js';
import type { FieldViolation } from '../spec/schemas.js';

/** Lower-case status names used as the envelope's `code`. */
const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  412: 'failed_precondition',
  429: 'too_many_requests',
  500: 'internal_server_error',
  501: 'not_implemented',
  502: 'bad_gateway',
  503: 'unavailable',
  504: 'gateway_timeout',
};

/** The `code` of a status in the W/A envelope. */
export const codeOf = (status: number): string => CODES[status] ?? `status_${status}`;

/** A detail of the W/A envelope: ResourceInfo or FieldViolations. */
export type ErrorDetail =
  | { type: 'ResourceInfo'; resource_type: string; id: string; description: string }
  | { type: 'FieldViolations'; field_violations: FieldViolation[] };

/** A failure that ends a request with an error response in the family's format. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: readonly ErrorDetail[];
  /** SCIM `scimType` (RFC 7644 section 3.12), used when the route answers SCIM errors. */
  readonly scimType: string | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    message: string,
    options: {
      code?: string;
      details?: ErrorDetail[];
      scimType?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'ApiFailure';
    this.status = status;
    this.code = options.code ?? codeOf(status);
    this.details = options.details ?? [];
    this.scimType = options.scimType;
    this.headers = options.headers ?? {};
  }
}

/** 400 with FieldViolations naming each field. */
export function badRequest(violations: FieldViolation[], message = 'invalid parameters') {
  return new ApiFailure(400, message, {
    details: [{ type: 'FieldViolations', field_violations: violations }],
    scimType: 'invalidValue',
  });
}

/** 400 for one field. */
export const invalidField = (field: string, description: string) =>
  badRequest([{ field, description }]);

/** 404 with ResourceInfo naming the resource. */
export function notFound(resourceType: string, id: string) {
  return new ApiFailure(404, 'resource not found', {
    details: [
      {
        type: 'ResourceInfo',
        resource_type: resourceType,
        id,
        description: `${resourceType} not found`,
      },
    ],
  });
}

/** 403: another tenant's resource, a permission group, or a token without access. */
export function forbidden(message = 'permission denied', resource?: { type: string; id: string }) {
  return new ApiFailure(403, message, {
    ...(resource
      ? {
          details: [
            {
              type: 'ResourceInfo',
              resource_type: resource.type,
              id: resource.id,
              description: message,
            },
          ],
        }
      : {}),
  });
}

/** 409: a conflict with an existing resource. */
export const conflict = (message: string, scimType = 'uniqueness') =>
  new ApiFailure(409, message, { scimType });

/** The body and media type of an error in a given format. */
export function renderFailure(
  failure: ApiFailure,
  style: ErrorStyle,
): { body: unknown; contentType: string } {
  switch (style) {
    case 'scim':
      return {
        contentType: 'application/scim+json',
        body: {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
          status: String(failure.status),
          ...(failure.scimType && failure.status === 400 ? { scimType: failure.scimType } : {}),
          ...(failure.scimType && failure.status === 409 ? { scimType: failure.scimType } : {}),
          detail: scimDetail(failure),
        },
      };
    case 'message':
      return { contentType: 'application/json', body: { message: plainMessage(failure) } };
    default:
      return {
        contentType: 'application/json',
        body: {
          code: failure.code,
          message: failure.message,
          ...(failure.details.length ? { details: failure.details } : {}),
        },
      };
  }
}

function violationText(failure: ApiFailure): string | undefined {
  const fv = failure.details.find((d) => d.type === 'FieldViolations');
  if (fv?.type !== 'FieldViolations') return undefined;
  return fv.field_violations.map((v) => `${v.field}: ${v.description}`).join('; ');
}

function scimDetail(failure: ApiFailure): string {
  const violations = violationText(failure);
  if (violations) return violations;
  const info = failure.details.find((d) => d.type === 'ResourceInfo');
  if (info && info.type === 'ResourceInfo' && failure.status === 404)
    return `${info.resource_type} ${info.id} not found`;
  return failure.message;
}

function plainMessage(failure: ApiFailure): string {
  const fv = failure.details.find((d) => d.type === 'FieldViolations');
  if (fv && fv.type === 'FieldViolations')
    return fv.field_violations
      .map((v) => `invalid value for ${v.field}: ${v.description}`)
      .join('; ');
  return failure.message;
}
