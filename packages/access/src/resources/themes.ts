import { type CallOptions, unwrap } from '@x/runtime';
import type { RealmScope } from '../context.js';
import type { components } from '../generated/schema.js';
import { requireId, requireObject } from '../ids.js';

/** The look of a realm's hosted pages and e-mails. */
export type Theme = components['schemas']['Theme'];
/** The updatable attributes of a theme. */
export type ThemeInput = components['schemas']['ThemeInput'];

/** The themes of a realm: retrieve and update. (Listing and creating themes is not published.) */
export class ThemesResource {
  /** @internal */
  constructor(private readonly scope: RealmScope) {}

  /** Retrieves a theme. */
  async get(themeId: string, options?: CallOptions): Promise<Theme> {
    const { client } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}/realms/{realm_id}/themes/{theme_id}', {
        params: { path: this.pathOf(themeId) },
        ...client.call(options),
      }),
    );
  }

  /** Updates a theme (only the attributes given change). */
  async update(themeId: string, input: ThemeInput, options?: CallOptions): Promise<Theme> {
    const path = this.pathOf(themeId);
    requireObject(input, 'theme');
    const { client } = this.scope;
    return unwrap(
      client.raw.PATCH('/v1/tenants/{tenant_id}/realms/{realm_id}/themes/{theme_id}', {
        params: { path },
        body: { theme: input },
        ...client.call(options),
      }),
    );
  }

  private pathOf(themeId: string) {
    return { ...this.scope.path, theme_id: requireId(themeId, 'themeId') };
  }
}
