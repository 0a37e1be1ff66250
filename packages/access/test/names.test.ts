import { readFileSync } from 'node:fs';
import { checkDescription, checkDisplayName, FORBIDDEN_NAME_CHARACTERS } from '@x/access';
import { ValidationError } from '@x/runtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** The `pattern` of a schema in specs/access.yaml (a single-quoted YAML scalar). */
function specPattern(schema: string): RegExp {
  const yaml = readFileSync(new URL('../../../specs/access.yaml', import.meta.url), 'utf8');
  const block = yaml.slice(yaml.indexOf(`\n    ${schema}:\n`));
  const match = /\n\s+pattern: '((?:[^']|'')*)'/.exec(block);
  if (!match) throw new Error(`no pattern for ${schema}`);
  // JSON Schema patterns are ECMA-262 regular expressions, matched per code point.
  return new RegExp(match[1]!.replace(/''/g, "'"), 'u');
}

/** What the spec accepts: the pattern plus the length limits, counted in code points. */
function specAccepts(pattern: RegExp, min: number, max: number, value: string): boolean {
  const length = [...value].length;
  return length >= min && length <= max && pattern.test(value);
}

function accepts(check: (value: string) => string, value: string): boolean {
  try {
    check(value);
    return true;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return false;
  }
}

// Strings built mostly from the interesting characters, so forbidden ones appear often.
const interesting = fc.constantFrom(
  ...FORBIDDEN_NAME_CHARACTERS,
  'a',
  'Z',
  ' ',
  '-',
  '_',
  '.',
  "'",
  '"',
  'é',
  '😀',
);
const names = fc.oneof(
  fc.string({ maxLength: 80, unit: 'grapheme' }),
  fc.string({ maxLength: 320 }),
  fc.array(interesting, { maxLength: 70 }).map((c) => c.join('')),
  fc.array(interesting, { minLength: 290, maxLength: 310 }).map((c) => c.join('')),
);

describe('name rules agree with the spec', () => {
  const displayName = specPattern('DisplayName');
  const description = specPattern('Description');

  it('lists the reference characters: 3 bracket pairs and 15 others', () => {
    expect(FORBIDDEN_NAME_CHARACTERS.join('')).toBe('{}[]<>;:?\\/|*^%$#=~`!');
  });

  it('checkDisplayName accepts exactly what DisplayName (1..64, pattern) accepts', () => {
    fc.assert(
      fc.property(names, (value) => {
        expect(accepts(checkDisplayName, value)).toBe(specAccepts(displayName, 1, 64, value));
      }),
      { numRuns: 2000 },
    );
  });

  it('checkDescription accepts exactly what Description (..300, pattern) accepts', () => {
    fc.assert(
      fc.property(names, (value) => {
        expect(accepts(checkDescription, value)).toBe(specAccepts(description, 0, 300, value));
      }),
      { numRuns: 2000 },
    );
  });

  it('names the field and the bad character', () => {
    for (const c of FORBIDDEN_NAME_CHARACTERS)
      expect(() => checkDisplayName(`ab${c}cd`, 'group.display_name')).toThrow(
        `group.display_name: must not contain the character "${c}"`,
      );
    expect(() => checkDisplayName('')).toThrow(/^display_name: must be at least 1/);
    expect(() => checkDisplayName('x'.repeat(65))).toThrow(/^display_name: must be at most 64/);
    expect(() => checkDescription('y'.repeat(301))).toThrow(/^description: must be at most 300/);
    expect(checkDisplayName('😀'.repeat(64))).toHaveLength(128);
  });
});
