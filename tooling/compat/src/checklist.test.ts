import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOW_LIST } from './allow-list.js';
import { buildChecklist, entriesByName, MEMBER_CHECKED } from './checklist.js';
import { COMPAT_DIR, typeCheck } from './compile.js';
import { listModuleExports } from './module-exports.js';
import { readChecklistInput } from './official-input.js';
import { CHECKLIST_FILE } from './paths.js';

const input = readChecklistInput();
const officialNames = new Set(input.official.map((e) => e.name));

describe('the drop-in checklist against @anthropic-ai/claude-agent-sdk 0.3.332', () => {
  it('should be current: one check for every name the official index exports', () => {
    // A name added to (or dropped from) the official index, or an allow-list change, makes the
    // committed checklist stale: run `pnpm generate` in tooling/compat and review the diff.
    expect(readFileSync(CHECKLIST_FILE, 'utf8')).toBe(buildChecklist(input));
    expect(input.official.length).toBe(268);
  });

  it('should compile: every name exists in @ccsdk/sdk and the shapes agree', () => {
    const errors = typeCheck([CHECKLIST_FILE]);
    const lines = readFileSync(CHECKLIST_FILE, 'utf8').split('\n');
    const failing = errors.map((e) =>
      e.file === CHECKLIST_FILE ? lines[e.line - 1]?.split(' =')[0] : e.text,
    );
    expect(failing).toEqual([]);
  });

  it('should allow only differences that still exist, each with a reason', () => {
    const ours = new Set(
      listModuleExports('@ccsdk/sdk', join(COMPAT_DIR, 'src', 'index.ts')).map((e) => e.name),
    );
    // Entries of a subpath entry are checked in subpath-checklist.test.ts.
    for (const entry of ALLOW_LIST.filter((e) => e.subpath === undefined)) {
      expect(entry.why.length, entry.name).toBeGreaterThan(10);
      const base = entry.name.split(/[.#]/)[0] ?? '';
      expect(officialNames.has(base), `${entry.name} is not an official export`).toBe(true);
      if (entry.kind === 'missing' && !entry.name.includes('.')) {
        expect(ours.has(entry.name), `${entry.name} is exported now: remove it from the allow-list`).toBe(
          false,
        );
      }
    }
    for (const name of MEMBER_CHECKED) {
      const members = new Set(input.officialMembers[name]);
      for (const entry of input.allowList.filter((e) => e.name.startsWith(`${name}.`))) {
        expect(
          members.has(entry.name.slice(name.length + 1)),
          `${entry.name} is not an official member`,
        ).toBe(true);
      }
    }
    const keys = ALLOW_LIST.map((e) => `${e.subpath ?? '.'}:${e.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('should report the counts', () => {
    const allowed = entriesByName(input.allowList);
    const missingNames = input.official.filter((e) => allowed.get(e.name)?.kind === 'missing');
    const count = (name: string) => {
      const members = input.officialMembers[name] ?? [];
      const missing = members.filter((m) => allowed.get(`${name}.${m}`)?.kind === 'missing');
      const differing = members.filter((m) => {
        const kind = allowed.get(`${name}.${m}`)?.kind;
        return kind !== undefined && kind !== 'missing';
      });
      return {
        total: members.length,
        mutual: members.length - missing.length - differing.length,
        missing,
        differing,
      };
    };
    const checks = readFileSync(CHECKLIST_FILE, 'utf8').match(/^export type Check_/gm)?.length ?? 0;
    const report = {
      officialNames: input.official.length,
      present: input.official.length - missingNames.length,
      missing: missingNames.map((e) => e.name),
      checks,
      allowListEntries: ALLOW_LIST.length,
      options: count('Options'),
      query: count('Query'),
    };
    console.info(`compat counts: ${JSON.stringify(report, null, 2)}`);
    expect(report.options.total).toBe(70);
    expect(report.query.total).toBe(30);
    expect(report.present + report.missing.length).toBe(268);
  });
});
