// What the client adds around every call, whichever way it is sent: path parameters checked before
// anything is sent, a non-2xx response turned into the typed error for its status (with the path
// template and the attempt count), the path template added to the transport's errors, and a 2xx
// body that is not JSON turned into an InvalidResponseError.
import type { Middleware } from 'openapi-fetch';
import { errorFromResponse } from './error-mapping.js';
import { InvalidResponseError, SdkError } from './errors.js';
import { assertPathParams } from './path-params.js';
import type { SecretScrubber } from './redact.js';
import { attemptsOf, type FetchLike, setRequest } from './transport.js';

/** The request fields the contract reads: a Request, or the PlainRequest of a direct call. */
interface SentRequest {
  readonly method: string;
  readonly url: string;
}

/** Refuses path parameters that could change the route. */
export function checkPathParams(method: string, schemaPath: string, params: unknown): void {
  try {
    assertPathParams(schemaPath, params as Record<string, unknown> | undefined);
  } catch (error) {
    if (error instanceof SdkError) setRequest(error, { method, pathTemplate: schemaPath });
    throw error;
  }
}

function errorFor(
  request: SentRequest,
  response: Response,
  schemaPath: string,
  scrubber: SecretScrubber,
): Promise<SdkError> {
  return errorFromResponse(
    response,
    {
      method: request.method,
      pathTemplate: schemaPath,
      path: new URL(request.url).pathname,
      attempts: attemptsOf.get(response) ?? 1,
    },
    scrubber,
  );
}

function withTemplate(error: unknown, schemaPath: string): Error {
  if (error instanceof SdkError)
    setRequest(error, { method: error.request?.method ?? '', pathTemplate: schemaPath });
  return error instanceof Error ? error : new SdkError(String(error));
}

/** The contract as openapi-fetch middleware: for calls that user middlewares also see. */
export function contractMiddleware(scrubber: SecretScrubber): Middleware {
  return {
    onRequest({ request, schemaPath, params }) {
      checkPathParams(request.method, schemaPath, params.path);
    },
    async onResponse({ request, response, schemaPath }) {
      if (!response.ok) throw await errorFor(request, response, schemaPath, scrubber);
    },
    onError({ error, schemaPath }) {
      return withTemplate(error, schemaPath);
    },
  };
}

/**
 * The same contract around a transport, for a call that no middleware sees (its path parameters
 * are checked by the caller, before the call): openapi-fetch then runs no middleware machinery.
 */
export function contractFetch(
  transport: FetchLike,
  schemaPath: string,
  scrubber: SecretScrubber,
): FetchLike {
  return async (request) => {
    let response: Response;
    try {
      response = await transport(request);
    } catch (error) {
      throw withTemplate(error, schemaPath);
    }
    if (!response.ok) throw await errorFor(request, response, schemaPath, scrubber);
    return response;
  };
}

/**
 * A 2xx body that is not JSON (an HTML login page, plain text, a body cut inside the JSON) would
 * surface as a bare SyntaxError whose message quotes the start of the body: it becomes an
 * InvalidResponseError that quotes nothing. Other errors pass through.
 */
export function parseFailure(error: unknown, method: string, pathTemplate: unknown): unknown {
  if (!(error instanceof SyntaxError)) return error;
  const template = typeof pathTemplate === 'string' ? pathTemplate : '';
  return new InvalidResponseError(
    `${method} ${template} answered 2xx with a body that is not valid JSON`,
    { request: { method, pathTemplate: template } },
  );
}
