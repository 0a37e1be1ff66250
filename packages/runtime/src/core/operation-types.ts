// Types that read an openapi-typescript path map: which paths have a method, what a call of an
// operation takes, and what it returns. Small on purpose: family packages declare their methods'
// types explicitly, so consumers never pay for these.

/** The HTTP methods the typed helpers send. */
export type TypedMethod = 'get' | 'put' | 'post' | 'patch' | 'delete';

/** The paths of `Paths` that have `method`. */
export type PathsWith<Paths, M extends TypedMethod> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: object } ? P : never;
}[keyof Paths] &
  string;

/** The operation of `method` on `path`. */
export type OperationOf<Paths, P extends keyof Paths, M extends TypedMethod> = Paths[P] extends {
  [K in M]: infer O;
}
  ? O
  : never;

type ParametersOf<O> = O extends { parameters: infer P } ? P : Record<string, never>;
type ParamOf<O, K extends string> = ParametersOf<O> extends { [X in K]?: infer V } ? V : never;

type JsonContent<C> = C extends { 'application/json': infer J }
  ? J
  : C extends { 'application/scim+json': infer S }
    ? S
    : unknown;

/** The JSON request body of an operation. */
export type BodyOf<O> = O extends { requestBody?: { content: infer C } } ? JsonContent<C> : never;

/** Parameters where an optional one may also be given as undefined (it is then not sent). */
type Loose<T> = T extends object ? { [K in keyof T]?: T[K] | undefined } : T;

/** What a typed call of an operation takes: its path, query and header parameters, its body. */
export interface CallInit<O> {
  path?: ParamOf<O, 'path'>;
  query?: Loose<ParamOf<O, 'query'>>;
  header?: Loose<ParamOf<O, 'header'>>;
  body?: BodyOf<O>;
}

/**
 * A call's init, or a function that builds it: the function runs inside the call, so a check that
 * throws there makes the call's promise reject instead of throwing where it was made.
 */
export type InitArg<O> = CallInit<O> | (() => CallInit<O>);

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;
type ContentOf<R> = R extends { content: infer C } ? JsonContent<C> : undefined;

/** The data a successful call of an operation returns (undefined for an empty body). */
export type DataOf<O> = O extends { responses: infer R }
  ? ContentOf<R[Extract<keyof R, SuccessStatus>]>
  : unknown;
