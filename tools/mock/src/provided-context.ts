// What the contract tests' global setup provides; importing `@x/mock` brings the type along.
import type {} from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the Prism mock for each spec name. */
    mockUrls: Record<string, string>;
  }
}
