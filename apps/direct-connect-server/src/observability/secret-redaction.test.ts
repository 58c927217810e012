import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../logger.js';
import { withSecretRedacted, withSecretsRedacted } from './secret-redaction.js';

describe('withSecretsRedacted', () => {
  it('should follow the secrets as they change', () => {
    const seen: LogEntry[] = [];
    let secrets = ['first-secret-0123456789'];
    const log = withSecretsRedacted(
      (entry) => seen.push(entry),
      () => secrets,
    );
    log({ level: 'info', event: 'a', note: 'first-secret-0123456789' });
    log({ level: 'info', event: 'b', note: 'second-secret-0123456789' });
    secrets = ['second-secret-0123456789', 'third-secret-0123456789'];
    log({ level: 'info', event: 'c', note: 'first-secret-0123456789' });
    log({ level: 'info', event: 'd', error: new Error('Bearer third-secret-0123456789') });
    expect(seen).toEqual([
      { level: 'info', event: 'a', redacted: true },
      { level: 'info', event: 'b', note: 'second-secret-0123456789' },
      { level: 'info', event: 'c', note: 'first-secret-0123456789' },
      { level: 'info', event: 'd', redacted: true },
    ]);
  });

  it('should keep sessionId and requestId of a redacted entry unless they hold the secret', () => {
    const seen: LogEntry[] = [];
    const log = withSecretsRedacted(
      (entry) => seen.push(entry),
      () => ['s3cret-token-0123456789'],
    );
    log({
      level: 'warn',
      event: 'x',
      sessionId: 's1',
      requestId: 'r1',
      header: 'Bearer s3cret-token-0123456789',
    });
    log({ level: 'warn', event: 'y', requestId: 's3cret-token-0123456789' });
    expect(seen).toEqual([
      { level: 'warn', event: 'x', sessionId: 's1', requestId: 'r1', redacted: true },
      { level: 'warn', event: 'y', redacted: true },
    ]);
  });

  it('should find the secret JSON-escaped once or twice, and ignore an empty secret', () => {
    const seen: LogEntry[] = [];
    const secret = 'tok"en\\0123456789abcdef';
    const log = withSecretsRedacted(
      (entry) => seen.push(entry),
      () => ['', secret],
    );
    log({ level: 'info', event: 'a', body: secret });
    log({ level: 'info', event: 'b', body: JSON.stringify({ token: secret }) });
    log({ level: 'info', event: 'c', body: 'nothing here' });
    expect(seen.map((entry) => entry['redacted'] === true)).toEqual([true, true, false]);
  });

  it('should keep the one-secret form working', () => {
    const seen: LogEntry[] = [];
    const log = withSecretRedacted((entry) => seen.push(entry), 'old-style-secret-012345');
    log({ level: 'info', event: 'a', x: 'old-style-secret-012345' });
    expect(seen).toEqual([{ level: 'info', event: 'a', redacted: true }]);
  });
});
