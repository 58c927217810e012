import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyVersion, PACKAGE_DIR } from './compile-program.js';

const REPO_ROOT = join(PACKAGE_DIR, '..', '..');

type Manifest = {
  name: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
};

/** Every published package of the workspace, with its folder. */
function publishedPackages(): { dir: string; manifest: Manifest }[] {
  return ['packages', 'apps']
    .flatMap((root) => readdirSync(join(REPO_ROOT, root)).map((name) => join(REPO_ROOT, root, name)))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({
      dir,
      manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest,
    }))
    .filter(({ manifest }) => manifest.private !== true);
}

/** Whether any `.ts` file under `dir` (tests included) imports the Anthropic SDK. */
function importsSdk(dir: string): boolean {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { withFileTypes: true, recursive: true }).some(
    (entry) =>
      entry.isFile() &&
      entry.name.endsWith('.ts') &&
      readFileSync(join(entry.parentPath, entry.name), 'utf8').includes("from '@anthropic-ai/sdk"),
  );
}

/**
 * The packages whose published types show the Anthropic SDK's types: control-protocol declares the
 * messages with them, and @ccsdk/sdk re-exports those messages (`SDKAssistantMessage.message` is a
 * `BetaMessage`). The others that depend on control-protocol use only its `Transport`, which names
 * no Anthropic type, and get the peer through control-protocol.
 */
const EXPOSING = ['@ccsdk/control-protocol', '@ccsdk/sdk'];

describe('the @anthropic-ai/sdk peer range', () => {
  const range = `>=${copyVersion('anthropic-sdk-lowest')}`;

  it.each(EXPOSING)(
    'should be a required peer of %s, from the lowest version tested, with a dev copy',
    (name) => {
      const found = publishedPackages().find((p) => p.manifest.name === name);
      expect(found).toBeDefined();
      const manifest = found?.manifest;
      expect(manifest?.peerDependencies?.['@anthropic-ai/sdk']).toBe(range);
      expect(manifest?.peerDependenciesMeta?.['@anthropic-ai/sdk']?.optional).not.toBe(true);
      expect(manifest?.devDependencies?.['@anthropic-ai/sdk']).toBeDefined();
    },
  );

  it('should never be a dependency of a published package (that would bring a second copy)', () => {
    const bringing = publishedPackages()
      .filter(({ manifest }) =>
        [manifest.dependencies, manifest.optionalDependencies].some((deps) => deps?.['@anthropic-ai/sdk']),
      )
      .map(({ manifest }) => manifest.name);
    expect(bringing).toEqual([]);
  });

  it('should be declared by every published package whose sources or declarations import it', () => {
    const importing = publishedPackages()
      .filter(({ dir }) => importsSdk(join(dir, 'src')) || importsSdk(join(dir, 'dist')))
      .map(({ manifest }) => manifest.name);
    expect(importing).toContain('@ccsdk/control-protocol');
    expect(importing.filter((name) => !EXPOSING.includes(name))).toEqual([]);
  });
});
