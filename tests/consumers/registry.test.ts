// The local registry holds every published package at the version the release produced, and
// each tarball is the packed (publishConfig-applied) shape.
import { describe, expect, inject, it } from 'vitest';
import { publishedPackages } from './global-setup.js';

describe('local registry after `changeset publish`', () => {
  const registry = inject('registry');
  const published = inject('published');

  it.each(publishedPackages().map((p) => p.name))('%s is published', async (name) => {
    const response = await fetch(`${registry}${name.replace('/', '%2f')}`);
    const doc = (await response.json()) as {
      'dist-tags': Record<string, string>;
      versions: Record<string, Record<string, unknown>>;
    };
    const version = published[name]!;
    expect(doc['dist-tags'].latest).toBe(version);
    const manifest = doc.versions[version]!;
    const text = JSON.stringify(manifest);
    expect(text).not.toContain('@x/source');
    expect(text).not.toContain('workspace:');
    expect(manifest.sideEffects).toBe(false);
  });
});
