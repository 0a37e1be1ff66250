// The probe's requests: every one bounded in time (a hang is a finding), every answer read whole,
// checked for a 5xx and for any secret the emulator holds, and counted.
import { request as httpRequest } from 'node:http';
import type { Emulator } from '@x/emulator';
import type { Tally } from './tally.js';

/** How long one answer may take before it counts as a hang. */
export const HANG_MS = 10_000;

export interface Probe {
  readonly em: Emulator;
  readonly tally: Tally;
  /** Values that must never appear in an answer: client secrets, API keys, the signing key. */
  readonly secrets: readonly string[];
  /** Seeded random numbers in [0, 1). */
  readonly random: () => number;
}

export interface Answer {
  /** The status, or 0 for a hang or a failed connection. */
  readonly status: number;
  readonly text: string;
}

/** Rejects after `ms` unless `promise` settles first. */
export function within<T>(promise: Promise<T>, ms = HANG_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Checks an answer: a 5xx, a hang and a secret are findings; the status is counted. */
export function record(p: Probe, category: string, what: string, answer: Answer): Answer {
  if (answer.status === 0) {
    p.tally.count(category, 'hang');
    p.tally.find(category, `${what}: no answer (${answer.text})`);
    return answer;
  }
  p.tally.count(category, answer.status);
  if (answer.status >= 500) p.tally.find(category, `${what}: ${answer.status}`);
  for (const secret of p.secrets)
    if (answer.text.includes(secret)) p.tally.find(category, `${what}: a secret in the answer`);
  return answer;
}

/** Sends through the emulator's in-process fetch. */
export async function send(
  p: Probe,
  category: string,
  url: string,
  init: RequestInit = {},
): Promise<Answer> {
  const what = `${init.method ?? 'GET'} ${new URL(url).pathname.slice(0, 120)}`;
  let answer: Answer;
  try {
    answer = await within(
      (async () => {
        const res = await p.em.fetch(url, init);
        return { status: res.status, text: await res.text() };
      })(),
    );
  } catch (error) {
    answer = { status: 0, text: (error as Error).message };
  }
  return record(p, category, what, answer);
}

/** Sends a request-target byte for byte over a socket (fetch would normalise it). */
export async function sendRaw(
  p: Probe,
  category: string,
  origin: string,
  target: string,
): Promise<Answer> {
  const base = new URL(origin);
  let answer: Answer;
  try {
    answer = await within(
      new Promise<Answer>((resolve, reject) => {
        const req = httpRequest(
          { host: base.hostname, port: base.port, path: target, method: 'GET' },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => {
              text += c.toString('utf8');
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end();
      }),
    );
  } catch (error) {
    answer = { status: 0, text: (error as Error).message };
  }
  return record(p, category, `GET ${target.slice(0, 120)}`, answer);
}

/** A seeded generator (mulberry32): the same seed gives the same run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
