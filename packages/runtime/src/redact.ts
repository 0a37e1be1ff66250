// Secrets must never reach an error, a log line or a stack. Two defences: JSON keys that name a
// secret are masked wherever they appear, and secret values the client has seen are masked in text.

const SECRET_KEYS =
  /^(access_token|refresh_token|id_token|client_secret|password|short_code|authorization|token|secret|api_key)$/i;
const MASK = '[redacted]';

/**
 * The secret values to mask in any text the SDK reports. Configured secrets (a client secret, its
 * Basic form, a static token) are kept for the client's life; issued tokens rotate through a
 * bounded window, so a long-lived client that refreshes its token forever does not grow without
 * bound, yet never stops masking what it was configured with.
 */
export class SecretScrubber {
  readonly #kept: string[] = [];
  readonly #issued: string[] = [];
  constructor(private readonly capacity = 16) {}

  /** Keeps a configured secret for the scrubber's life. */
  keep(value: string | undefined): void {
    for (const form of formsOf(value)) if (!this.#kept.includes(form)) this.#kept.push(form);
  }

  /** Remembers an issued token among the last `capacity` ones; short values are not worth masking. */
  add(value: string | undefined): void {
    for (const form of formsOf(value)) {
      if (this.#kept.includes(form) || this.#issued.includes(form)) continue;
      this.#issued.push(form);
    }
    while (this.#issued.length > this.capacity) this.#issued.shift();
  }

  /** Masks every remembered secret, and its Base64 form inside Basic credentials. */
  scrub(text: string): string {
    let out = text;
    for (const value of [...this.#kept, ...this.#issued])
      if (out.includes(value)) out = out.split(value).join(MASK);
    return redactAuthorization(out);
  }
}

/**
 * The forms of a secret worth masking, escaped form first: a body echoing the secret inside a JSON
 * string holds its escaped form (`\\`, `\"`, …), masked before the value itself. Values shorter than
 * 4 characters are not worth masking.
 */
function formsOf(value: string | undefined): string[] {
  if (!value || value.length < 4) return [];
  const escaped = JSON.stringify(value).slice(1, -1);
  return escaped === value ? [value] : [escaped, value];
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
