import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPAT_DIR } from './compile.js';
import { addedNestedKeys } from './nested-keys.js';
import { SUBPATHS } from './subpaths.js';

const PACKAGES = join(COMPAT_DIR, '..', '..', 'packages');

describe('no key added below an official type', () => {
  it('should find none under the root entry', () => {
    expect(addedNestedKeys()).toEqual([]);
  });

  it.each(SUBPATHS.filter((subpath) => subpath !== 'core'))('should find none under %s', (subpath) => {
    expect(addedNestedKeys(subpath)).toEqual([]);
  });

  it('should name a key added to an inline object type, and one added to a member of a message union', () => {
    const settings = join(PACKAGES, 'sdk-facade/src/settings/settings-types.ts');
    const messages = join(PACKAGES, 'control-protocol/src/wire/messages/result-messages.ts');
    const settingsSource = readFileSync(settings, 'utf8');
    const messagesSource = readFileSync(messages, 'utf8');
    const [policyKey, denialKey] = [
      '    registryPolicyDifferedFromFingerprint?: true;\n',
      '  permission_denials: SDKPermissionDenial[];\n',
    ];
    expect(settingsSource).toContain(policyKey);
    expect(messagesSource).toContain(denialKey);
    const drift = new Map([
      [settings, settingsSource.replace(policyKey, `${policyKey}    ourOwnFlag?: true;\n`)],
      [messages, messagesSource.replace(denialKey, `${denialKey}  our_own_count?: number;\n`)],
    ]);
    const found = addedNestedKeys(undefined, drift);
    expect(found).toContain('ResolvedSettings.machinePolicy: +ourOwnFlag');
    expect(found).toContain('SDKMessage<result/success>: +our_own_count');
  });
});
