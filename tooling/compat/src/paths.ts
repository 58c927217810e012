import { join } from 'node:path';
import { COMPAT_DIR } from './compile.js';
import type { Subpath } from './subpaths.js';

/** The committed, generated checklist. */
export const CHECKLIST_FILE = join(COMPAT_DIR, 'src', 'generated', 'checklist.ts');

/** The realistic program written against the official types. */
export const PROGRAM_FILE = join(COMPAT_DIR, 'src', 'program', 'agent-program.ts');

/** Our facade's entry (sources, through the `@ccsdk/source` condition). */
export const OURS_ENTRY = join(COMPAT_DIR, '..', '..', 'packages', 'sdk-facade', 'src', 'index.ts');

/** Our facade's source folder. */
const OURS_SRC = join(OURS_ENTRY, '..');

/** The source file of each of our subpath entries. */
export const OURS_SUBPATH_ENTRIES: Readonly<Record<Subpath, string>> = {
  core: join(OURS_SRC, 'core.ts'),
  'sdk-tools': join(OURS_SRC, 'sdk-tools', 'index.ts'),
  extract: join(OURS_SRC, 'extract', 'index.ts'),
  browser: join(OURS_SRC, 'browser', 'index.ts'),
};

/** The committed, generated checklist of one subpath entry. */
export function subpathChecklistFile(subpath: Subpath): string {
  return join(COMPAT_DIR, 'src', 'generated', `checklist-${subpath}.ts`);
}

/** The program written against the official built-in tool types (`sdk-tools`). */
export const TOOLS_PROGRAM_FILE = join(COMPAT_DIR, 'src', 'program', 'tools-program.ts');
