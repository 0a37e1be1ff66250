// The event filters `follow` and `export` take, as flags (the spec's query names, kebab-case).
import type { Command } from 'commander';

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** The filter flags, by option key, with the SDK's name for each. */
const FILTERS = [
  ['eventType', '--event-type <type>', 'only this event type (repeat for several)', true],
  ['actor', '--actor <name>', 'only events of this actor (repeat for several)', true],
  [
    'outcome',
    '--outcome <outcome>',
    'only this outcome, for example SUCCESS (repeat for several)',
    true,
  ],
  [
    'emittingService',
    '--emitting-service <service>',
    'only events of this service (repeat for several)',
    true,
  ],
  [
    'correlationId',
    '--correlation-id <id>',
    'only events of this correlation id (repeat for several)',
    true,
  ],
  ['queryText', '--query-text <text>', 'free-text query ("a" OR "b" -"c")', false],
] as const;

/** Adds the filter flags to a command. */
export function addFilterOptions(command: Command): Command {
  for (const [, flags, description, many] of FILTERS)
    if (many) command.option(flags, description, collect);
    else command.option(flags, description);
  command.option('--include-not-attested', 'include events whose data is not attested');
  command.option('--page-size <n>', 'events per request, 1 to 1000', '1000');
  return command;
}

/** The SDK filter options from parsed flags. */
export function filtersOf(opts: Record<string, unknown>): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [key] of FILTERS) if (opts[key] !== undefined) filters[key] = opts[key];
  if (opts.includeNotAttested === true) filters.includeNotAttested = true;
  return filters;
}
