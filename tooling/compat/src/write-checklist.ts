import { writeFileSync } from 'node:fs';
import { buildChecklist, buildSubpathChecklist } from './checklist.js';
import { readChecklistInput, readSubpathInput } from './official-input.js';
import { CHECKLIST_FILE, subpathChecklistFile } from './paths.js';
import { SUBPATHS } from './subpaths.js';

/**
 * `pnpm generate`: rewrites the committed checklists from the official entries and the allow-list:
 * the root's, then one per subpath entry.
 */
writeFileSync(CHECKLIST_FILE, buildChecklist(readChecklistInput()));
process.stdout.write(`wrote ${CHECKLIST_FILE}\n`);
for (const subpath of SUBPATHS) {
  const file = subpathChecklistFile(subpath);
  writeFileSync(file, buildSubpathChecklist(subpath, readSubpathInput(subpath)));
  process.stdout.write(`wrote ${file}\n`);
}
