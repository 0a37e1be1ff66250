// One request to a family mount, end to end: route from the spec, faults, authentication,
// the tenant's rate limit, validation of parameters and body, the handler, and the answer in
// the family's format, shaped to the declared response schema.
import { resolveRef, specDocument } from '@x/specs';
import type {
  FamilyModule,
  Handler,
  HandlerContext,
  MountName,
  Principal,
  World,
} from '../families/types.js';
import type { Faults } from '../limits/faults.js';
import type { RateLimiter } from '../limits/rate-limit.js';
import { newId } from '../random.js';
import { isObject } from '../spec/json.js';
import {
  type ErrorStyle,
  type OperationSpec,
  routedOperations,
  templateMatcher,
} from '../spec/operations.js';
import {
  bodyValidator,
  dropReadOnly,
  integerFormatViolation,
  parametersValidator,
  responseProjector,
  violationsOf,
} from '../spec/schemas.js';
import type { Unknowns } from '../tolerance/unknowns.js';
import { readBody } from './body.js';
import { ApiFailure, badRequest, invalidField, notFound, renderFailure } from './errors.js';

/** Response header naming the operation that answered (tests validate against it). */
export const OPERATION_HEADER = 'x-emulator-operation';
/** Response header naming the family (spec) of the mount that answered. */
export const SPEC_HEADER = 'x-emulator-spec';
/** Response header set on injected faults. */
export const FAULT_HEADER = 'x-emulator-fault';
/** Marks a response whose connection is to be reset instead of answered. */
export const RESET_HEADER = 'x-emulator-reset';

/** A route of a mount: an operation, its matcher and its handler (if any). */
interface Route {
  op: OperationSpec;
  /** The template relative to the mount (with the binding's prefix). */
  template: string;
  match: (path: string) => Record<string, string> | undefined;
  handler: Handler | undefined;
  bearer: boolean;
}

/** What the pipeline needs from the instance. */
export interface PipelineDeps {
  world: World;
  rateLimiter: RateLimiter;
  faults: Faults;
  /** Tolerance mode: unknown enum values and fields put into responses when on. */
  unknowns: Unknowns;
  maxBodyBytes: number;
}

/** Node bindings of @hono/node-server (only present when serving on a port). */
interface NodeEnv {
  incoming?: { socket?: { destroy(): void } };
}

/** How much of a path template is literal text: the more, the more specific the template. */
const literalLength = (template: string) => template.replace(/\{[^}]*\}/g, '').length;

/** Builds the request handler of one mount of a family. */
export function mountHandler(
  module: FamilyModule,
  mount: MountName,
  basePath: string,
  deps: PipelineDeps,
): (request: Request, env?: unknown) => Promise<Response> {
  const routes = routesOf(module, mount);
  const scimBases = scimBasesOf(routes);
  return async (request, env) => {
    const url = new URL(request.url);
    const path = url.pathname.slice(basePath.length) || '/';
    let route: Route | undefined;
    let rawParams: Record<string, string> | undefined;
    const allowed: string[] = [];
    // Only the most specific templates the path matches are its resource: `/groups/g1:addUsers`
    // also matches `/groups/{group_id}` (with `g1:addUsers` as the id), whose methods are not
    // the custom method's; `/themes/active` also matches `/themes/{theme_id}`.
    let specificity = -1;
    for (const candidate of routes) {
      const params = candidate.match(path);
      if (!params) continue;
      const literal = literalLength(candidate.template);
      if (literal < specificity) continue;
      if (literal > specificity) {
        specificity = literal;
        route = undefined;
        rawParams = undefined;
        allowed.length = 0;
      }
      if (candidate.op.method === request.method) {
        route ??= candidate;
        rawParams ??= params;
      } else allowed.push(candidate.op.method);
    }
    const headers: Record<string, string> = { [SPEC_HEADER]: module.spec };
    if (!route || !rawParams) {
      const failure = allowed.length
        ? new ApiFailure(405, `method ${request.method} not allowed`, {
            headers: { Allow: [...new Set(allowed)].join(', ') },
          })
        : new ApiFailure(404, `no route ${request.method} ${path}`);
      // Under a SCIM server's base path, SCIM clients read SCIM's error object.
      const style = scimBases.some((base) => base.test(path)) ? 'scim' : module.defaultErrorStyle;
      return errorResponse(failure, style, undefined, headers);
    }
    const { op } = route;
    headers[OPERATION_HEADER] = op.operationId;
    const style: ErrorStyle = op.errorStyle ?? module.defaultErrorStyle;
    try {
      for (const fault of deps.faults.draw(mount, op)) {
        if (fault.kind === 'latency') await new Promise((r) => setTimeout(r, fault.ms));
        else if (fault.kind === 'reset') {
          (env as NodeEnv | undefined)?.incoming?.socket?.destroy();
          return new Response(null, { status: 502, headers: { [RESET_HEADER]: '1' } });
        } else if (fault.kind === 'status') {
          headers[FAULT_HEADER] = String(fault.status);
          throw new ApiFailure(fault.status, 'injected fault');
        } else {
          headers[FAULT_HEADER] = '429';
          throw new ApiFailure(429, 'rate limit exceeded', {
            headers: {
              'RateLimit-Limit': '0',
              'RateLimit-Remaining': '0',
              'RateLimit-Reset': String(fault.resetSeconds ?? 1),
            },
          });
        }
      }
      const principal = route.bearer
        ? await module.authenticate(request, op, deps.world)
        : undefined;
      if (principal && module.rateLimited) {
        const take = deps.rateLimiter.take(principal.tenantId);
        if (take) {
          Object.assign(headers, take.headers);
          if (take.exceeded) throw new ApiFailure(429, 'rate limit exceeded');
        }
      }
      const { params, query } = validateParameters(op, rawParams, url, request);
      const body = await readBody(op, request, deps.maxBodyBytes);
      if (body.mediaType) {
        dropReadOnly(op, body.mediaType, body.value);
        const validate = bodyValidator(op, body.mediaType);
        if (validate && !validate(body.value)) throw badRequest(violationsOf(validate.errors));
      }
      if (!route.handler) throw new ApiFailure(501, `${op.operationId} is not emulated yet`);
      const correlationId = newId();
      const ctx: HandlerContext = {
        op,
        params,
        query,
        headers: request.headers,
        body: body.value,
        mediaType: body.mediaType,
        principal,
        request,
        world: deps.world,
        correlationId,
        record: (event) => deps.world.record(event, correlationId, principal),
      };
      const result = await route.handler(ctx);
      Object.assign(headers, result.headers ?? {});
      const status = result.status ?? 200;
      if (result.body === undefined) return new Response(null, { status, headers });
      const mediaType = responseMediaType(op, status);
      const shaped = deps.unknowns.apply(
        op.spec,
        declaredSchema(op, status, mediaType),
        responseProjector(op, status, mediaType)(result.body),
      );
      headers['content-type'] = mediaType;
      return new Response(JSON.stringify(shaped), { status, headers });
    } catch (error) {
      if (error instanceof ApiFailure)
        return errorResponse(error, style, op, headers, deps.unknowns);
      console.error(`@x/emulator: ${op.operationId} failed`, error);
      return errorResponse(
        new ApiFailure(500, 'internal error'),
        style,
        op,
        headers,
        deps.unknowns,
      );
    }
  };
}

/**
 * The base paths of the mount's SCIM servers (`/scim/v2`, `/v1/tenants/{…}/realms/{…}/scim/v2`), as
 * patterns matching every path under them: the templates up to `/scim/v2` of the operations that
 * answer SCIM errors.
 */
function scimBasesOf(routes: readonly Route[]): RegExp[] {
  const bases = new Set<string>();
  for (const { op, template } of routes) {
    const end = template.indexOf('/scim/v2');
    if (op.errorStyle === 'scim' && end >= 0) bases.add(template.slice(0, end + '/scim/v2'.length));
  }
  return [...bases].map((base) => {
    const pattern = base
      .split(/(\{[^{}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return new RegExp(`^${pattern}(?:/|$)`);
  });
}

/** The routes of one mount, most specific template first. */
function routesOf(module: FamilyModule, mount: MountName): Route[] {
  const doc = specDocument(module.spec);
  const schemes =
    isObject(doc.components) && isObject(doc.components.securitySchemes)
      ? doc.components.securitySchemes
      : {};
  const routes: Route[] = [];
  for (const op of routedOperations(module.spec)) {
    const binding = module.mounts[op.baseVariable];
    if (!binding || binding.mount !== mount) continue;
    const template = `${binding.prefix ?? ''}${op.template}`;
    routes.push({
      op,
      template,
      match: binding.prefix ? templateMatcher(template) : op.match,
      handler: module.handlers[op.operationId],
      bearer: op.securitySchemes.some((name) => {
        const scheme = resolveRef(doc, schemes[name]);
        return (
          isObject(scheme) &&
          (scheme.type === 'oauth2' ||
            scheme.type === 'apiKey' ||
            scheme.type === 'openIdConnect' ||
            (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer'))
        );
      }),
    });
  }
  return routes;
}

/** Decodes and validates path, query and header parameters against the spec. */
function validateParameters(
  op: OperationSpec,
  rawParams: Record<string, string>,
  url: URL,
  request: Request,
): { params: Record<string, string>; query: Record<string, unknown> } {
  const path: Record<string, unknown> = {};
  // A path that cannot name a resource is a 404 where the operation declares no 400.
  const pathFailure = (name: string, raw: string, description: string) =>
    op.responses['400'] ? invalidField(name, description) : notFound(name.replace(/_id$/, ''), raw);
  for (const [name, raw] of Object.entries(rawParams)) {
    if (raw === '') throw pathFailure(name, raw, 'must not be empty');
    try {
      path[name] = decodeURIComponent(raw);
    } catch {
      throw pathFailure(name, raw, 'is not a valid percent-encoded value');
    }
  }
  const query: Record<string, unknown> = {};
  const header: Record<string, unknown> = {};
  for (const p of op.parameters) {
    if (p.in === 'query') {
      if (p.isArray) {
        const values = url.searchParams.getAll(p.name);
        if (values.length) query[p.name] = values;
      } else {
        const value = url.searchParams.get(p.name);
        if (value !== null) query[p.name] = value;
      }
    } else if (p.in === 'header') {
      const value = request.headers.get(p.name);
      if (value !== null) header[p.name.toLowerCase()] = value;
    }
  }
  const data = { path, query, header };
  // Integers past 2^53 lose digits when coerced; their ranges are checked on the strings first.
  const outOfRange = op.parameters.flatMap((p) => {
    const source = p.in === 'query' ? query : p.in === 'header' ? header : path;
    const raw = source[p.in === 'header' ? p.name.toLowerCase() : p.name];
    const schema = resolveRef(specDocument(op.spec), p.schema);
    const itemSchema = isObject(schema) && schema.type === 'array' ? schema.items : schema;
    const values = Array.isArray(raw) ? raw : [raw];
    return values.flatMap((value) => {
      const description =
        typeof value === 'string' ? integerFormatViolation(itemSchema, value) : undefined;
      return description ? [{ field: p.name, description }] : [];
    });
  });
  const onPath = outOfRange.find((v) => rawParams[v.field] !== undefined);
  if (onPath) throw pathFailure(onPath.field, String(path[onPath.field]), onPath.description);
  if (outOfRange.length) throw badRequest(outOfRange);
  const validate = parametersValidator(op);
  if (!validate(data)) {
    const onPath = validate.errors?.find((e) => e.instancePath.startsWith('/path/'));
    if (onPath && !op.responses['400']) {
      const name = onPath.instancePath.split('/')[2] ?? 'id';
      throw pathFailure(name, String(path[name] ?? ''), onPath.message ?? 'invalid');
    }
    throw badRequest(violationsOf(validate.errors, 1));
  }
  return { params: data.path as Record<string, string>, query: data.query };
}

/** The media type of a response: the first the operation declares for the status. */
function responseMediaType(op: OperationSpec, status: number): string {
  const declared = op.responses[String(status)]?.content;
  const types = declared ? Object.keys(declared) : [];
  return types.includes('application/json') ? 'application/json' : (types[0] ?? 'application/json');
}

/** The schema an operation declares for a status and media type (or its `default` response). */
function declaredSchema(op: OperationSpec, status: number, mediaType: string): unknown {
  return (op.responses[String(status)] ?? op.responses.default)?.content[mediaType];
}

function errorResponse(
  failure: ApiFailure,
  style: ErrorStyle,
  op: OperationSpec | undefined,
  headers: Record<string, string>,
  unknowns?: Unknowns,
): Response {
  const declared = op?.responses[String(failure.status)]?.content;
  // A status the operation declares without a body (the 429s of the workforce spec) has none.
  if (declared && Object.keys(declared).length === 0)
    return new Response(null, {
      status: failure.status,
      headers: { ...headers, ...failure.headers },
    });
  const rendered = renderFailure(failure, style);
  const contentType =
    declared && Object.keys(declared)[0] ? Object.keys(declared)[0]! : rendered.contentType;
  // Errors of the operation's declared shape carry the unknowns too; a route that does not exist
  // (404, 405) has no declared shape and is left as it is.
  const body =
    op && unknowns
      ? unknowns.apply(op.spec, declaredSchema(op, failure.status, contentType), rendered.body)
      : rendered.body;
  return new Response(JSON.stringify(body), {
    status: failure.status,
    headers: { ...headers, ...failure.headers, 'content-type': contentType },
  });
}

export type { Principal };
