// Compares two versions of a record and says what changed, as breaks and additions. Surface
// records (`*.txt`) hold one fact per line, `<owner> | <fact>`; API reports (`*.api.md`) are
// split into their declarations. A line that disappears is a break; a line that appears is an
// addition, except a new required member or argument of something that existed (callers that
// worked before now fail): a new `(required)` fact, or a required property added to an existing
// interface whose name says callers build it (`…Options`, `…Input`, `…Params`, `…Body`, `…Seed`).

/** The lines of `a` not in `b`, counting repeats. */
function minus(a, b) {
  const left = new Map();
  for (const line of b) left.set(line, (left.get(line) ?? 0) + 1);
  const out = [];
  for (const line of a) {
    const n = left.get(line) ?? 0;
    if (n > 0) left.set(line, n - 1);
    else out.push(line);
  }
  return out;
}

const factLines = (text) =>
  text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));

/** `{ owner, line }` for every line of an API report, owned by the declaration it is in. */
function declarationLines(text) {
  const body = text.replace(/^[\s\S]*?```ts\n/, '').replace(/```[\s\S]*$/, '');
  const out = [];
  for (const block of body.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('// '));
    if (lines.length === 0 || lines.every((l) => l.startsWith('import '))) continue;
    const head =
      /^(?:export )?(?:declare )?(?:abstract )?(?:const|let|function|class|interface|type|enum|namespace) (\w+)/.exec(
        lines[0],
      );
    const owner = head ? head[1] : lines[0].trim();
    for (const line of lines) out.push({ owner, line: `${owner} | ${line.trim()}` });
  }
  return out;
}

const BUILT_BY_CALLERS = /(Options|Input|Params|Body|Request|Seed|Init)$/;
const REQUIRED_MEMBER = /^\w+ \| (?:readonly )?["\w$]+: /;

/**
 * What changed between two texts of the record `file`.
 * @returns {{ breaks: string[], additions: string[] }} each entry a line that says what and where
 */
export function compareRecord(file, before, after) {
  if (before === undefined) return { breaks: [], additions: [`${file}: new record`] };
  if (after === undefined) return { breaks: [`${file}: the whole surface is gone`], additions: [] };
  const api = file.endsWith('.api.md');
  before = before.replaceAll('\r\n', '\n');
  after = after.replaceAll('\r\n', '\n');
  const entries = (text) =>
    api
      ? declarationLines(text)
      : factLines(text).map((line) => ({ owner: line.split(' | ')[0], line }));
  const old = entries(before);
  const now = entries(after);
  const owners = new Set(old.map((e) => e.owner));
  const removed = minus(
    old.map((e) => e.line),
    now.map((e) => e.line),
  );
  const added = minus(
    now.map((e) => e.line),
    old.map((e) => e.line),
  );
  const breaks = removed.map((line) => `${file}: removed or changed: ${line}`);
  const additions = [];
  for (const line of added) {
    const owner = line.split(' | ')[0];
    const newRequirement =
      owners.has(owner) &&
      (api
        ? BUILT_BY_CALLERS.test(owner) && REQUIRED_MEMBER.test(line)
        : line.endsWith('(required)') || line.includes('(required) '));
    if (newRequirement) breaks.push(`${file}: new requirement: ${line}`);
    else additions.push(`${file}: added: ${line}`);
  }
  return { breaks, additions };
}
