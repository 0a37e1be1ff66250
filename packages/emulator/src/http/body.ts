// Reading a request body safely: a size cap (checked on Content-Length and while streaming),
// the media types the operation declares, malformed JSON and form bodies.
import type { OperationSpec } from '../spec/operations.js';
import { ApiFailure, invalidField } from './errors.js';

/** A request body as read: the parsed value and its media type. */
export interface ReadBody {
  value: unknown;
  mediaType: string | undefined;
}

/** The media type of a Content-Type header: lower case, without parameters. */
export const mediaTypeOf = (header: string | null): string | undefined =>
  header ? header.split(';')[0]!.trim().toLowerCase() || undefined : undefined;

/** Whether a media type carries JSON (`application/json`, `application/scim+json`, ...). */
export const isJson = (mediaType: string) =>
  mediaType === 'application/json' || /^application\/[^;]*\+json$/.test(mediaType);

/** Reads at most `max` bytes of a body; more is a 400, never a crash or an unbounded buffer. */
export async function readText(request: Request, max: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw tooLarge(max);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(all);
  } catch {
    throw invalidField('body', 'is not valid UTF-8');
  }
}

const tooLarge = (max: number) =>
  new ApiFailure(400, `request body larger than ${max} bytes`, {
    details: [
      {
        type: 'FieldViolations',
        field_violations: [{ field: 'body', description: `larger than ${max} bytes` }],
      },
    ],
    scimType: 'tooMany',
  });

/** Reads and parses the body of an operation that declares one. */
export async function readBody(
  op: OperationSpec,
  request: Request,
  max: number,
): Promise<ReadBody> {
  const declared = op.requestBody;
  if (!declared) return { value: undefined, mediaType: undefined };
  const text = await readText(request, max);
  if (text.length === 0) {
    if (declared.required) throw invalidField('body', 'missing');
    return { value: undefined, mediaType: undefined };
  }
  const mediaType = mediaTypeOf(request.headers.get('content-type'));
  const allowed = Object.keys(declared.content);
  if (!mediaType || !allowed.includes(mediaType))
    throw invalidField('content-type', `must be one of ${allowed.join(', ')}`);
  if (isJson(mediaType)) {
    try {
      return { value: JSON.parse(text), mediaType };
    } catch {
      throw new ApiFailure(400, 'malformed JSON body', {
        details: [
          {
            type: 'FieldViolations',
            field_violations: [{ field: 'body', description: 'malformed JSON' }],
          },
        ],
        scimType: 'invalidSyntax',
      });
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    const form: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(text)) if (!(key in form)) form[key] = value;
    return { value: form, mediaType };
  }
  return { value: text, mediaType };
}
