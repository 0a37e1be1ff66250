// The event filters `follow` and `export` take, as flags (the spec's query names, kebab-case).
import type { Command } from 'commander';

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** The filter flags: the parsed option's key, the spec's (and the SDK's) name, the flag, its help. */
const FILTERS = [
  [
    'eventType',
    'event_type',
    '--event-type <type>',
    'only this event type (repeat for several)',
    true,
  ],
  ['actor', 'actor', '--actor <name>', 'only events of this actor (repeat for several)', true],
  [
    'outcome',
    'outcome',
    '--outcome <outcome>',
    'only this outcome, for example SUCCESS (repeat for several)',
    true,
  ],
  [
    'emittingService',
    'emitting_service',
    '--emitting-service <service>',
    'only events of this service (repeat for several)',
    true,
  ],
  [
    'correlationId',
    'correlation_id',
    '--correlation-id <id>',
    'only events of this correlation id (repeat for several)',
    true,
  ],
  ['queryText', 'query_text', '--query-text <text>', 'free-text query ("a" OR "b" -"c")', false],
] as const;

/** Adds the filter flags to a command. */
export function addFilterOptions(command: Command): Command {
  for (const [, , flags, description, many] of FILTERS)
    if (many) command.option(flags, description, collect);
    else command.option(flags, description);
  command.option('--include-not-attested', 'include events whose data is not attested');
  command.option('--page-size <n>', 'events per request, 1 to 1000', '1000');
  return command;
}

/** The SDK's filter options, by wire name, from parsed flags. */
export function filtersOf(opts: Record<string, unknown>): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [key, name] of FILTERS) if (opts[key] !== undefined) filters[name] = opts[key];
  if (opts.includeNotAttested === true) filters.include_not_attested = true;
  return filters;
}
