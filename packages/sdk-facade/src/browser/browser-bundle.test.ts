import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
const builtins = new Set(builtinModules);

describe('the browser entry bundle', () => {
  it('imports no Node built-in and references no process or Buffer global', async () => {
    const nodeImports: string[] = [];
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      conditions: ['@ccsdk/source'],
      logLevel: 'silent',
      plugins: [
        {
          name: 'flag-node-builtins',
          setup(build) {
            build.onResolve({ filter: /.*/ }, (args) => {
              const bare = args.path.replace(/^node:/, '').split('/')[0] ?? '';
              if (!args.path.startsWith('node:') && !builtins.has(bare)) return undefined;
              nodeImports.push(`${args.importer} -> ${args.path}`);
              return { path: args.path, external: true };
            });
          },
        },
      ],
    });
    expect(nodeImports).toEqual([]);
    const text = result.outputFiles[0]?.text ?? '';
    expect(text.length).toBeGreaterThan(1000);
    expect(text).not.toMatch(/\bprocess\.(env|emitWarning|platform|cwd|on)\b/);
    expect(text).not.toMatch(/\bBuffer\.(from|alloc|concat)\b/);
    // Not yet checked: `require(` still occurs, inside CommonJS code the MCP SDK pulls in (ajv).
  }, 60_000);
});
