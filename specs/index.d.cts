/** Names of the published specs, one per API family. */
export declare const specNames: readonly string[];
/** Absolute path of a published spec file: YAML source or bundled JSON. */
export declare function specPath(name: string, format?: 'yaml' | 'json'): string;
