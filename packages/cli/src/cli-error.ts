// The command line's own failures (usage, configuration, a refused prompt), each with its exit
// code. Errors from the SDK keep their own classes; `exitCodeOf` maps both.

/** A failure of the command line itself, with the exit code it ends the run with. */
export class CliError extends Error {
  override readonly name = 'CliError';
  /**
   * @param exitCode the code to exit with (one of `EXIT` in exit-codes.ts)
   * @param message what went wrong, for stderr
   * @param hint what to do about it, printed below the message
   */
  constructor(
    readonly exitCode: number,
    message: string,
    readonly hint?: string | undefined,
  ) {
    super(message);
  }
}
