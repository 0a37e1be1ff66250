// Tool descriptions: what the operation does (the spec's summary and description), what it
// needs (required arguments), what it changes, and how its result comes back.
import type { OperationEffect } from '@x/runtime/internal';

/** The parts of a tool description. */
export interface DescriptionParts {
  readonly summary: string;
  readonly description: string | undefined;
  readonly effect: OperationEffect;
  readonly needs: readonly string[];
  readonly paged: boolean;
}

const EFFECT_NOTE: Record<OperationEffect, string> = {
  read: 'Read-only.',
  write: 'Changes the platform (needs --allow-write).',
  destructive:
    'Destructive: deletes, removes or revokes, and cannot be undone (needs --allow-write and --allow-destructive).',
};

/** One tool description from its parts. */
export function describeTool(parts: DescriptionParts): string {
  const lines = [sentence(parts.summary)];
  if (parts.description && parts.description !== parts.summary) lines.push(parts.description);
  lines.push(parts.needs.length > 0 ? `Needs: ${parts.needs.join(', ')}.` : 'Needs no argument.');
  lines.push(EFFECT_NOTE[parts.effect]);
  if (parts.paged)
    lines.push(
      'Returns one page as `items`; when there are more, `next_cursor`: call again with the same arguments and `cursor` set to it.',
    );
  return lines.join('\n');
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
