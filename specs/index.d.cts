// Types of @x/specs (index.cjs); index.d.mts re-exports them for ES modules.

/** Names of the published specs, one per API family. */
export declare const specNames: readonly string[];

/** The name of a published spec: one of `specNames`. */
export type SpecName = 'legacy' | 'workforce' | 'access' | 'events';

/** Absolute path of a published spec file: YAML source or bundled JSON. */
export declare function specPath(name: string, format?: 'yaml' | 'json'): string;

/** A JSON object of unknown shape: a document or one of its parts. */
export type JsonObject = Record<string, unknown>;

/**
 * The bundled document of a spec (`dist/<name>.json`), parsed at first use and cached for the
 * process; shared by every caller, so treat it as read-only. Throws for a name that is not in
 * `specNames`, and when the JSON has not been built.
 */
export declare function specDocument(name: string): JsonObject;

/**
 * The node a local JSON pointer (`#/components/schemas/User`) names in a document; undefined when
 * nothing is there or the pointer is not local. One step: a `$ref` found there is returned as is.
 */
export declare function resolvePointer(doc: JsonObject, pointer: string): unknown;

/**
 * Follows local `$ref`s until a node that is not a reference (at most 32 hops); any other node is
 * returned as it is.
 */
export declare function resolveRef(doc: JsonObject, node: unknown): unknown;

/** A parameter of an operation, its reference resolved. */
export interface SpecParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  /** As declared (`required: true`); path parameters declare it. */
  readonly required: boolean;
  readonly description: string | undefined;
  /** Its schema as written (it may be or hold local `$ref`s); `{}` when it declares none. */
  readonly schema: JsonObject;
  readonly example: unknown;
}

/** A request body: its media types and the JSON one's schema. */
export interface SpecRequestBody {
  readonly required: boolean;
  /** Each declared media type, lower-cased, to its schema as written (undefined: none). */
  readonly content: Readonly<Record<string, JsonObject | undefined>>;
  /** The schema of `application/json`, else of `application/scim+json`; undefined when neither declares one. */
  readonly schema: JsonObject | undefined;
}

/** A declared response. */
export interface SpecResponse {
  /** Each declared media type, lower-cased, to its schema as written (undefined: none). */
  readonly content: Readonly<Record<string, JsonObject | undefined>>;
  /** The schema of `application/json`, else of `application/scim+json`; undefined when neither declares one. */
  readonly schema: JsonObject | undefined;
  /** The names of the headers it declares. */
  readonly headers: readonly string[];
}

/** One operation of a spec, its references resolved one level (schemas keep theirs). */
export interface SpecOperation<Name extends string = string> {
  /** The spec it belongs to. */
  readonly spec: Name;
  readonly operationId: string;
  /** Upper-case HTTP method (`GET`). */
  readonly method: string;
  /** The path as the document writes it (`/v2/groups/{group_id}:addUsers`). */
  readonly path: string;
  readonly summary: string | undefined;
  readonly description: string | undefined;
  /** Its first tag (every operation of the documents has exactly one). */
  readonly tag: string | undefined;
  /** Path-level and operation-level parameters; an operation's own replaces the path's of the same name and location. */
  readonly parameters: readonly SpecParameter[];
  readonly requestBody: SpecRequestBody | undefined;
  /** Status (`200`, `4XX`, `default`) to response. */
  readonly responses: Readonly<Record<string, SpecResponse>>;
  /**
   * The URL of the server the operation is addressed at: the first entry of its own `servers`,
   * else of its path's, else of the document's (`{workforce_api_url}`).
   */
  readonly serverUrl: string | undefined;
  /**
   * The variables of that server other than the base address its URL starts with: none for the
   * documents' servers (`{workforce_api_url}`), `tenant_id` and `realm_id` for the access SCIM
   * server (`{access_api_url}/v1/tenants/{tenant_id}/realms/{realm_id}/scim/v2`, path-level).
   * Each is given as the path parameter it stands for: required, a non-empty string
   * (`{type: 'string', minLength: 1}`), with the variable's description.
   */
  readonly serverVariables: readonly SpecParameter[];
  /** Names of the security schemes any of which the operation accepts (its own requirement, else the document's); empty: none. */
  readonly securitySchemes: readonly string[];
}

/**
 * Every operation of a spec by operationId, path by path in document order; built at first use
 * and cached for the process. Operations without an operationId are left out (the documents have none).
 */
export declare function specOperations<Name extends string>(
  name: Name,
): ReadonlyMap<string, SpecOperation<Name>>;

/**
 * Whether the documents' convention makes a schema a closed object: it declares `properties` (or
 * is an `allOf`) and says nothing about further properties, neither itself
 * (`additionalProperties`, `unevaluatedProperties`) nor in a member of its `allOf`. The members of
 * an `allOf` are parts of an object, not objects of their own: callers do not close them.
 */
export declare function isClosedObject(schema: unknown): boolean;

/**
 * A copy of a spec schema for a JSON Schema 2020-12 validator: every closed object (see
 * `isClosedObject`) says `unevaluatedProperties: false`, and local `$ref`s are prefixed with
 * `refBase`, the `$id` under which the caller registers the document's components
 * (`{ $id: refBase, components: closedSchema(doc.components, refBase) }`). `example`,
 * `examples` and `discriminator` are copied as they are.
 */
export declare function closedSchema(schema: unknown, refBase?: string): unknown;
