import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPAT_DIR } from './compile.js';
import { expectedNestedFindings, NESTED_EXTENSIONS } from './nested-extensions.js';
import { nestedKeyDifferences } from './nested-keys.js';
import { SUBPATHS } from './subpaths.js';

const PACKAGES = join(COMPAT_DIR, '..', '..', 'packages');

describe('the same keys below an official type', () => {
  it('should find only the listed extensions under the root entry, each of them', () => {
    expect(nestedKeyDifferences()).toEqual(expectedNestedFindings());
  });

  it.each(SUBPATHS.filter((subpath) => subpath !== 'core'))(
    'should find only the listed extensions under %s, each of them',
    (subpath) => {
      expect(nestedKeyDifferences(subpath)).toEqual(expectedNestedFindings(subpath));
    },
  );

  it('should give each listed extension a reason, once', () => {
    const lines = NESTED_EXTENSIONS.map(({ finding, subpath }) => `${subpath ?? 'root'} ${finding}`);
    expect(new Set(lines).size).toBe(lines.length);
    for (const { why } of NESTED_EXTENSIONS) expect(why.length).toBeGreaterThan(10);
  });

  it("should name a key added to a callback's argument, which the per-name checks cannot see", () => {
    const permissions = join(PACKAGES, 'sdk-facade/src/permissions/permissions.ts');
    const source = readFileSync(permissions, 'utf8');
    const anchor = '  requestId: string;\n';
    expect(source).toContain(anchor);
    const drift = new Map([[permissions, source.replace(anchor, `${anchor}  ourOwnHint?: string;\n`)]]);
    expect(nestedKeyDifferences(undefined, drift)).toContainEqual(
      expect.stringMatching(/(^CanUseTool|\.canUseTool)\(2\): \+ourOwnHint$/),
    );
  });

  it('should name an official key ours lacks below the top level, which the per-name checks cannot see', () => {
    const settings = join(PACKAGES, 'sdk-facade/src/settings/settings-types.ts');
    const source = readFileSync(settings, 'utf8');
    const policyKey = '    registryPolicyDifferedFromFingerprint?: true;\n';
    expect(source).toContain(policyKey);
    const drift = new Map([[settings, source.replace(policyKey, '')]]);
    expect(nestedKeyDifferences(undefined, drift)).toContain(
      'ResolvedSettings.machinePolicy: -registryPolicyDifferedFromFingerprint',
    );
  });

  it("should name a key added to a record's values", () => {
    const requests = join(PACKAGES, 'control-protocol/src/wire/control/host-control-requests.ts');
    const source = readFileSync(requests, 'utf8');
    const values = '{ timeout?: number; tools?: McpServerToolPolicy[] }';
    expect(source).toContain(values);
    const drift = new Map([
      [
        requests,
        source.replace(values, '{ timeout?: number; tools?: McpServerToolPolicy[]; ourOwnKnob?: number }'),
      ],
    ]);
    expect(nestedKeyDifferences(undefined, drift)).toContainEqual(
      expect.stringMatching(/<initialize>\.sdkMcpServerConfigs\[string\]: \+ourOwnKnob$/),
    );
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
    const found = nestedKeyDifferences(undefined, drift);
    expect(found).toContain('ResolvedSettings.machinePolicy: +ourOwnFlag');
    expect(found).toContain('SDKMessage<result/success>: +our_own_count');
  });
});
