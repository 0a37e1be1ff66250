// The emulator's surface for scripts and tests: the `x-emulator` flags, the control routes under
// `/_emulator` (the core's and the families'), and the `x-emulator-*` response headers.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  type ControlTarget,
  controlRoutes,
} from '../../../../packages/emulator/src/control/routes.js';
import { FAMILIES } from '../../../../packages/emulator/src/families/registry.js';
import type { World } from '../../../../packages/emulator/src/families/types.js';
import * as pipeline from '../../../../packages/emulator/src/http/pipeline.js';
import type { Fact } from './lines.js';

const bin = fileURLToPath(new URL('../../../../packages/emulator/src/bin.ts', import.meta.url));

/** The facts of the emulator's flags, control routes and headers. */
export function emulatorSurface(): Fact[] {
  const facts: Fact[] = [];
  const usage = execFileSync(
    process.execPath,
    ['--conditions=@x/source', '--import', 'tsx', bin, '--help'],
    { encoding: 'utf8' },
  );
  for (const line of usage.split('\n')) {
    const flag = /^\s+(--[a-z-]+(?: [A-Z]+)?)/.exec(line);
    if (flag) facts.push({ owner: 'x-emulator', fact: flag[1]! });
  }
  // Routes are registered, not served: the target and the world are never called.
  const app = controlRoutes({} as ControlTarget, (control) => {
    for (const family of FAMILIES) family.control?.(control, {} as World);
  });
  for (const route of app.routes)
    facts.push({
      owner: 'control',
      fact: `${route.method} /_emulator${route.path === '/' ? '' : route.path}`,
    });
  for (const [name, value] of Object.entries(pipeline))
    if (name.endsWith('_HEADER') && typeof value === 'string')
      facts.push({ owner: 'header', fact: value });
  return facts;
}
