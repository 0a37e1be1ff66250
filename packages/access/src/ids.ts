// The shared input checks, from the runtime (one place for every family).
export { optionalInteger, requireId, requireObject } from '@x/runtime';
