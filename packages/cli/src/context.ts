// What every command of one run shares: the streams, the global options, the profile (read once,
// on first use) and the output settings.
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';
import { colorOn, type Io } from './io.js';
import { parseFields } from './output/fields.js';
import { type Format, formatOf, type OutputOptions } from './output/formats.js';
import { compileQuery, type Query } from './output/query.js';
import { type ResolvedProfile, resolveProfile } from './profiles/resolve.js';

/** The global options, as commander parsed them. */
export interface GlobalOptions {
  profile?: string | undefined;
  output?: string | undefined;
  fields?: string | undefined;
  limit?: string | undefined;
  yes?: boolean | undefined;
  dryRun?: boolean | undefined;
  color?: boolean | undefined;
  query?: string | undefined;
}

/** One run of the command line. */
export class RunContext {
  #profile: ResolvedProfile | undefined;
  /** Secret values learnt after the profile (tokens fetched by `login`), masked too. */
  readonly #extraSecrets = new Set<string>();
  /** Set by a signal handler: long work stops at its next safe point. */
  readonly abort = new AbortController();
  /** An exit code a command chose without failing (an interrupted export: 130). */
  exitCode: number | undefined;
  /** The options of the family command being run (`--realm`), set when it is derived. */
  familyOptions: () => Record<string, unknown> = () => ({});

  /** A family-level option's value (`realm`), if given. */
  familyOption(name: string): string | undefined {
    const value = this.familyOptions()[name];
    return typeof value === 'string' ? value : undefined;
  }

  constructor(
    readonly io: Io,
    readonly globals: () => GlobalOptions,
  ) {}

  /** The profile's variables (read on first use). */
  get profile(): ResolvedProfile {
    this.#profile ??= resolveProfile(this.io.env, this.globals().profile, (w) => this.warn(w));
    return this.#profile;
  }

  /** Masks every secret of the profile (and any learnt since) in a text. */
  scrub(text: string): string {
    let out = this.#profile ? this.#profile.scrub(text) : text;
    for (const secret of this.#extraSecrets) out = out.split(secret).join('****');
    return out;
  }

  /** Remembers a secret value to mask from now on (a token fetched during the run). */
  addSecret(value: string): void {
    if (value.length >= 4) this.#extraSecrets.add(value);
  }

  /** Colour on stderr? */
  get stderrColor(): boolean {
    return this.globals().color !== false && colorOn(this.io, 'stderr');
  }

  /** A line on stderr (secrets masked). */
  warn(text: string): void {
    this.io.stderr.write(`${this.scrub(text)}\n`);
  }

  /** `--limit` as a number. @throws CliError (usage) when it is not a positive integer. */
  get limit(): number | undefined {
    const raw = this.globals().limit;
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1)
      throw new CliError(EXIT.usage, `--limit must be a positive integer, not "${raw}"`);
    return n;
  }

  /** The output format. */
  get format(): Format {
    return formatOf(this.globals().output, this.io.stdoutIsTTY);
  }

  /** `--query`, compiled. @throws CliError (usage) when it is not a JMESPath expression. */
  get query(): Query | undefined {
    return compileQuery(this.globals().query);
  }

  /** Output settings for results. */
  output(extra: Partial<OutputOptions> = {}): OutputOptions {
    const g = this.globals();
    return {
      format: this.format,
      query: this.query,
      fields: parseFields(g.fields),
      color: g.color !== false && colorOn(this.io, 'stdout'),
      stdout: this.io.stdout,
      width: this.io.stdoutIsTTY ? this.io.columns : undefined,
      ...extra,
    };
  }
}
