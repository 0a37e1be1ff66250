// What one Schemathesis run did, read from its NDJSON event stream (`--report ndjson`): each
// operation × check with the test cases it passed and failed, the stateful sequences walked, and
// each distinct failure with an example.
import { readFileSync } from 'node:fs';

/** One check on one operation, over every test case that ran it. */
export interface CheckCell {
  operation: string;
  check: string;
  passed: number;
  failed: number;
}

/** A distinct failure: the operation, the check, the code and one example. */
export interface Finding {
  operation: string;
  check: string;
  code: string;
  title: string;
  message: string;
  example?: string | undefined;
}

/** A family's run in figures. */
export interface FamilySummary {
  cells: CheckCell[];
  testCases: number;
  statefulSequences: number;
  /**
   * The documents' links the stateful phase followed with their values applied, each as
   * `METHOD /path -> [status] LinkName` (Schemathesis's transition id without its target).
   */
  linksWalked: string[];
  findings: Finding[];
  errors: string[];
}

// NDJSON events are read as loosely typed JSON.
// biome-ignore lint/suspicious/noExplicitAny: parsed JSON of unknown shape
type Json = Record<string, any>;

function curlOf(interaction: Json | undefined): string | undefined {
  const request = interaction?.request;
  if (!request) return undefined;
  const body = request.body?.$base64
    ? Buffer.from(request.body.$base64, 'base64').toString('utf8')
    : undefined;
  const clipped = body && body.length > 400 ? `${body.slice(0, 400)}…` : body;
  return `${request.method} ${request.uri}${clipped ? ` ${clipped}` : ''}`;
}

/** A link's key from Schemathesis's transition id (`source -> [status] Name -> target`). */
export function linkKey(transitionId: string): string {
  return transitionId.split(' -> ').slice(0, 2).join(' -> ');
}

/** Reads a run's NDJSON events. */
export function summarize(ndjsonPath: string): FamilySummary {
  const cells = new Map<string, CheckCell>();
  const findings = new Map<string, Finding>();
  const cases = new Set<string>();
  const errors: string[] = [];
  let statefulSequences = 0;
  const linksWalked = new Set<string>();
  for (const line of readFileSync(ndjsonPath, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let event: Json;
    try {
      event = JSON.parse(line) as Json;
    } catch {
      // A run stopped at its time limit leaves its last line unfinished; the run's exit code
      // already counts it as a failure.
      errors.push(`unfinished event in ${ndjsonPath}`);
      continue;
    }
    const [kind] = Object.keys(event);
    const body = event[kind as string] as Json;
    if (kind === 'NonFatalError' || kind === 'FatalError')
      errors.push(
        String(body.info?.message ?? body.value?.message ?? JSON.stringify(body).slice(0, 300)),
      );
    if (kind !== 'ScenarioFinished') continue;
    const recorder = body.recorder as Json;
    if (body.phase === 'stateful') statefulSequences += 1;
    const labels = (recorder.cases ?? {}) as Json;
    for (const recorded of Object.values(labels) as Json[]) {
      const transition = recorded.transition as Json | undefined;
      if (transition && recorded.is_transition_applied && !transition.is_inferred)
        linksWalked.add(linkKey(String(transition.id)));
    }
    for (const [caseId, checks] of Object.entries((recorder.checks ?? {}) as Json)) {
      cases.add(caseId);
      const value = labels[caseId]?.value as Json | undefined;
      // The documented operation: the scenario's label, except in the stateful phase where one
      // scenario walks several (its cases carry the path template). Probes of undeclared methods
      // count under the operation they probe.
      const operation =
        body.phase === 'stateful' && value
          ? `${value.method} ${value.path}`
          : String(recorder.label);
      for (const check of checks as Json[]) {
        const key = `${operation}\u0000${check.name}`;
        const cell = cells.get(key) ?? { operation, check: check.name, passed: 0, failed: 0 };
        cells.set(key, cell);
        if (check.status === 'success') cell.passed += 1;
        else if (check.status === 'failure') {
          cell.failed += 1;
          const failure = check.failure_info?.failure as Json | undefined;
          const fkey = `${operation}\u0000${check.name}\u0000${failure?.title}`;
          if (!findings.has(fkey))
            findings.set(fkey, {
              operation,
              check: check.name,
              code: String(failure?.code ?? ''),
              title: String(failure?.title ?? ''),
              message: String(failure?.message ?? '').split('\n')[0] ?? '',
              example: curlOf((recorder.interactions as Json | undefined)?.[caseId]),
            });
        }
      }
    }
  }
  return {
    cells: [...cells.values()],
    testCases: cases.size,
    statefulSequences,
    linksWalked: [...linksWalked].sort(),
    findings: [...findings.values()],
    errors,
  };
}

/** One family's figures from the summaries of its parts. */
export function mergeSummaries(parts: FamilySummary[]): FamilySummary {
  // One cell per operation × check, whichever runs (unit phases, stateful phase) checked it.
  const cells = new Map<string, CheckCell>();
  for (const cell of parts.flatMap((p) => p.cells)) {
    const key = `${cell.operation}\u0000${cell.check}`;
    const merged = cells.get(key) ?? { ...cell, passed: 0, failed: 0 };
    merged.passed += cell.passed;
    merged.failed += cell.failed;
    cells.set(key, merged);
  }
  return {
    cells: [...cells.values()],
    testCases: parts.reduce((n, p) => n + p.testCases, 0),
    statefulSequences: parts.reduce((n, p) => n + p.statefulSequences, 0),
    linksWalked: [...new Set(parts.flatMap((p) => p.linksWalked))].sort(),
    findings: parts.flatMap((p) => p.findings),
    errors: parts.flatMap((p) => p.errors),
  };
}
