// Points in time as people type them: a duration back from now (`7d`, `36h`, `15m`), an ISO 8601
// date or date-time, or epoch milliseconds.

const UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** A duration (`500ms`, `30s`, `5m`, `2h`, `7d`, `1w`) in milliseconds, or undefined. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w)$/.exec(text.trim());
  if (!m) return undefined;
  return Math.round(Number(m[1]) * (UNITS[m[2]!] ?? 1));
}

/**
 * Epoch milliseconds of a point in time: `7d` (seven days before `now`), `2026-11-01`,
 * `2026-11-01T08:00:00Z`, `now`, or epoch milliseconds. Undefined when it is none of those.
 */
export function parseTime(text: string, now: number = Date.now()): number | undefined {
  const t = text.trim();
  if (t === 'now') return now;
  if (/^\d{11,}$/.test(t)) return Number(t);
  const back = parseDuration(t);
  if (back !== undefined) return now - back;
  if (/^\d{4}-\d{2}-\d{2}([Tt ][\d:.]+([Zz]|[+-]\d{2}:?\d{2})?)?$/.test(t)) {
    const ms = Date.parse(t.length === 10 ? `${t}T00:00:00Z` : t);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}
