// Reads `--json` values: inline JSON, `@file`, or `-` for standard input.
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { ValidationError } from '@x/runtime';

/** The text of a stream, to its end. */
export async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The JSON value of a `--json` argument: `-` reads stdin, `@path` reads a file, anything else is
 * the JSON itself.
 * @throws ValidationError naming `--json` when the text is not JSON.
 */
export async function readJsonArgument(value: string, stdin: Readable): Promise<unknown> {
  let text: string;
  if (value === '-') text = await readAll(stdin);
  else if (value.startsWith('@')) {
    try {
      text = readFileSync(value.slice(1), 'utf8');
    } catch (error) {
      throw new ValidationError(
        '--json',
        `cannot read ${value.slice(1)}: ${(error as Error).message}`,
      );
    }
  } else text = value;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ValidationError('--json', `is not valid JSON: ${(error as Error).message}`);
  }
}
