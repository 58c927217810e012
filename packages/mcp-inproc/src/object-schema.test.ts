import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { compileObjectSchema } from './object-schema.js';

/** A Standard Schema from no library: a string of at least `min` characters. */
function minLengthString(min: number, withJsonSchema = true): StandardSchemaV1<string> {
  const props: StandardSchemaV1.Props<string> & Partial<StandardJSONSchemaV1.Props<string>> = {
    version: 1,
    vendor: 'handmade',
    validate: (value) =>
      typeof value === 'string' && value.length >= min
        ? { value }
        : { issues: [{ message: `expected a string of at least ${min} characters` }] },
    ...(withJsonSchema
      ? {
          jsonSchema: {
            input: () => ({ type: 'string', minLength: min }),
            output: () => ({ type: 'string' }),
          },
        }
      : {}),
  };
  return { '~standard': props };
}

describe('compileObjectSchema', () => {
  it('should publish a zod 4 shape with descriptions, defaults and the required list', () => {
    const compiled = compileObjectSchema(
      { a: z.number().describe('first addend'), b: z.number().optional(), unit: z.string().default('m') },
      'input',
      'tool "add"',
    );
    expect(compiled.jsonSchema).toEqual({
      type: 'object',
      properties: {
        a: { type: 'number', description: 'first addend' },
        b: { type: 'number' },
        unit: { type: 'string', default: 'm' },
      },
      required: ['a'],
      $schema: 'http://json-schema.org/draft-07/schema#',
    });
    // In the official SDK's order: the dialect first.
    expect(Object.keys(compiled.jsonSchema)).toEqual(['$schema', 'type', 'properties', 'required']);
  });

  it('should state the dialect of an empty shape as the official SDK does, and of no other shape', () => {
    const empty = compileObjectSchema({}, 'input', 't').jsonSchema;
    expect(JSON.stringify(empty)).toBe(
      '{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{}}',
    );
    // An output schema is ccsdk's own: no dialect.
    expect(compileObjectSchema({ n: z.number() }, 'output', 't').jsonSchema).toEqual({
      type: 'object',
      properties: { n: { type: 'number' } },
      required: ['n'],
    });
  });

  it('should publish and validate a zod 3 shape', async () => {
    const compiled = compileObjectSchema(
      { q: z3.string().describe('query'), n: z3.number().optional().describe('count') },
      'input',
      't',
    );
    expect(compiled.jsonSchema).toEqual({
      type: 'object',
      properties: {
        q: { type: 'string', description: 'query' },
        n: { type: 'number', description: 'count' },
      },
      required: ['q'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    });
    expect(Object.keys(compiled.jsonSchema)).toEqual([
      'type',
      'properties',
      'required',
      'additionalProperties',
      '$schema',
    ]);
    expect(await compiled.validate({ q: 'x' })).toEqual({ ok: true, value: { q: 'x' } });
    const failed = await compiled.validate({ q: 1 });
    expect(failed.ok).toBe(false);
    expect(!failed.ok && failed.issues[0]).toMatch(/^q: /);
  });

  it('should accept any Standard Schema that also implements Standard JSON Schema', async () => {
    const compiled = compileObjectSchema({ name: minLengthString(3) }, 'input', 't');
    expect(compiled.jsonSchema).toEqual({
      type: 'object',
      properties: { name: { type: 'string', minLength: 3 } },
      required: ['name'],
    });
    expect(await compiled.validate({ name: 'abc' })).toEqual({ ok: true, value: { name: 'abc' } });
    expect(await compiled.validate({ name: 'ab' })).toEqual({
      ok: false,
      issues: ['name: expected a string of at least 3 characters'],
    });
  });

  it('should refuse a Standard Schema with no JSON Schema form, naming the property', () => {
    expect(() => compileObjectSchema({ name: minLengthString(1, false) }, 'input', 'tool "x"')).toThrow(
      /tool "x", property "name".*handmade/,
    );
  });

  it('should refuse a value that is not a schema, quoting it', () => {
    expect(() => compileObjectSchema({ a: 'number' } as never, 'input', 'tool "x"')).toThrow(TypeError);
    expect(() => compileObjectSchema({ a: 'number' } as never, 'input', 'tool "x"')).toThrow(
      /property "a".*"number"/,
    );
    expect(() => compileObjectSchema([] as never, 'input', 'tool "x"')).toThrow(
      /raw shape or a Standard Schema/,
    );
  });

  it('should refuse a schema the library cannot describe as JSON', () => {
    // The shape is converted whole, as the MCP library converts it: zod's reason, as the official's.
    expect(() => compileObjectSchema({ when: z.date() }, 'input', 'tool "x"')).toThrow(
      /tool "x" cannot be described as JSON Schema: Date cannot be represented/,
    );
  });

  it('should accept one object schema and keep its strictness', async () => {
    const compiled = compileObjectSchema(z.object({ a: z.string() }).strict(), 'input', 't');
    expect(compiled.jsonSchema).toMatchObject({
      type: 'object',
      required: ['a'],
      additionalProperties: false,
    });
    expect((await compiled.validate({ a: 'x', extra: 1 })).ok).toBe(false);
    expect(await compiled.validate({ a: 'x' })).toEqual({ ok: true, value: { a: 'x' } });
  });

  it('should refuse a whole schema that does not describe an object', () => {
    expect(() => compileObjectSchema(z.string(), 'input', 'tool "x"')).toThrow(
      /must describe an object.*"string"/,
    );
  });

  it('should name nested fields in issues and strip unknown keys', async () => {
    const compiled = compileObjectSchema({ items: z.array(z.object({ x: z.number() })) }, 'input', 't');
    const failed = await compiled.validate({ items: [{ x: 1 }, { x: 'no' }] });
    expect(failed).toMatchObject({ ok: false, issues: [expect.stringMatching(/^items\[1\]\.x: /)] });
    expect(await compiled.validate({ items: [], junk: true })).toEqual({ ok: true, value: { items: [] } });
  });

  it('should report a missing required field by name and accept missing arguments when all are optional', async () => {
    const required = compileObjectSchema({ a: z.number(), b: z.number() }, 'input', 't');
    const failed = await required.validate({ a: 1 });
    expect(failed).toMatchObject({ ok: false, issues: [expect.stringMatching(/^b: /)] });
    const optional = compileObjectSchema({ a: z.number().optional() }, 'input', 't');
    expect(await optional.validate(undefined)).toEqual({ ok: true, value: {} });
  });

  it("should refuse arguments that are not an object: in zod's words for a zod shape, checked as one object", async () => {
    const zodShape = compileObjectSchema({ a: z.number() }, 'input', 't');
    const otherShape = compileObjectSchema({ a: minLengthString(1) }, 'input', 't');
    for (const bad of [null, [], 'text', 3]) {
      const zodOutcome = await zodShape.validate(bad);
      expect(zodOutcome).toMatchObject({
        ok: false,
        zodIssues: [{ code: 'invalid_type', expected: 'object' }],
      });
      const otherOutcome = await otherShape.validate(bad);
      expect(otherOutcome.ok).toBe(false);
      expect(!otherOutcome.ok && otherOutcome.issues[0]).toMatch(/expected an object of arguments/);
    }
  });

  it('should not let a __proto__ key reach the prototype of the validated arguments', async () => {
    const compiled = compileObjectSchema(
      { ['__proto__']: z.object({ polluted: z.boolean() }) },
      'input',
      't',
    );
    const outcome = await compiled.validate(JSON.parse('{"__proto__":{"polluted":true}}'));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    // The key is as zod's object leaves it (out), as with the official SDK; nothing is polluted.
    expect(Object.getPrototypeOf(outcome.value)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect((outcome.value as { polluted?: boolean }).polluted).toBeUndefined();
    // A shape of other schemas keeps the key as an own property.
    const other = compileObjectSchema({ ['__proto__']: minLengthString(1) }, 'input', 't');
    const kept = await other.validate(JSON.parse('{"__proto__":"x"}'));
    expect(kept.ok && Object.getOwnPropertyDescriptor(kept.value, '__proto__')?.value).toBe('x');
    expect(kept.ok && Object.getPrototypeOf(kept.value)).toBe(Object.prototype);
  });

  it('should run async refinements and turn a throwing schema into an issue', async () => {
    const asyncCheck = compileObjectSchema(
      { id: z.string().refine(async (v) => v.startsWith('u_'), 'must start with u_') },
      'input',
      't',
    );
    expect(await asyncCheck.validate({ id: 'x' })).toMatchObject({
      ok: false,
      issues: ['id: must start with u_'],
    });
    expect(await asyncCheck.validate({ id: 'u_1' })).toEqual({ ok: true, value: { id: 'u_1' } });
    const throwing = compileObjectSchema(
      {
        a: z.string().refine(() => {
          throw new Error('refine blew up');
        }),
      },
      'input',
      't',
    );
    // A zod schema that threw gave no issues of zod's own: its message, as the official answers.
    expect(await throwing.validate({ a: 'x' })).toEqual({
      ok: false,
      issues: ['the schema threw: refine blew up'],
      thrown: 'refine blew up',
    });
  });

  it('should still take a shape that mixes zod 3 and zod 4 (which the MCP library refuses as one object), key by key', async () => {
    const mixed = compileObjectSchema({ a: z.number(), b: z3.string() }, 'input', 't');
    expect(mixed.jsonSchema).toMatchObject({ properties: { a: { type: 'number' }, b: { type: 'string' } } });
    expect(await mixed.validate({ a: 1, b: 'x' })).toEqual({ ok: true, value: { a: 1, b: 'x' } });
    expect(await mixed.validate({ a: 'one', b: 'x' })).toMatchObject({ ok: false });
  });

  it('should list a whole zod object as the MCP library lists it, and keep its issues as zod gives them', async () => {
    const strict = compileObjectSchema(z.strictObject({ n: z.number() }), 'input', 't');
    expect(JSON.stringify(strict.jsonSchema)).toBe(
      '{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"n":{"type":"number"}},"required":["n"],"additionalProperties":false}',
    );
    const three = compileObjectSchema(z3.object({ n: z3.number() }), 'input', 't');
    expect(JSON.stringify(three.jsonSchema)).toBe(
      '{"type":"object","properties":{"n":{"type":"number"}},"required":["n"],"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"}',
    );
    const refused = await strict.validate({ n: 'x', extra: 1 });
    const whole = z.strictObject({ n: z.number() }).safeParse({ n: 'x', extra: 1 });
    expect(!refused.ok && JSON.stringify(refused.zodIssues)).toBe(JSON.stringify(whole.error?.issues));
    // An output schema keeps no dialect.
    expect(compileObjectSchema(z.object({ n: z.number() }), 'output', 't').jsonSchema).not.toHaveProperty(
      '$schema',
    );
  });

  it("should keep zod's own issues of a zod shape, each path from its key, as parsing the whole object gives them", async () => {
    const four = compileObjectSchema({ a: z.number(), b: z.object({ c: z.string() }) }, 'input', 't');
    const whole = z
      .object({ a: z.number(), b: z.object({ c: z.string() }) })
      .safeParse({ a: 'x', b: { c: 1 } });
    const failed = await four.validate({ a: 'x', b: { c: 1 } });
    expect(!failed.ok && JSON.stringify(failed.zodIssues)).toBe(JSON.stringify(whole.error?.issues));
    const three = compileObjectSchema({ a: z3.number() }, 'input', 't');
    const wholeThree = z3.object({ a: z3.number() }).safeParse({});
    const failedThree = await three.validate({});
    expect(!failedThree.ok && JSON.stringify(failedThree.zodIssues)).toBe(
      JSON.stringify(wholeThree.error?.issues),
    );
  });

  it('should hoist $defs of a property to the root, where its $refs point', () => {
    const node: StandardSchemaV1 = {
      '~standard': {
        version: 1,
        vendor: 'handmade',
        validate: (value) => (value === undefined ? { issues: [{ message: 'required' }] } : { value }),
        jsonSchema: {
          input: () => ({ $ref: '#/$defs/Node', $defs: { Node: { type: 'object' } } }),
          output: () => ({}),
        },
      } as StandardSchemaV1.Props & StandardJSONSchemaV1.Props,
    };
    const compiled = compileObjectSchema({ tree: node }, 'input', 't');
    expect(compiled.jsonSchema).toEqual({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/Node' } },
      required: ['tree'],
      $defs: { Node: { type: 'object' } },
    });
  });

  it('should never throw and always explain a failure, whatever JSON arrives', async () => {
    const compiled = compileObjectSchema(
      { a: z.number(), b: z.string().optional(), c: z.array(z.boolean()).default([]) },
      'input',
      't',
    );
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (args) => {
        const outcome = await compiled.validate(args);
        if (outcome.ok) expect(typeof outcome.value['a']).toBe('number');
        else expect(outcome.issues.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
