import { join } from 'node:path';
import { COMPAT_DIR } from './compile.js';

/** The committed, generated checklist. */
export const CHECKLIST_FILE = join(COMPAT_DIR, 'src', 'generated', 'checklist.ts');

/** The realistic program written against the official types. */
export const PROGRAM_FILE = join(COMPAT_DIR, 'src', 'program', 'agent-program.ts');

/** Our facade's entry (sources, through the `@ccsdk/source` condition). */
export const OURS_ENTRY = join(COMPAT_DIR, '..', '..', 'packages', 'sdk-facade', 'src', 'index.ts');
