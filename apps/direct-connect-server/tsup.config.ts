import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const define = { __PACKAGE_VERSION__: JSON.stringify(version) };

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    define,
  },
  {
    entry: ['src/bin.ts'],
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    define,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
