// ES module entry of @x/specs: the CommonJS implementation (index.cjs) re-exported, so that both
// forms share one implementation and, in an application that loads both, one cache of documents.
import { createRequire } from 'node:module';

/** @type {typeof import('./index.cjs')} */
const specs = createRequire(import.meta.url)('./index.cjs');

// The names index.cjs exports (test/tooling.test.ts checks that the two lists agree).
export const {
  specNames,
  specPath,
  specDocument,
  specOperations,
  resolvePointer,
  resolveRef,
  isClosedObject,
  closedSchema,
} = specs;
