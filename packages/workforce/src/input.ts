// The shape of what callers pass in: the spec's request components, with every optional field also
// taking `undefined` (left out when sent) and every array also readonly. Consumers that turn on
// `exactOptionalPropertyTypes` can then write `{ display_name: name ?? undefined }`, and a list
// built `as const` is accepted. Required fields stay required.

/** A spec request component as an SDK input: optional fields also accept `undefined`. */
export type Input<T> = T extends string | number | boolean | bigint | symbol | null | undefined
  ? T // an open enum's `string & {}` is a string, not an object to map
  : T extends readonly (infer Item)[]
    ? readonly Input<Item>[]
    : T extends object
      ? {
          [K in keyof T]: Partial<Pick<T, K>> extends Pick<T, K>
            ? Input<T[K]> | undefined
            : Input<T[K]>;
        }
      : T;

/**
 * A spec component as it is, for an interface to extend: `interface User extends Spec<…> {}` gives
 * the component a name that editors and declaration files show (a type alias of it would show its
 * whole shape wherever the type is inferred).
 */
export type Spec<T> = T;
