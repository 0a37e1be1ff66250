// Themes: a realm has one theme, the one it uses (`themes/active`); creating a second gives 409
// (the platform publishes the 409 without its condition). Get and partial update by id.
import { conflict } from '../../http/errors.js';
import type { Handler, HandlerContext } from '../types.js';
import {
  acc,
  assignSent,
  fresh,
  inRealm,
  missing,
  nowIso,
  ofRealm,
  realmOf,
  wrapped,
} from './common.js';
import type { ThemeRecord } from './state.js';

const FIELDS = [
  'email_realm_name',
  'logo_url_light',
  'logo_url_dark',
  'support_url',
  'button_color',
  'button_text_color',
] as const;

const findTheme = (ctx: HandlerContext) =>
  inRealm(ctx, acc(ctx).themes, 'theme', ctx.params.theme_id);

const createTheme: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const existing = ofRealm(acc(ctx).themes, realm.id)[0];
  if (existing) throw conflict(`the realm already has a theme (${existing.id}); update it`);
  const now = nowIso(ctx);
  const theme: ThemeRecord = {
    ...fresh(ctx),
    tenant_id: realm.tenant_id,
    realm_id: realm.id,
    create_time: now,
    update_time: now,
  };
  assignSent(theme, wrapped(ctx, 'theme'), FIELDS);
  acc(ctx).themes[theme.id] = theme;
  return { body: theme };
};

const getActiveTheme: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const theme = ofRealm(acc(ctx).themes, realm.id)[0];
  if (!theme) throw missing(ctx, 'theme', 'active');
  return { body: theme };
};

const getTheme: Handler = (ctx) => ({ body: findTheme(ctx) });

const updateTheme: Handler = (ctx) => {
  const theme = findTheme(ctx);
  if (assignSent(theme, wrapped(ctx, 'theme'), FIELDS)) theme.update_time = nowIso(ctx);
  return { body: theme };
};

/** Handlers of the theme operations. */
export const themeHandlers: Record<string, Handler> = {
  createTheme,
  getActiveTheme,
  getTheme,
  updateTheme,
};
