// The shape of what callers pass in: the spec's request components, with every optional field also
// taking `undefined` (left out when sent) and every array also readonly. Consumers that turn on
// `exactOptionalPropertyTypes` can then write `{ description: text ?? undefined }`, and a list
// built `as const` is accepted. Required fields stay required.

/** A spec request component as an SDK input: optional fields also accept `undefined`. */
export type Input<T> = T extends string | number | boolean | bigint | symbol | null | undefined
  ? T // an open enum's `string & {}` is a string, not an object to map
  : T extends readonly (infer Item)[]
    ? readonly Input<Item>[]
    : T extends object
      ? {
          // biome-ignore lint/complexity/noBannedTypes: `{} extends Pick<T, K>` is how an optional key is told apart
          [K in keyof T]: {} extends Pick<T, K> ? Input<T[K]> | undefined : Input<T[K]>;
        }
      : T;
