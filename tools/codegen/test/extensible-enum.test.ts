// Open enums: a schema with `x-extensible-enum` (type string, no `enum`) is generated as the union
// of its known values and `(string & {})`; everything else is generated as openapi-typescript does.
import { describe, expect, it } from 'vitest';
import { extensibleEnumType, generate } from '../src/generate.js';

const fixture = new URL('./fixtures/extensible-enum.yaml', import.meta.url);
const code = await generate(fixture, 'tools/codegen/test/fixtures/extensible-enum.yaml');
/** The generated text with whitespace collapsed, so the assertions do not depend on layout. */
const flat = code.replace(/\s+/g, ' ');

describe('x-extensible-enum', () => {
  it('turns a component into the known values plus any other string', () => {
    expect(flat).toContain('Kind: "A" | "B" | (string & {});');
  });

  it('applies to inline properties and array items too', () => {
    expect(flat).toContain('inline?: "ON" | "OFF" | (string & {});');
    expect(flat).toContain('urns?: ("urn:example:one" | (string & {}))[];');
  });

  it('keeps references to the open enum', () => {
    expect(flat).toContain('kind: components["schemas"]["Kind"];');
  });

  it('leaves a closed enum and a plain string as they were', () => {
    expect(flat).toContain('closed?: "X" | "Y";');
    expect(flat).toContain('name: string;');
    expect(flat.match(/\(string & \{\}\)/g)).toHaveLength(3);
  });

  it('ignores the extension when the schema is not a string or has an enum', () => {
    expect(extensibleEnumType({ type: 'integer', 'x-extensible-enum': ['1'] } as never)).toBe(
      undefined,
    );
    expect(
      extensibleEnumType({ type: 'string', enum: ['A'], 'x-extensible-enum': ['A'] } as never),
    ).toBe(undefined);
    expect(extensibleEnumType({ type: 'string' })).toBe(undefined);
  });

  it('rejects a malformed extension', () => {
    expect(() => extensibleEnumType({ type: 'string', 'x-extensible-enum': 'A' } as never)).toThrow(
      /non-empty array of strings/,
    );
    expect(() => extensibleEnumType({ type: 'string', 'x-extensible-enum': [] } as never)).toThrow(
      /non-empty array of strings/,
    );
  });
});
