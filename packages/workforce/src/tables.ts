// The workforce SDK's pure data: the filter and sort field tables and the environment variable
// names. No client code, so a tool (the emulator) can bundle exactly this from source.
export { WORKFORCE_ENV } from './environment.js';
export * from './filter/index.js';
