import { describe, expect, it } from 'vitest';
import { checkSettings } from './check-settings.js';

describe('checkSettings', () => {
  it('should pass valid and unknown keys through unchanged', () => {
    const input = {
      model: 'm',
      permissions: { allow: ['Bash(ls)'], defaultMode: 'plan' },
      fooBar: 1,
      env: { A: 'x' },
    };
    expect(checkSettings(input)).toEqual({ settings: input, problems: [] });
  });

  it.each([
    ['a model that is not a string', { model: 123, env: { A: 'x' } }, 'model'],
    ['permissions that are not an object', { permissions: 'x' }, 'permissions'],
    ['a rule list that is not an array', { permissions: { allow: 'Bash' } }, 'permissions.allow'],
    ['env that is an array', { env: ['x'] }, 'env'],
  ])('should reject %s', (_name, input, field) => {
    const { problems } = checkSettings(input);
    expect(problems).toEqual([expect.objectContaining({ field, severity: 'reject' })]);
  });

  it('should coerce env scalars to strings and drop non-string rules', () => {
    const { settings, problems } = checkSettings({
      env: { N: 5, B: true, Z: null, S: 's' },
      permissions: { allow: [1, 'A'], deny: [] },
    });
    expect(settings).toEqual({
      env: { N: '5', B: 'true', Z: 'null', S: 's' },
      permissions: { allow: ['A'], deny: [] },
    });
    expect(problems).toEqual([]);
  });

  it('should drop hooks that are not an object and hook events the CLI does not know', () => {
    expect(checkSettings({ hooks: [], model: 'm' })).toEqual({
      settings: { model: 'm' },
      problems: [expect.objectContaining({ field: 'hooks', severity: 'drop' })],
    });
    const { settings, problems } = checkSettings({ hooks: { Stop: [], BogusEvent: [] } });
    expect(settings).toEqual({ hooks: { Stop: [] } });
    expect(problems).toEqual([expect.objectContaining({ field: 'hooks.BogusEvent', severity: 'drop' })]);
  });

  it('should not change its input', () => {
    const input = { env: { N: 5 }, hooks: { Bogus: [] } };
    checkSettings(input);
    expect(input).toEqual({ env: { N: 5 }, hooks: { Bogus: [] } });
  });
});
