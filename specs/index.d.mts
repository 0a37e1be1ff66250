// Types of the ES module entry: the same as the CommonJS one it re-exports.
export * from './index.cjs';
