// Publishes a package folder to the local registry in process: packed as npm packs an installed
// package (every file under `package/`), and sent with the npm registry's publish request.
// Spawning `npm pack` and `npm publish` for each of a few hundred third-party dependencies took
// minutes of the consumer suite's setup; in process it takes seconds.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'tar';

/** A registry to publish to: its base URL (ending in `/`) and a token allowed to publish. */
export interface RegistryTarget {
  registry: string;
  token: string;
}

/** The folder as a gzipped tarball, every entry under `package/`, node_modules left out. */
export async function packFolder(dir: string): Promise<Buffer> {
  const entries = readdirSync(dir).filter((name) => name !== 'node_modules');
  const stream = create(
    {
      gzip: true,
      cwd: dir,
      prefix: 'package',
      portable: true,
      // Fixed times, so the same folder packs to the same bytes.
      mtime: new Date('2000-01-01T00:00:00Z'),
    },
    entries,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Publishes the package in `dir` (its package.json as it stands) under the `latest` tag. */
export async function publishFolder(dir: string, target: RegistryTarget): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  > & { name: string; version: string };
  const { name, version } = manifest;
  const tarball = await packFolder(dir);
  const file = `${name.split('/').at(-1)}-${version}.tgz`;
  const body = {
    _id: name,
    name,
    'dist-tags': { latest: version },
    versions: {
      [version]: {
        ...manifest,
        _id: `${name}@${version}`,
        dist: {
          integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
          shasum: createHash('sha1').update(tarball).digest('hex'),
          tarball: `${target.registry}${name}/-/${file}`,
        },
      },
    },
    access: null,
    _attachments: {
      [file]: {
        content_type: 'application/octet-stream',
        data: tarball.toString('base64'),
        length: tarball.length,
      },
    },
  };
  const response = await fetch(`${target.registry}${name.replace('/', '%2f')}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(
      `publishing ${name}@${version} failed: ${response.status} ${(await response.text()).slice(0, 500)}`,
    );
}
