/** What the client reports through `onEvent`: for metrics and debug logs. Never holds a credential. */
export type ClientEvent =
  | {
      type: 'response';
      method: string;
      path: string;
      status: number;
      attempt: number;
      durationMs: number;
    }
  | {
      type: 'retry';
      method: string;
      path: string;
      attempt: number;
      delayMs: number;
      reason: 'rate-limited' | 'server-error' | 'connection' | 'timeout' | 'unauthorized';
      status?: number;
    }
  | {
      type: 'rate-limit-wait';
      /** How long requests of this client are held, in milliseconds. */
      waitMs: number;
      /** The last `RateLimit-Limit` the server sent, if any. */
      limit: number | undefined;
    };

/** Receives client events; a throwing listener never breaks a call. */
export type ClientEventListener = (event: ClientEvent) => void;

export function emit(listener: ClientEventListener | undefined, event: ClientEvent): void {
  if (!listener) return;
  try {
    listener(event);
  } catch {
    // Observability must not change behaviour.
  }
}
