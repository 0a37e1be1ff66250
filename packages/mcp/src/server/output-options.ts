/** How results are shown. */
export interface OutputOptions {
  /** Show short codes and binding links (`--reveal-enrolment-secrets`). Credentials never are. */
  readonly revealEnrolmentSecrets: boolean;
}
