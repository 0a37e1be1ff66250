// The conformance story: what every language's generated clients must do against the emulator,
// step by step, in that language's own test runner (pytest, go test, JUnit, vitest). The harness
// starts the emulator; each language runs its story files and reports each step by name, read
// back from the runner's own report (JUnit XML for pytest and Maven, `go test -json` for Go).
import { XMLParser } from 'fast-xml-parser';
import type { Family } from './toolchain.js';

/**
 * The steps, by family, with the names every language's tests carry (a test named after its step,
 * so one table compares languages). Events come last: its listing shows the changes the earlier
 * families' steps made.
 */
export const storySteps = {
  legacy: ['l_create_user'],
  workforce: [
    'w_token_client_credentials',
    'w_create_user',
    'w_get_user',
    'w_filtered_list_three_pages',
    'w_not_found_error_type',
    'w_duplicate_group_conflict',
  ],
  access: [
    'a_token_client_credentials',
    'a_realm',
    'a_identity',
    'a_page_token_listing',
    'a_field_violations',
  ],
  events: ['e_cursor_listing_shows_changes'],
} as const satisfies Record<Family, readonly string[]>;

/** How the emulator the story runs against was started. */
export type StoryMode =
  /** As published. */
  | 'normal'
  /** Told to put an unknown value into every `x-extensible-enum` field and one unknown property into every response object. */
  | 'tolerance';

/** Where the story's emulator is and how to reach it: what the language's tests read from the environment. */
export interface StoryTarget {
  mode: StoryMode;
  /** Environment for the runner: `X_STORY_*` variables (base URLs, token URLs, client credentials, tenant and realm ids). */
  env: Record<string, string>;
}

export interface StepResult {
  /** The test's name: one of `storySteps`, or another test the runner reported. */
  name: string;
  ok: boolean;
  skipped?: boolean;
  /** The failure's message, trimmed. */
  message?: string;
}

export interface StoryRun {
  steps: StepResult[];
  /** The runner's own output, trimmed, for a failure's report. */
  output: string;
}

/** Runner counts and failed steps' names, for the results protocol (tools/test-run/src/results.mjs). */
export const countSteps = (steps: readonly StepResult[]) => {
  const failed = steps.filter((s) => !s.ok && !s.skipped);
  return {
    passed: steps.filter((s) => s.ok && !s.skipped).length,
    failed: failed.length,
    skipped: steps.filter((s) => s.skipped).length,
    failures: failed.map(({ name, message }) =>
      message === undefined ? { name } : { name, message },
    ),
  };
};

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

interface TestCase {
  '@_name': string;
  '@_classname'?: string;
  failure?: unknown;
  error?: unknown;
  skipped?: unknown;
}

const messageOf = (node: unknown): string | undefined => {
  const first = asArray(node as object | object[])[0] as
    | { '@_message'?: string; '#text'?: string }
    | string
    | undefined;
  if (first === undefined) return undefined;
  if (typeof first === 'string') return first.trim().slice(0, 2000);
  return (first['@_message'] ?? first['#text'] ?? '').trim().slice(0, 2000);
};

/**
 * The test cases of a JUnit XML report (pytest's `--junitxml`, Maven Surefire's `TEST-*.xml`):
 * `<testsuites>` or a lone `<testsuite>`, suites nested or not.
 */
export function parseJUnit(xml: string): StepResult[] {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' });
  const doc = parser.parse(xml) as Record<string, unknown>;
  const results: StepResult[] = [];
  const visitSuite = (suite: Record<string, unknown>) => {
    for (const child of asArray(suite.testsuite as Record<string, unknown>[])) visitSuite(child);
    for (const tc of asArray(suite.testcase as TestCase[])) {
      const failed = tc.failure !== undefined || tc.error !== undefined;
      const skipped = tc.skipped !== undefined;
      const message = messageOf(tc.failure ?? tc.error ?? tc.skipped);
      results.push({
        name: tc['@_name'],
        ok: !failed,
        ...(skipped ? { skipped: true } : {}),
        ...(message ? { message } : {}),
      });
    }
  };
  const top = (doc.testsuites ?? doc) as Record<string, unknown>;
  if (doc.testsuites === undefined && doc.testsuite !== undefined) visitSuite(doc);
  else visitSuite(top);
  return results;
}

const upperSnake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

/**
 * The environment a story's tests read: `X_STORY_MODE`, `X_STORY_<URL>_URL` for each of the
 * emulator's URLs (`X_STORY_WORKFORCE_URL`, `X_STORY_ACCESS_URL`, `X_STORY_ACCESS_AUTH_URL`,
 * `X_STORY_EVENTS_URL`, `X_STORY_LEGACY_URL`, `X_STORY_CONTROL_URL`) and
 * `X_STORY_<FAMILY>_<FIELD>` for each seeded credential (`X_STORY_WORKFORCE_CLIENT_ID`,
 * `X_STORY_WORKFORCE_CLIENT_SECRET`, `X_STORY_WORKFORCE_TOKEN_URL`, `X_STORY_WORKFORCE_TENANT_ID`,
 * `X_STORY_ACCESS_TENANT_ID`, `X_STORY_ACCESS_REALM_ID`, `X_STORY_ACCESS_APPLICATION_ID`,
 * `X_STORY_ACCESS_CLIENT_ID`, `X_STORY_ACCESS_CLIENT_SECRET`, `X_STORY_ACCESS_TOKEN_URL`,
 * `X_STORY_LEGACY_TOKEN`, `X_STORY_EVENTS_API_KEY`).
 */
export function storyEnv(
  info: {
    urls: Readonly<Record<string, string>>;
    credentials: Readonly<Record<string, Readonly<Record<string, string>>>>;
  },
  mode: StoryMode,
): Record<string, string> {
  const env: Record<string, string> = { X_STORY_MODE: mode };
  for (const [name, url] of Object.entries(info.urls)) env[`X_STORY_${upperSnake(name)}_URL`] = url;
  for (const [family, fields] of Object.entries(info.credentials))
    for (const [field, value] of Object.entries(fields))
      env[`X_STORY_${upperSnake(family)}_${upperSnake(field)}`] = value;
  return env;
}
