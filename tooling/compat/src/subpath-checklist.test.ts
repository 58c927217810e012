import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOW_LIST } from './allow-list.js';
import { buildSubpathChecklist } from './checklist.js';
import { COMPAT_DIR, typeCheck } from './compile.js';
import { listModuleExports } from './module-exports.js';
import { readSubpathInput } from './official-input.js';
import { subpathChecklistFile } from './paths.js';
import { oursSpecifier, SUBPATHS, type Subpath } from './subpaths.js';

/** How many names each official subpath entry of 0.3.332 exports (a new official name changes these). */
const OFFICIAL_NAME_COUNTS: Readonly<Record<Subpath, number>> = {
  core: 268,
  'sdk-tools': 90,
  extract: 1,
  browser: 31,
};

describe.each(SUBPATHS)('the drop-in checklist of the `%s` entry', (subpath) => {
  const input = readSubpathInput(subpath);
  const file = subpathChecklistFile(subpath);

  it('should be current: one check for every name the official entry exports', () => {
    // Run `pnpm generate` in tooling/compat after changing the allow-list or upgrading the official package.
    expect(readFileSync(file, 'utf8')).toBe(buildSubpathChecklist(subpath, input));
    expect(input.official.length).toBe(OFFICIAL_NAME_COUNTS[subpath]);
  });

  it('should compile: every name exists in ours and the shapes agree', () => {
    const lines = readFileSync(file, 'utf8').split('\n');
    const failing = typeCheck([file]).map((e) =>
      e.file === file ? lines[e.line - 1]?.split(' =')[0] : e.text,
    );
    expect(failing).toEqual([]);
  });

  it('should allow only differences that still exist in this entry, each with a reason', () => {
    const officialNames = new Set(input.official.map((e) => e.name));
    const ours = new Set(
      listModuleExports(oursSpecifier(subpath), join(COMPAT_DIR, 'src', 'index.ts')).map((e) => e.name),
    );
    for (const entry of ALLOW_LIST.filter((e) => e.subpath === subpath)) {
      expect(entry.why.length, entry.name).toBeGreaterThan(10);
      const base = entry.name.split(/[.#]/)[0] ?? '';
      expect(officialNames.has(base), `${entry.name} is not an official export of ${subpath}`).toBe(true);
      if (entry.kind === 'missing' && !entry.name.includes('.')) {
        expect(ours.has(entry.name), `${entry.name} is exported now: remove it from the allow-list`).toBe(
          false,
        );
      }
    }
  });
});

describe('the names of the subpath entries, the other way', () => {
  it('should be, for `sdk-tools`, exactly the official names: no name of ours the official lacks', () => {
    const from = join(COMPAT_DIR, 'src', 'index.ts');
    const names = (specifier: string) => listModuleExports(specifier, from).map((e) => e.name);
    expect(names(oursSpecifier('sdk-tools'))).toEqual(
      readSubpathInput('sdk-tools').official.map((e) => e.name),
    );
    expect(names('@ccsdk/sdk/sdk-tools.js')).toEqual(names('@ccsdk/sdk/sdk-tools'));
  });
});

describe('the run-time names of the subpath entries', () => {
  it('should be, for `core`, exactly the names the official `core` exports as values', async () => {
    const { officialValues } = readSubpathInput('core');
    expect(officialValues.length).toBe(24);
    const ours = await import('@ccsdk/sdk/core');
    expect(Object.keys(ours).sort()).toEqual([...officialValues].sort());
  });

  it('should be, for `extract`, the official function (plus our typed error)', async () => {
    const { officialValues } = readSubpathInput('extract');
    expect(officialValues).toEqual(['extractFromBunfs']);
    const ours = await import('@ccsdk/sdk/extract');
    expect(Object.keys(ours).sort()).toEqual(['ExtractError', 'extractFromBunfs']);
    expect(typeof ours.extractFromBunfs).toBe('function');
  });

  it('should be none for `sdk-tools` (types only), which still imports under both names', async () => {
    expect(Object.keys(await import('@ccsdk/sdk/sdk-tools'))).toEqual([]);
    expect(Object.keys(await import('@ccsdk/sdk/sdk-tools.js'))).toEqual([]);
  });
});
