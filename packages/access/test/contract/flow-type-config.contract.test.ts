// Contract tests of the flow type configuration (the spec's "Launch mechanisms") against Prism
// (see test/support/prism.ts).
import { describe, expect, it } from 'vitest';
import { access, type ContractCase, contractCases, seen } from '../support/prism.js';

const realm = access.realm('realm-1');

const cases: ContractCase[] = [
  {
    operationId: 'getFlowTypeConfig',
    run: (o) => realm.flowTypeConfig.get(o),
    request: { path: '/realms/realm-1/flow-type-config' },
  },
  {
    operationId: 'updateFlowTypeConfig',
    run: (o) =>
      realm.flowTypeConfig.update(
        { windows: { copy: { enabled: false } }, web: { layered_auth_qr_code: { enabled: true } } },
        o,
      ),
    // The body is the platform map itself, not wrapped.
    request: {
      body: {
        windows: { copy: { enabled: false } },
        web: { layered_auth_qr_code: { enabled: true } },
      },
    },
  },
];

describe('flow type configuration', () => contractCases(['Launch mechanisms'], cases));

describe('checks before sending', () => {
  // An unknown platform is sent through (the platform may add one); a wrong type is not.
  it('refuses a wrong type, naming the field', async () => {
    await expect(
      // @ts-expect-error: enabled is a boolean
      realm.flowTypeConfig.update({ ios: { embedded: { enabled: 'yes' } } }),
    ).rejects.toThrow(/^flow_type_config\.ios\.embedded\.enabled: /);
    expect(seen).toHaveLength(0);
  });
});
