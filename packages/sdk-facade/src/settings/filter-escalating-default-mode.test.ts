import type { PermissionMode } from '@ccsdk/control-protocol';
import { describe, expect, it } from 'vitest';
import { filterEscalatingDefaultMode } from './filter-escalating-default-mode.js';
import type { ResolvedSettings } from './settings-types.js';

function resolved(
  mode: PermissionMode,
  sources: Array<[string, PermissionMode | undefined]>,
): ResolvedSettings {
  return {
    effective: { permissions: { defaultMode: mode, allow: ['Read'] }, model: 'm' },
    provenance: {},
    sources: sources.map(([source, m]) => ({
      source: source as never,
      settings: { permissions: m === undefined ? {} : { defaultMode: m } },
    })),
  };
}

// The comparison with the official SDK on a table and on random stacks is in tooling/bench.
describe('filterEscalatingDefaultMode', () => {
  it('should drop an escalating mode that a repository tier decided, keeping the rest', () => {
    const input = resolved('bypassPermissions', [
      ['user', 'plan'],
      ['project', 'bypassPermissions'],
    ]);
    expect(filterEscalatingDefaultMode(input)).toEqual({ permissions: { allow: ['Read'] }, model: 'm' });
    expect(input.effective).toMatchObject({ permissions: { defaultMode: 'bypassPermissions' } });
    expect(filterEscalatingDefaultMode(resolved('auto', [['local', 'auto']]))).toEqual({
      permissions: { allow: ['Read'] },
      model: 'm',
    });
  });

  it('should keep the mode when a trusted tier decided it, or the tier may set it', () => {
    for (const input of [
      resolved('bypassPermissions', [
        ['project', 'bypassPermissions'],
        ['user', 'bypassPermissions'],
      ]),
      resolved('acceptEdits', [['local', 'acceptEdits']]),
      resolved('plan', [['project', 'plan']]),
      resolved('auto', [['flag', 'auto']]),
      resolved('auto', []),
    ]) {
      expect(filterEscalatingDefaultMode(input)).toBe(input.effective);
    }
  });
});
