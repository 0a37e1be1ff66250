// 3. Bundle size per package as an app ships it (see lib/bundles.ts).
import { bundle, measureAll } from './lib/bundles.js';
import { figure, kb, runStandalone, type Section } from './lib/report.js';

const LIMITS: Record<string, number> = {
  '@x/legacy': 5,
  '@x/auth': 5,
  '@x/workforce': 8,
  '@x/access': 8,
  '@x/events': 8,
};

export async function run(): Promise<Section> {
  const sizes = await measureAll();
  const openapiFetch = await bundle("export { default } from 'openapi-fetch';", true);
  const figures = Object.entries(sizes).map(([name, s]) => {
    const limit = LIMITS[name];
    const value = `${kb(s.withDeps.gzip)} (own ${kb(s.own.gzip)}; min ${kb(s.withDeps.minified)})`;
    return limit === undefined
      ? figure(`${name} min+gzip`, value)
      : figure(`${name} min+gzip`, value, `< ${limit} kB`, s.withDeps.gzip < limit * 1024);
  });
  figures.push(figure('openapi-fetch alone min+gzip', kb(openapiFetch.gzip)));
  return {
    id: 'bundle-size',
    title: '3. Bundle size',
    method:
      'esbuild, ESM, minified, platform browser, one realistic import per package (`bench/src/lib/bundles.ts`), gzip level 9. The first size includes @x/runtime and openapi-fetch; "own" leaves both out (the package\'s own code). 1 kB = 1024 bytes. CI runs `bench/src/size-check.ts` against `bench/size-baseline.json`.',
    figures,
  };
}

await runStandalone(import.meta.url, run);
