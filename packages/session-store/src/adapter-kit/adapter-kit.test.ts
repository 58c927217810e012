import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWellFormedTextSafe } from '../well-formed.js';
import type { AdapterKitErrorInit } from './adapter-error.js';
import { describeValue } from './describe-value.js';
import { dedupeKey, parseEntryRow, toEntryRows } from './entry-rows.js';
import { checkProjectKey, checkSessionOnlyKey, checkStoredKey } from './store-key.js';
import { withDeadline } from './with-deadline.js';

class KitTestError extends Error {
  readonly code: string;
  constructor(init: AdapterKitErrorInit) {
    super(init.message, { cause: init.cause });
    this.code = init.code;
  }
}
const fail = (init: AdapterKitErrorInit) => new KitTestError(init);
const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(KitTestError);
    return (error as KitTestError).code;
  }
  return undefined;
};

describe('dedupeKey', () => {
  it('is injective, and the stored form never holds NUL or a lone surrogate', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        if (a !== b) expect(dedupeKey(a)).not.toBe(dedupeKey(b));
        expect(dedupeKey(a)).not.toMatch(/\u0000/);
        expect(isWellFormedTextSafe(dedupeKey(a))).toBe(true);
      }),
    );
  });
});

describe('toEntryRows and parseEntryRow', () => {
  it('round-trip any JSON object with a string type, verbatim', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), (rest, type) => {
        const entry: Record<string, unknown> = { ...rest, type };
        const [row] = toEntryRows([entry], 1 << 20, fail);
        expect(parseEntryRow(row?.body ?? '', 'the test', fail)).toEqual(JSON.parse(JSON.stringify(entry)));
        expect(row?.uuid).toBe(typeof entry['uuid'] === 'string' ? dedupeKey(entry['uuid']) : null);
      }),
    );
  });

  it('refuses a bad batch as a whole with typed codes', () => {
    expect(codeOf(() => toEntryRows('nope', 100, fail))).toBe('INVALID_ENTRY');
    expect(codeOf(() => toEntryRows([{ type: 'user' }, null], 100, fail))).toBe('INVALID_ENTRY');
    expect(codeOf(() => toEntryRows([{ uuid: 'u' }], 100, fail))).toBe('INVALID_ENTRY');
    const cyclic: Record<string, unknown> = { type: 'user' };
    cyclic['self'] = cyclic;
    expect(codeOf(() => toEntryRows([cyclic], 100, fail))).toBe('INVALID_ENTRY');
    expect(codeOf(() => toEntryRows([{ type: 'user', text: 'é'.repeat(60) }], 100, fail))).toBe(
      'ENTRY_TOO_LARGE',
    );
    expect(codeOf(() => toEntryRows([{ type: 'user', text: 'é'.repeat(30) }], 100, fail))).toBeUndefined();
  });

  it('reports a stored entry that is not a JSON object as CORRUPT_ROW', () => {
    for (const body of ['', '{"type":', '[1]', 'null', '"text"', '{"a":1}x']) {
      expect(codeOf(() => parseEntryRow(body, 'the test', fail))).toBe('CORRUPT_ROW');
    }
  });
});

describe('key checks', () => {
  it('accept storable keys and refuse everything else with INVALID_KEY', () => {
    expect(checkStoredKey({ projectKey: 'p', sessionId: 's' }, fail)).toEqual({
      projectKey: 'p',
      sessionId: 's',
      subpath: '',
    });
    expect(checkSessionOnlyKey({ projectKey: 'p', sessionId: 's', subpath: 'x' }, fail)).toEqual({
      projectKey: 'p',
      sessionId: 's',
    });
    expect(checkProjectKey('p', fail)).toBe('p');
    for (const key of [
      null,
      'p',
      {},
      { projectKey: '', sessionId: 's' },
      { projectKey: 'p', sessionId: 'a\u0000b' },
      { projectKey: '\ud800', sessionId: 's' },
      { projectKey: 'p', sessionId: 's', subpath: 3 },
    ]) {
      expect(codeOf(() => checkStoredKey(key, fail))).toBe('INVALID_KEY');
    }
    expect(codeOf(() => checkProjectKey(7, fail))).toBe('INVALID_KEY');
  });
});

describe('describeValue', () => {
  it('never throws and stays short', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(describeValue(cyclic)).toBe('[object Object]');
    expect(describeValue(10n)).toBe('[object BigInt]');
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(describeValue(value).length).toBeLessThanOrEqual(121);
      }),
    );
  });
});

describe('withDeadline', () => {
  it('passes the result through, or rejects with the timeout error when the work is late', async () => {
    await expect(withDeadline(Promise.resolve(3), 1000, () => new Error('late'))).resolves.toBe(3);
    await expect(withDeadline(new Promise(() => {}), 5, () => new Error('late'))).rejects.toThrow('late');
    await expect(
      withDeadline(Promise.reject(new Error('own')), 1000, () => new Error('late')),
    ).rejects.toThrow('own');
  });
});
