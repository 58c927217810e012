import { copyFileSync, rmSync } from 'node:fs';
import { defineConfig } from 'tsup';

// One output per entry of package.json `exports` (`./sdk-tools` and `./sdk-tools.js` share one).
// `sdk-tools` is types only; its JavaScript file is an empty module, so importing it still works.
//
// `core` only re-exports the root: its run-time subset as values and every type with
// `export type *`, as the official entry does. The declaration bundler would rewrite that as a plain
// `export { ... }` of every name, declaring as values names that core.js does not export; so
// core's declaration file is its source, copied as it is. tsup's `clean` would also delete that
// copy when the declaration build starts, so the output folder is emptied here instead, once.
export default defineConfig(() => {
  rmSync('dist', { recursive: true, force: true });
  return {
    entry: {
      index: 'src/index.ts',
      core: 'src/core.ts',
      'sdk-tools': 'src/sdk-tools/index.ts',
      extract: 'src/extract/index.ts',
      browser: 'src/browser/index.ts',
    },
    format: ['esm'],
    dts: {
      entry: {
        index: 'src/index.ts',
        'sdk-tools': 'src/sdk-tools/index.ts',
        extract: 'src/extract/index.ts',
        browser: 'src/browser/index.ts',
      },
    },
    sourcemap: true,
    clean: false,
    target: 'node20',
    onSuccess: async () => copyFileSync('src/core.ts', 'dist/core.d.ts'),
  };
});
