import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../logger.js';
import { withSecretsRedacted } from './secret-redaction.js';

describe('withSecretsRedacted', () => {
  it('should redact an entry holding any current secret, raw or escaped, and follow changes', () => {
    const seen: LogEntry[] = [];
    let secrets = ['first-secret-token-0123456789'];
    const log = withSecretsRedacted(
      (entry) => seen.push(entry),
      () => secrets,
    );
    log({ level: 'info', event: 'a', header: 'Bearer first-secret-token-0123456789' });
    log({ level: 'warn', event: 'b', error: new Error('bad first-secret-token-0123456789') });
    log({ level: 'info', event: 'c', note: 'nothing secret' });
    secrets = ['second"secret-token-0123456789'];
    log({ level: 'info', event: 'd', text: JSON.stringify({ t: 'second"secret-token-0123456789' }) });
    log({ level: 'info', event: 'e', text: 'first-secret-token-0123456789 is no longer held' });
    expect(seen).toEqual([
      { level: 'info', event: 'a', redacted: true },
      { level: 'warn', event: 'b', redacted: true },
      { level: 'info', event: 'c', note: 'nothing secret' },
      { level: 'info', event: 'd', redacted: true },
      { level: 'info', event: 'e', text: 'first-secret-token-0123456789 is no longer held' },
    ]);
  });
});
