// Contract tests of themes against Prism (see test/support/prism.ts).
import type { ThemeCreate } from '@x/access';
import { describe, expect, it } from 'vitest';
import { access, type ContractCase, contractCases, seen } from '../support/prism.js';

const realm = access.realm('realm-1');

/** The spec's request example: a branded theme. */
const brand: ThemeCreate = {
  email_realm_name: 'Example Corp',
  logo_url_light: 'https://cdn.example.com/logo-light.png',
  logo_url_dark: 'https://cdn.example.com/logo-dark.png',
  support_url: 'https://support.example.com',
  button_color: '#1A73E8',
  button_text_color: '#FFFFFF',
};

const cases: ContractCase[] = [
  {
    operationId: 'createTheme',
    run: (o) => realm.themes.create(brand, o),
    request: { path: '/realms/realm-1/themes', body: { theme: brand } },
  },
  {
    operationId: 'getActiveTheme',
    run: (o) => realm.themes.getActive(o),
    request: { path: '/realms/realm-1/themes/active' },
  },
  {
    operationId: 'getTheme',
    run: (o) => realm.themes.get('theme-1', o),
    request: { path: '/themes/theme-1' },
  },
  {
    operationId: 'updateTheme',
    run: (o) => realm.themes.update('theme-1', { button_color: '#1a73e8' }, o),
    request: { body: { theme: { button_color: '#1a73e8' } } },
  },
];

describe('themes', () => contractCases(['Themes'], cases));

describe('checks before sending', () => {
  it('refuses a colour that is not hex and a support address that is not a URL', async () => {
    await expect(realm.themes.update('theme-1', { button_color: 'blue' })).rejects.toThrow(
      /^theme\.button_color: /,
    );
    await expect(realm.themes.create({ support_url: 'support' })).rejects.toThrow(
      /^theme\.support_url: /,
    );
    expect(seen).toHaveLength(0);
  });
});
