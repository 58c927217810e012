import { describeValue, invalidOption } from './validate.js';

const FORBIDDEN_CHARS = /[(),*\u0000-\u001f\u007f\ufeff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Throws a `TypeError` unless `name` can be written as `Skill(name)` in a permission rule: not
 * empty, no surrounding whitespace, none of `( ) , *`, no control characters, BOM or lone
 * surrogates, no leading `/`, no `\\`, no trailing `\`, no `:*` or ` *` suffix.
 */
export function checkSkillName(name: unknown): string {
  if (typeof name !== 'string' || name === '')
    throw invalidOption('skills[]', 'a non-empty skill name', name);
  const problem =
    name.trim() !== name
      ? 'surrounding whitespace'
      : FORBIDDEN_CHARS.test(name)
        ? 'one of ( ) , * or a control character'
        : LONE_SURROGATE.test(name)
          ? 'a lone surrogate'
          : name.startsWith('/')
            ? 'a leading "/"'
            : name.includes('\\\\')
              ? 'a double backslash'
              : name.endsWith('\\')
                ? 'a trailing backslash'
                : undefined;
  if (problem !== undefined) {
    throw new TypeError(`Invalid option skills[]: ${describeValue(name)} contains ${problem}`);
  }
  return name;
}

/**
 * The `allowedTools` entries that `skills` adds: `Skill` for `'all'`, `Skill(name)` per listed
 * name (after validation), nothing when unset.
 */
export function skillToolEntries(skills: unknown): string[] {
  if (skills === undefined) return [];
  if (skills === 'all') return ['Skill'];
  if (!Array.isArray(skills)) throw invalidOption('skills', "'all' or an array of skill names", skills);
  return skills.map((name) => `Skill(${checkSkillName(name)})`);
}
