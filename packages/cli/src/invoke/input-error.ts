// Input refused before anything was sent, with every field at fault.
import { ValidationError } from '@x/runtime';

/** One field at fault: how the user wrote it (`--display-name`, `row 12 email`) and why. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** Input that failed the spec's checks; nothing was sent. Exits with `EXIT.invalid`. */
export class InputError extends ValidationError {
  override readonly name = 'InputError';
  constructor(readonly problems: readonly FieldProblem[]) {
    const first = problems[0] ?? { field: 'input', message: 'is invalid' };
    super(
      first.field,
      problems.length > 1 ? `${first.message} (and ${problems.length - 1} more)` : first.message,
    );
  }
}
