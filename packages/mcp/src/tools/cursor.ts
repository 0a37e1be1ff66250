// The cursor a list tool hands back: the paginator's `page.next` (an offset, page token, cursor
// or SCIM index) wrapped with the tool's name, so the agent passes back one opaque string and a
// cursor of one list is never taken for another's.

import type { PagePosition } from '@x/runtime';
import { ValidationError } from '@x/runtime';

interface CursorBody {
  /** The tool the cursor belongs to. */
  t: string;
  /** Where the next page starts. */
  p: PagePosition;
}

/** Wraps the position of the next page. */
export function encodeCursor(tool: string, next: PagePosition): string {
  const body: CursorBody = { t: tool, p: next };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/**
 * The position a cursor holds.
 * @throws ValidationError (field `cursor`) when it is not one of this tool's cursors.
 */
export function decodeCursor(tool: string, cursor: string): PagePosition {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    body = undefined;
  }
  const { t, p } = (body ?? {}) as Partial<CursorBody>;
  if (typeof t !== 'string' || (typeof p !== 'string' && typeof p !== 'number'))
    throw new ValidationError(
      'cursor',
      'is not a cursor this server gave out; omit it for the first page',
    );
  if (t !== tool)
    throw new ValidationError('cursor', `belongs to ${t}, not ${tool}; pass it back to ${t}`);
  return p;
}
