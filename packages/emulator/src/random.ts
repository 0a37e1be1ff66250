// Identifiers and codes, and the seeded generator that makes fault draws repeat from run to run.

/** A new random UUID (v4) for a resource id. */
export const newId = (): string => globalThis.crypto.randomUUID();

/** A short code of `digits` decimal digits from the platform's random source. */
export function shortCode(digits = 8): string {
  const bytes = new Uint32Array(digits);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => String(b % 10)).join('');
}

/** A random secret, base64url, for tokens and keys. */
export function secret(bytes = 32): string {
  const data = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(data);
  return base64url(data);
}

/** Base64url (no padding) of bytes. */
export function base64url(data: Uint8Array): string {
  let text = '';
  for (const byte of data) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Bytes of a base64url string. */
export function fromBase64url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * A seeded pseudo-random generator (mulberry32): the same seed gives the same draws, so a fault
 * schedule repeats exactly for the same sequence of requests.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
