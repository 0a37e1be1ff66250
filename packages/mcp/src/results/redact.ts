// What never reaches an agent, and what reaches it only when the operator allows it.
// - Credentials (tokens, client secrets, API keys, passwords, private keys) are always masked:
//   an agent's conversation is stored and sent to a model provider, and a credential there is a
//   leaked credential. Operators read them in the admin console.
// - Enrolment secrets (short codes, binding links) are masked unless the server was started with
//   `--reveal-enrolment-secrets`: whoever holds one can bind a credential to someone else's
//   account, but an operator who enrols people by hand needs to pass them on.
// - The server's own configured secrets are masked wherever they appear, by value.
import { redactAuthorization } from '@x/runtime/internal';
import { isObject } from '../spec/json.js';

const CREDENTIAL_KEYS =
  /^(access_token|refresh_token|id_token|client_secret|partner_token|api_key|apikey|password|secret|private_key|signing_key|token|authorization)$/i;
const ENROLMENT_KEYS = /^(short_code|binding_link|credential_binding_link|binding_url)$/i;

/** The mask of a credential. */
export const CREDENTIAL_MASK = '[redacted: credential]';
/** The mask of an enrolment secret. */
export const ENROLMENT_MASK =
  '[redacted: enrolment secret; shown only when the server runs with --reveal-enrolment-secrets]';
const VALUE_MASK = '[redacted]';

/** A redacted value and the fields that were masked in it. */
export interface Redacted<T> {
  readonly value: T;
  readonly masked: readonly string[];
}

/** Masks secrets in results and texts, per the operator's choice. */
export class Redactor {
  readonly #revealEnrolment: boolean;
  readonly #values: readonly string[];

  /**
   * @param revealEnrolmentSecrets Whether short codes and binding links are shown.
   * @param secretValues The server's configured secrets (tokens, client secrets, API keys).
   */
  constructor(revealEnrolmentSecrets: boolean, secretValues: readonly (string | undefined)[]) {
    this.#revealEnrolment = revealEnrolmentSecrets;
    // Longest first, so a secret that contains another is masked whole.
    this.#values = [...new Set(secretValues.filter((v): v is string => !!v && v.length >= 4))].sort(
      (a, b) => b.length - a.length,
    );
  }

  /** A copy of a JSON value with secrets masked. */
  redact<T>(value: T): Redacted<T> {
    const masked: string[] = [];
    const walk = (node: unknown, path: string, depth: number): unknown => {
      if (typeof node === 'string') return this.text(node);
      if (depth > 64) return VALUE_MASK;
      if (Array.isArray(node)) return node.map((v, i) => walk(v, `${path}[${i}]`, depth + 1));
      if (!isObject(node)) return node;
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(node)) {
        const field = path ? `${path}.${key}` : key;
        const mask = this.#maskFor(key, v);
        if (mask) masked.push(field);
        Object.defineProperty(out, key, {
          value: mask ?? walk(v, field, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    };
    return { value: walk(value, '', 0) as T, masked };
  }

  /** A text with every configured secret and every `Bearer`/`Basic` credential masked. */
  text(text: string): string {
    let out = text;
    for (const secret of this.#values)
      if (out.includes(secret)) out = out.split(secret).join(VALUE_MASK);
    return redactAuthorization(out);
  }

  #maskFor(key: string, value: unknown): string | undefined {
    if (value === null || value === undefined || value === '') return undefined;
    if (CREDENTIAL_KEYS.test(key)) return CREDENTIAL_MASK;
    if (!this.#revealEnrolment && ENROLMENT_KEYS.test(key)) return ENROLMENT_MASK;
    return undefined;
  }
}
