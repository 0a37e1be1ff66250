// Secrets must never reach an error, a log line or a stack. Two defences: JSON keys that name a
// secret are masked wherever they appear, and secret values the client has seen are masked in text.

const SECRET_KEYS =
  /^(access_token|refresh_token|id_token|client_secret|password|short_code|authorization|token|secret|api_key)$/i;
const MASK = '[redacted]';

/** A bounded set of secret values (tokens, client secrets) to mask in any text the SDK reports. */
export class SecretScrubber {
  readonly #values: string[] = [];
  constructor(private readonly capacity = 16) {}

  /** Remembers a secret value; values shorter than 4 characters are not worth masking. */
  add(value: string | undefined): void {
    if (!value || value.length < 4 || this.#values.includes(value)) return;
    // A body echoing the secret inside a JSON string holds its escaped form (`\\`, `\"`, …):
    // that form is masked too, before the value itself.
    const escaped = JSON.stringify(value).slice(1, -1);
    if (escaped !== value && !this.#values.includes(escaped)) this.#values.push(escaped);
    this.#values.push(value);
    while (this.#values.length > this.capacity) this.#values.shift();
  }

  /** Masks every remembered secret, and its Base64 form inside Basic credentials. */
  scrub(text: string): string {
    let out = text;
    for (const value of this.#values) if (out.includes(value)) out = out.split(value).join(MASK);
    return redactAuthorization(out);
  }
}

/** Masks `Bearer x` and `Basic x` credentials wherever they appear in text. */
export function redactAuthorization(text: string): string {
  return text.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi, `$1 ${MASK}`);
}

/** Deep copy of a parsed JSON value with every secret-named key masked. */
export function redactJson(value: unknown, depth = 0): unknown {
  if (depth > 64) return MASK;
  if (Array.isArray(value)) return value.map((v) => redactJson(v, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    setOwn(
      out,
      key,
      SECRET_KEYS.test(key) && v !== null && v !== undefined && v !== ''
        ? MASK
        : redactJson(v, depth + 1),
    );
  }
  return out;
}

/**
 * Sets a key as an own data property, as JSON.parse does: a `__proto__` key from a server stays
 * data instead of replacing the copy's prototype.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Masks secret-named JSON keys inside a body that may not be valid JSON (truncated, HTML). */
export function redactBodyText(text: string): string {
  return text.replace(
    /("(?:access_token|refresh_token|id_token|client_secret|password|short_code|token|secret|api_key)"\s*:\s*)"(?:[^"\\]|\\.)*"?/gi,
    `$1"${MASK}"`,
  );
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Makes an object that holds secrets (a client, a token provider, a requester) print only
 * `describe()` through `console.log`, `util.inspect`, `JSON.stringify` and `String()`. The methods
 * are non-enumerable, so they add nothing to what they hide. Call it before freezing.
 */
export function secretSafe<T extends object>(target: T, describe: () => string): T {
  const hidden = { value: () => describe(), enumerable: false, configurable: true };
  Object.defineProperty(target, INSPECT, hidden);
  Object.defineProperty(target, 'toJSON', hidden);
  Object.defineProperty(target, 'toString', hidden);
  return target;
}
