// Vitest global setup of the contract tests: one Prism mock per published spec, for the run.
import { specNames } from '@x/specs';
import type { TestProject } from 'vitest/node';
import { startMocks } from './index.js';
import './provided-context.js';

export default async function setup(project: TestProject) {
  const mocks = await startMocks(specNames);
  project.provide('mockUrls', mocks.urls);
  return () => mocks.stop();
}
