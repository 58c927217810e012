import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryPointsOf } from './entry-points.js';
import { missingSourceFiles } from './source-closure.js';
import { binsOf, requiredPeers } from './workspace-packages.js';

describe('entryPointsOf', () => {
  it('reads each subpath with its conditions, leaving out package.json', () => {
    const entries = entryPointsOf('@x/sdk', {
      '.': { '@ccsdk/source': './src/index.ts', types: './dist/index.d.ts', import: './dist/index.js' },
      './sdk-tools': { types: './dist/sdk-tools.d.ts' },
      './plain': './dist/plain.js',
      './package.json': './package.json',
    });
    expect(entries).toEqual([
      {
        packageName: '@x/sdk',
        subpath: '.',
        specifier: '@x/sdk',
        runtime: true,
        types: true,
        source: './src/index.ts',
      },
      {
        packageName: '@x/sdk',
        subpath: './sdk-tools',
        specifier: '@x/sdk/sdk-tools',
        runtime: false,
        types: true,
        source: undefined,
      },
      {
        packageName: '@x/sdk',
        subpath: './plain',
        specifier: '@x/sdk/plain',
        runtime: true,
        types: false,
        source: undefined,
      },
    ]);
  });

  it('finds nested conditions and takes a bare conditions object as the root', () => {
    const [entry] = entryPointsOf('p', { node: { types: './a.d.ts', default: './a.js' } });
    expect(entry).toMatchObject({ subpath: '.', specifier: 'p', runtime: true, types: true });
    expect(entryPointsOf('bin-only', undefined)).toEqual([]);
  });
});

describe('requiredPeers and binsOf', () => {
  const pkg = (manifest: object) => ({ dir: '/', manifest: { version: '1.0.0', ...manifest } as never });

  it('keeps non-optional peers that are not our packages, joining different ranges', () => {
    const peers = requiredPeers([
      pkg({
        name: 'a',
        peerDependencies: { zod: '^4.0.0', b: '^1', otel: '^1' },
        peerDependenciesMeta: { otel: { optional: true } },
      }),
      pkg({ name: 'b', peerDependencies: { zod: '>=4.1.0', mcp: '^1 || ^2' } }),
      pkg({ name: 'c', peerDependencies: { mcp: '^2' } }),
    ]);
    expect(peers).toEqual({ zod: '^4.0.0 >=4.1.0', mcp: '^1 || ^2' });
  });

  it('names a string bin after the unscoped package name', () => {
    expect(binsOf({ name: '@s/tool', version: '1.0.0', bin: './t.js' })).toEqual({ tool: './t.js' });
  });
});

describe('missingSourceFiles', () => {
  it('follows relative imports (.js written for .ts) and names what is missing and who imports it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'install-check-unit-'));
    try {
      mkdirSync(join(dir, 'src', 'sub'), { recursive: true });
      writeFileSync(
        join(dir, 'src', 'index.ts'),
        "export { a } from './a.js';\nimport type { B } from './sub/b.js';\nexport type { B };\n",
      );
      writeFileSync(join(dir, 'src', 'a.ts'), "import './gone.js';\nexport const a = 1;\n");
      writeFileSync(join(dir, 'src', 'sub', 'b.ts'), "export type B = import('../a.js').A;\n");
      expect(missingSourceFiles(dir, './src/index.ts')).toEqual(['src/gone.ts (imported by src/a.ts)']);
      expect(missingSourceFiles(dir, './src/absent.ts')).toEqual(['src/absent.ts (imported by exports)']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
