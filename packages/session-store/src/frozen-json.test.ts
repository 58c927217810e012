import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freezeParsedJson, frozenJsonCopy, ownedJson } from './frozen-json.js';

/** Whether every object and array in `value` is frozen. */
function deeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  return Object.values(value).every(deeplyFrozen);
}

/** What a JSON round trip gives for `value`, or the error it throws. */
function roundTrip(value: unknown): { value: unknown } | { error: unknown } {
  try {
    const text = JSON.stringify(value);
    return { value: text === undefined ? undefined : JSON.parse(text) };
  } catch (error) {
    return { error };
  }
}

/** Any value fast-check makes, JSON-able or not: dates, boxed values, maps, sparse arrays, null prototypes, bigints, -0, NaN. */
const anyValue = fc.anything({
  maxDepth: 4,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
});

describe('frozenJsonCopy', () => {
  it('should give what a JSON round trip gives, deeply frozen, or throw the same error', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        const expected = roundTrip(value);
        if ('error' in expected) {
          expect(() => frozenJsonCopy(value)).toThrow((expected.error as Error).constructor as never);
          return;
        }
        const copy = frozenJsonCopy(value);
        expect(copy).toStrictEqual(expected.value);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(expected.value));
        expect(deeplyFrozen(copy)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('should follow each JSON rule on the values entries are made of', () => {
    const when = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    const sparse: unknown[] = [1];
    sparse[2] = 3; // index 1 stays a hole
    const source = {
      text: 'caf\u00e9 \ud800 lone',
      when,
      gone: undefined,
      fn: () => 1,
      sym: Symbol('s'),
      numbers: [Number.NaN, Number.POSITIVE_INFINITY, -0, 1.5, undefined, () => 2],
      sparse,
      boxed: [new Number(3), new String('s'), new Boolean(false)],
      map: new Map([['k', 1]]),
      keyed: { toJSON: (key: string) => `called with ${key}` },
      list: [{ toJSON: (key: string) => `at ${key}` }],
      get computed() {
        return 'read through the getter';
      },
    };
    const copy = frozenJsonCopy(source) as Record<string, unknown>;
    expect(copy).toStrictEqual(JSON.parse(JSON.stringify(source)));
    expect(copy).toStrictEqual({
      text: 'caf\u00e9 \ud800 lone',
      when: when.toISOString(),
      numbers: [null, null, 0, 1.5, null, null],
      sparse: [1, null, 3],
      boxed: [3, 's', false],
      map: {},
      keyed: 'called with keyed',
      list: ['at 0'],
      computed: 'read through the getter',
    });
    expect(Object.is((copy['numbers'] as unknown[])[2], 0)).toBe(true);
    expect(copy['text']).toBe(source.text);
    expect(deeplyFrozen(copy)).toBe(true);
  });

  it('should keep a __proto__ key as an own property and leave every prototype alone', () => {
    const source = JSON.parse('{"__proto__":{"polluted":true},"nested":[{"__proto__":1}]}');
    const copy = frozenJsonCopy(source) as Record<string, unknown>;
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(source));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const owned = ownedJson(copy);
    expect(Object.hasOwn(owned, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(owned)).toBe(Object.prototype);
  });

  it('should copy class instances, null-prototype objects and proxies by their own enumerable keys', () => {
    class Point {
      x = 1;
      y = 2;
      get norm(): number {
        return 3;
      }
    }
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    const proxy = new Proxy({ a: 1, hidden: 2 }, { ownKeys: () => ['a'] });
    const copy = frozenJsonCopy({ point: new Point(), bare, proxy }) as Record<string, unknown>;
    expect(copy).toStrictEqual({ point: { x: 1, y: 2 }, bare: { a: 1 }, proxy: { a: 1 } });
    expect(Object.getPrototypeOf(copy['bare'])).toBe(Object.prototype);
  });

  it('should throw a TypeError for a cycle at any depth, and for a bigint', () => {
    const shallow: Record<string, unknown> = { a: 1 };
    shallow['self'] = shallow;
    expect(() => frozenJsonCopy(shallow)).toThrow(TypeError);
    const deep: Record<string, unknown> = {};
    let tip = deep;
    for (let depth = 0; depth < 500; depth++) {
      const next: Record<string, unknown> = {};
      tip['next'] = next;
      tip = next;
    }
    tip['back'] = deep;
    expect(() => frozenJsonCopy(deep)).toThrow(TypeError);
    const inArray: unknown[] = [];
    inArray.push([inArray]);
    expect(() => frozenJsonCopy(inArray)).toThrow(TypeError);
    expect(() => frozenJsonCopy({ n: 1n })).toThrow(TypeError);
  });

  it('should copy a value shared twice (not a cycle) twice, and deep values below the cycle check', () => {
    const shared = { s: 1 };
    expect(frozenJsonCopy({ a: shared, b: [shared, shared] })).toStrictEqual({
      a: { s: 1 },
      b: [{ s: 1 }, { s: 1 }],
    });
    let nested: unknown = 'bottom';
    for (let depth = 0; depth < 1_000; depth++) nested = [nested];
    expect(JSON.stringify(frozenJsonCopy(nested))).toBe(JSON.stringify(nested));
  });

  it('should give undefined for a value with no JSON text and propagate what a getter throws', () => {
    expect(frozenJsonCopy(undefined)).toBeUndefined();
    expect(frozenJsonCopy(() => 1)).toBeUndefined();
    expect(frozenJsonCopy(Symbol('x'))).toBeUndefined();
    const failing = {
      get boom(): never {
        throw new RangeError('getter failed');
      },
    };
    expect(() => frozenJsonCopy(failing)).toThrow(RangeError);
  });
});

describe('freezeParsedJson', () => {
  it('should freeze every object and array of a parsed value in place', () => {
    const parsed = JSON.parse('{"a":[{"b":{"c":[1,2]}}],"d":"e"}');
    expect(freezeParsedJson(parsed)).toBe(parsed);
    expect(deeplyFrozen(parsed)).toBe(true);
    expect(() => {
      parsed.a[0].b.c.push(3);
    }).toThrow(TypeError);
    expect(freezeParsedJson('text')).toBe('text');
  });

  it('should never follow a key someone added to Object.prototype', () => {
    const polluting = { mine: true };
    Object.defineProperty(Object.prototype, 'pollutedForTest', {
      value: polluting,
      enumerable: true,
      configurable: true,
      writable: true,
    });
    try {
      const parsed = JSON.parse('{"a":{"b":1}}');
      freezeParsedJson(parsed);
      expect(deeplyFrozen(parsed.a)).toBe(true);
      expect(Object.isFrozen(polluting)).toBe(false);
    } finally {
      delete (Object.prototype as Record<string, unknown>)['pollutedForTest'];
    }
  });
});

describe('ownedJson', () => {
  it('should give a mutable deep copy of a frozen value and the value itself otherwise', () => {
    const frozen = frozenJsonCopy({ a: [{ b: 'c' }], d: null }) as { a: { b: string }[]; d: null };
    const owned = ownedJson(frozen);
    expect(owned).toStrictEqual(frozen);
    expect(owned).not.toBe(frozen);
    owned.a[0]!.b = 'changed';
    owned.a.push({ b: 'more' });
    expect(frozen).toStrictEqual({ a: [{ b: 'c' }], d: null });
    const mutable = { a: 1 };
    expect(ownedJson(mutable)).toBe(mutable);
    expect(ownedJson('text')).toBe('text');
  });
});
