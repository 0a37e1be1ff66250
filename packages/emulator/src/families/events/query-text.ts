// The events `query_text`: terms (bare words or JSON-style quoted strings), `OR` between
// alternatives and a leading `-` to exclude a term. Clauses are separated by spaces and must all
// hold; `a OR b` is one clause. A term matches when it occurs (case-insensitively) in any value
// of the event's data.
import { invalidField } from '../../http/errors.js';

interface Literal {
  term: string;
  exclude: boolean;
}

/** A parsed query: every clause must have a literal that holds. */
export type QueryText = Literal[][];

/** Parses `query_text`; 400 (`query_text`) on an unterminated quote or a dangling `OR`. */
export function parseQueryText(text: string): QueryText {
  const tokens: ({ kind: 'or' } | { kind: 'term'; literal: Literal })[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    let exclude = false;
    let j = i;
    if (c === '-' && j + 1 < text.length && !/\s/.test(text[j + 1]!)) {
      exclude = true;
      j++;
    }
    if (text[j] === '"') {
      const m = /^"((?:[^"\\]|\\.)*)"/s.exec(text.slice(j));
      if (!m) throw invalidField('query_text', 'unterminated quoted term');
      const term = m[1]!.replace(/\\(.)/gs, '$1');
      if (term !== '') tokens.push({ kind: 'term', literal: { term, exclude } });
      i = j + m[0].length;
      continue;
    }
    const m = /^\S+/.exec(text.slice(j))!;
    i = j + m[0].length;
    if (!exclude && m[0] === 'OR') tokens.push({ kind: 'or' });
    else tokens.push({ kind: 'term', literal: { term: m[0], exclude } });
  }
  const clauses: QueryText = [];
  let joinNext = false;
  for (const [index, token] of tokens.entries()) {
    if (token.kind === 'or') {
      if (
        index === 0 ||
        index === tokens.length - 1 ||
        joinNext ||
        tokens[index - 1]?.kind === 'or'
      )
        throw invalidField('query_text', 'OR needs a term on each side');
      joinNext = true;
      continue;
    }
    if (joinNext && clauses.length) clauses[clauses.length - 1]!.push(token.literal);
    else clauses.push([token.literal]);
    joinNext = false;
  }
  return clauses;
}

/** Every scalar value of an object, lower-cased, joined by newlines. */
export function searchableText(value: unknown): string {
  const parts: string[] = [];
  const walk = (v: unknown) => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object') Object.values(v).forEach(walk);
    else parts.push(String(v).toLowerCase());
  };
  walk(value);
  return parts.join('\n');
}

/** Whether the text of an event's data satisfies the query. */
export function matchesQuery(query: QueryText, text: string): boolean {
  return query.every((clause) =>
    clause.some((literal) => text.includes(literal.term.toLowerCase()) !== literal.exclude),
  );
}
