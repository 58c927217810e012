import { MOVING_MODEL_ALIASES, type ParsedModelName, parseModelName } from './model-name.js';

/** What {@link matchDeniedModels} answers. */
export interface DeniedModelsMatch {
  /** For each model asked about, in order: whether an entry blocks it. */
  denied: boolean[];
  /** Notes on entries (ignored ones, ones that block less or more than they seem) and on bad input. */
  warnings: string[];
}

/** How one `deniedModels` entry blocks. */
type Rule =
  | { kind: 'family'; family: string }
  | { kind: 'version'; family: string; version: readonly string[] }
  | { kind: 'exact'; name: string };

/**
 * Says which of `models` a managed `deniedModels` list blocks, comparing names alone, without
 * starting the CLI. Nothing throws: a bad list or entry is ignored with a warning, a model that
 * is not a string is `false`, `models` that is not a list gives an empty `denied`.
 *
 * An entry naming a family (`opus`) blocks every model of it; a versioned one (`claude-opus-4`,
 * `opus-4-5`) every model of that family whose version starts with it, in any spelling
 * (provider prefixes, dates, `-latest`, `@...`, `-v1:0`, `[1m]` are ignored); a moving alias
 * (`default`, `best`, `opusplan`) is ignored; anything else blocks only that exact name
 * (case-insensitive). `true` means the CLI refuses the model too; `false` promises nothing.
 */
export async function matchDeniedModels(
  models: readonly string[],
  deniedModels: readonly string[] | undefined,
): Promise<DeniedModelsMatch> {
  const warnings: string[] = [];
  const rules = rulesOf(deniedModels, warnings);
  if (!Array.isArray(models)) {
    warnings.push('"models" is not a list of model names, so nothing was matched.');
    return { denied: [], warnings: [...new Set(warnings)] };
  }
  const denied = models.map((model: unknown) => {
    if (typeof model !== 'string') {
      warnings.push(
        `"models" contained a non-string entry (${typeName(model)}), which is not a model name, so it cannot be matched.`,
      );
      return false;
    }
    const parsed = parseModelName(model, 'model');
    return rules.some((rule) => blocks(rule, parsed));
  });
  return { denied, warnings: [...new Set(warnings)] };
}

function rulesOf(deniedModels: unknown, warnings: string[]): Rule[] {
  if (deniedModels === undefined || deniedModels === null) return [];
  if (!Array.isArray(deniedModels)) {
    warnings.push(
      '"deniedModels" was present but is not a list of model names, so it was ignored and blocks no models until it is fixed.',
    );
    return [];
  }
  // Notes come in the official order: entries of the wrong type, then empty ones, then the rest.
  const entries = deniedModels as unknown[];
  for (const entry of entries) {
    if (typeof entry !== 'string') {
      warnings.push(
        `"deniedModels" contained a non-string entry (${typeName(entry)}); the entry was ignored.`,
      );
    }
  }
  const named = entries.filter((entry): entry is string => typeof entry === 'string');
  for (const entry of named)
    if (entry.trim() === '') warnings.push('An empty deniedModels entry was ignored.');
  const rules: Rule[] = [];
  for (const entry of named) {
    const rule = entry.trim() === '' ? undefined : ruleOf(entry, warnings);
    if (rule !== undefined) rules.push(rule);
  }
  return rules;
}

function ruleOf(entry: string, warnings: string[]): Rule | undefined {
  const parsed = parseModelName(entry);
  if (MOVING_MODEL_ALIASES.includes(parsed.exact)) {
    warnings.push(
      `"${entry}" was ignored: it names a different model depending on the release and settings. Name the model instead, for example "claude-opus-5-5".`,
    );
    return undefined;
  }
  if (parsed.family !== undefined && !parsed.versionUnreadable) {
    const label = capitalize(parsed.family);
    const what =
      parsed.version.length === 0
        ? `every ${label} model`
        : `${label} ${parsed.version.join('.')} in every spelling and snapshot`;
    if (parsed.contextTag) {
      warnings.push(
        `"${entry}" blocks ${what}. Context-size tags such as [1m] are ignored: the entry blocks the model at every context size.`,
      );
    } else if (parsed.ignored !== '') {
      warnings.push(`"${entry}" blocks ${what}. "${parsed.ignored}" is ignored.`);
    }
    return parsed.version.length === 0
      ? { kind: 'family', family: parsed.family }
      : { kind: 'version', family: parsed.family, version: parsed.version };
  }
  // A family and version with more after it (`claude-opus-4-5-x`) is taken as a name of its own.
  if (parsed.trailing) return { kind: 'exact', name: parsed.exact };
  let note = `"${entry}" blocks only the exact model name "${entry}"; other spellings of the same model are not blocked.`;
  if (parsed.versionUnreadable)
    note += ` To block a version, write it with a hyphen: "${entry.replace('.', '-')}".`;
  warnings.push(note);
  return { kind: 'exact', name: parsed.exact };
}

function blocks(rule: Rule, model: ParsedModelName): boolean {
  if (rule.kind === 'exact') return model.exact === rule.name;
  if (model.family !== rule.family) return false;
  if (rule.kind === 'family') return true;
  if (model.versionUnreadable || model.version.length < rule.version.length) return false;
  return rule.version.every((part, i) => model.version[i] === part);
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
