// The themes of a realm: the look of its hosted pages and e-mails. A realm has one active theme.
import type { ApiPromise, CallOptions } from '@x/runtime';
import { ValidationError } from '@x/runtime';
import type { RealmScope } from '../api.js';
import { checkBody, displayName, type FieldCheck, text } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';

type Schemas = components['schemas'];

/** A theme of a realm. `id`, `tenant_id`, `realm_id`, `create_time` and `update_time` are always returned. */
export type Theme = Schemas['Theme'];
/** A theme to create; no field is required. */
export type ThemeCreate = Input<Schemas['ThemeCreate']>;
/** The fields of a theme to change; omitted fields stay as they are. No read-only field. */
export type ThemeUpdate = Input<Schemas['ThemeUpdate']>;

const PATHS = {
  themes: '/v1/tenants/{tenant_id}/realms/{realm_id}/themes',
  active: '/v1/tenants/{tenant_id}/realms/{realm_id}/themes/active',
  theme: '/v1/tenants/{tenant_id}/realms/{realm_id}/themes/{theme_id}',
} as const;

/** `#` and 3 or 6 hex digits (the spec's `HexColour`). */
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

const colour: FieldCheck = (value, field) => {
  if (typeof value !== 'string' || !HEX_COLOUR.test(value))
    throw new ValidationError(field, 'must be a hex colour: # and 3 or 6 hex digits');
  return value;
};

const url: FieldCheck = (value, field) => {
  if (typeof value !== 'string' || !isUrl(value))
    throw new ValidationError(field, 'must be an absolute URL');
  return value;
};

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const FIELDS = {
  writable: {
    // The display name rule: 1 to 64 characters, none of the forbidden ones.
    email_realm_name: displayName,
    logo_url_light: text,
    logo_url_dark: text,
    support_url: url,
    button_color: colour,
    button_text_color: colour,
  },
  readOnly: ['id', 'tenant_id', 'realm_id', 'create_time', 'update_time'],
};

/** The themes of a realm: create, get the active one, get and update. */
export class Themes {
  /** @internal */
  constructor(private readonly scope: RealmScope) {}

  /**
   * Creates a theme.
   * @throws ValidationError naming the field (`theme.button_color`), before anything is sent;
   * ConflictError (409) and BadRequestError when the platform refuses it.
   */
  create(theme: ThemeCreate, options?: CallOptions): ApiPromise<Theme> {
    return this.scope.api.post(
      PATHS.themes,
      () => ({
        path: this.scope.path,
        body: { theme: checkBody<Schemas['ThemeCreate']>(theme, FIELDS, 'theme') },
      }),
      options,
    );
  }

  /** Returns the realm's active theme. @throws NotFoundError when the realm has none. */
  getActive(options?: CallOptions): ApiPromise<Theme> {
    return this.scope.api.get(PATHS.active, { path: this.scope.path }, options);
  }

  /** Returns one theme. @throws NotFoundError when there is no such theme. */
  get(themeId: string, options?: CallOptions): ApiPromise<Theme> {
    return this.scope.api.get(
      PATHS.theme,
      { path: { ...this.scope.path, theme_id: themeId } },
      options,
    );
  }

  /**
   * Changes the fields given (a partial update) and returns the theme.
   * @throws ValidationError naming the field, before anything is sent; NotFoundError.
   */
  update(themeId: string, changes: ThemeUpdate, options?: CallOptions): ApiPromise<Theme> {
    return this.scope.api.patch(
      PATHS.theme,
      () => ({
        path: { ...this.scope.path, theme_id: themeId },
        body: { theme: checkBody<Schemas['ThemeUpdate']>(changes, FIELDS, 'theme') },
      }),
      options,
    );
  }
}
