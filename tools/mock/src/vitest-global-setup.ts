// Vitest global setup of the contract tests: one Prism mock per published spec, for the run.
import { specNames } from '@x/specs';
import type { TestProject } from 'vitest/node';
import { startMocks } from './index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the Prism mock for each spec name. */
    mockUrls: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const mocks = await startMocks(specNames);
  project.provide('mockUrls', mocks.urls);
  return () => mocks.stop();
}
