import { writeFileSync } from 'node:fs';
import { buildChecklist } from './checklist.js';
import { readChecklistInput } from './official-input.js';
import { CHECKLIST_FILE } from './paths.js';

/** `pnpm generate`: rewrites the committed checklist from the official index and the allow-list. */
writeFileSync(CHECKLIST_FILE, buildChecklist(readChecklistInput()));
process.stdout.write(`wrote ${CHECKLIST_FILE}\n`);
