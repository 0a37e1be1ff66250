// A small hand-written path map in the openapi-typescript shape, for typed raw-client tests.
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };
type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type Unused = {
  put?: never;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
};

export interface paths {
  '/v2/users/{user_id}': Unused & {
    parameters: NoParams;
    get: {
      parameters: { query?: never; header?: never; path: { user_id: string }; cookie?: never };
      requestBody?: never;
      responses: { 200: Json<{ id: string }> };
    };
    post?: never;
  };
  '/v2/groups/{group_id}:addUsers': Unused & {
    parameters: NoParams;
    get?: never;
    post: {
      parameters: { query?: never; header?: never; path: { group_id: string }; cookie?: never };
      requestBody: { content: { 'application/json': { user_ids: string[] } } };
      responses: { 200: Json<Record<string, never>> };
    };
  };
}
