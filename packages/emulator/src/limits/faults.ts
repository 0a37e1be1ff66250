// Fault injection per route for resilience tests: latency, error statuses, 429 bursts and
// connection resets. Draws come from a seeded generator, so the same seed and the same sequence
// of requests give the same faults.
import type { FaultEffect, FaultOptions, FaultRule } from '../options.js';
import { seededRandom } from '../random.js';
import type { OperationSpec } from '../spec/operations.js';

/** A fault drawn for one request; latency carries the drawn delay. */
export type DrawnFault =
  | { kind: 'latency'; ms: number }
  | Exclude<FaultEffect, { kind: 'latency' }>;

const KINDS = new Set(['latency', 'status', 'rateLimit', 'reset']);

/** The fault rules of an instance and their state (draws and counts). */
export class Faults {
  private options: FaultOptions = { rules: [] };
  private random: () => number = seededRandom(0);
  private fired: number[] = [];

  constructor(options: FaultOptions | undefined) {
    this.configure(options);
  }

  /** Replaces the rules and restarts the draws from the seed. */
  configure(options: FaultOptions | undefined): void {
    const rules = options?.rules ?? [];
    for (const rule of rules) checkRule(rule);
    this.options = structuredClone({ seed: options?.seed ?? 0, rules });
    this.restart();
  }

  /** Restarts the draws and counts from the seed (reset). */
  restart(): void {
    this.random = seededRandom(this.options.seed ?? 0);
    this.fired = this.options.rules.map(() => 0);
  }

  /** The rules in force. */
  current(): FaultOptions {
    return structuredClone(this.options);
  }

  /** Faults to apply to a request, in rule order: at most one of each kind. */
  draw(mount: string, op: OperationSpec): DrawnFault[] {
    const out: DrawnFault[] = [];
    const kinds = new Set<string>();
    this.options.rules.forEach((rule, i) => {
      if (!matches(rule, mount, op) || kinds.has(rule.effect.kind)) return;
      if (rule.times !== undefined && (this.fired[i] ?? 0) >= rule.times) return;
      const probability = rule.probability ?? 1;
      if (probability < 1 && this.random() >= probability) return;
      this.fired[i] = (this.fired[i] ?? 0) + 1;
      kinds.add(rule.effect.kind);
      const effect = rule.effect;
      if (effect.kind === 'latency') {
        const [min, max] = Array.isArray(effect.ms) ? effect.ms : [effect.ms, effect.ms];
        out.push({ kind: 'latency', ms: Math.round(min + (max - min) * this.random()) });
      } else out.push(effect);
    });
    return out;
  }
}

function matches(rule: FaultRule, mount: string, op: OperationSpec): boolean {
  if (rule.mount !== undefined && rule.mount !== mount) return false;
  if (rule.operationId !== undefined && rule.operationId !== op.operationId) return false;
  if (rule.method !== undefined && rule.method.toUpperCase() !== op.method) return false;
  if (rule.path !== undefined && rule.path !== op.path && rule.path !== op.template) return false;
  return true;
}

function checkRule(rule: FaultRule): void {
  const effect = rule?.effect as FaultEffect | undefined;
  if (!effect || !KINDS.has(effect.kind)) throw new TypeError('a fault rule needs an effect kind');
  if (
    effect.kind === 'status' &&
    !(Number.isInteger(effect.status) && effect.status >= 400 && effect.status <= 599)
  )
    throw new RangeError('a status fault needs a status from 400 to 599');
  if (effect.kind === 'latency') {
    const [min, max] = Array.isArray(effect.ms) ? effect.ms : [effect.ms, effect.ms];
    if (!(min >= 0 && max >= min && max <= 60_000))
      throw new RangeError('latency must be 0 to 60000 ms (min <= max)');
  }
  if (rule.probability !== undefined && !(rule.probability >= 0 && rule.probability <= 1))
    throw new RangeError('probability must be from 0 to 1');
  if (rule.times !== undefined && !(Number.isInteger(rule.times) && rule.times >= 0))
    throw new RangeError('times must be an integer >= 0');
}
