// `--query`: a JMESPath expression over a command's JSON result (as the AWS CLI's `--query`),
// applied before formatting so that every `--output` format shows what it selected. For a list
// the expression sees the whole list, as one JSON array. The implementation is the JMESPath
// Community edition (@jmespath-community/jmespath): see the README for why.
import { compile, type JSONValue, search } from '@jmespath-community/jmespath';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';

/** A checked `--query` expression. */
export interface Query {
  readonly expression: string;
  /** The expression's result over a JSON value. @throws CliError (usage) when it fails there. */
  apply(value: unknown): unknown;
}

/**
 * `--query`'s expression, compiled once so that a typo fails before any request is sent.
 * @throws CliError (usage) naming the expression when it is not JMESPath.
 */
export function compileQuery(expression: string | undefined): Query | undefined {
  if (expression === undefined) return undefined;
  try {
    compile(expression);
  } catch (error) {
    throw new CliError(EXIT.usage, `--query "${expression}": ${(error as Error).message}`);
  }
  return {
    expression,
    apply(value) {
      try {
        // JSON's view of the value: what the JSON output would show (dates as strings, no undefined).
        const json = value === undefined ? null : (JSON.parse(JSON.stringify(value)) as JSONValue);
        return search(json, expression);
      } catch (error) {
        throw new CliError(EXIT.usage, `--query "${expression}": ${(error as Error).message}`);
      }
    },
  };
}
