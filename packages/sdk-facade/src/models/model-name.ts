/** The model families an entry may name on its own (`opus` blocks every Opus model). */
export const MODEL_FAMILIES: readonly string[] = ['opus', 'sonnet', 'haiku', 'fable'];

/** Aliases that name a different model depending on the release, so an entry cannot pin them. */
export const MOVING_MODEL_ALIASES: readonly string[] = ['default', 'best', 'opusplan'];

/** A model name taken apart: its family and version, after the spelling details are removed. */
export interface ParsedModelName {
  /** The trimmed, lower-case name as given. */
  readonly exact: string;
  /** `opus`, `sonnet`, ... when the name has a known family; else undefined. */
  readonly family: string | undefined;
  /** Version parts (`4-5` is `['4', '5']`); empty for a bare family or an unreadable version. */
  readonly version: readonly string[];
  /** True when the version was written in a form that cannot be compared (`4.5`). */
  readonly versionUnreadable: boolean;
  /** The parts removed as spelling details: a date, `-latest`, `-v1:0`, `@...`, `[1m]`. */
  readonly ignored: string;
  /** True when a context-size tag such as `[1m]` was removed. */
  readonly contextTag: boolean;
  /** True when a family and version are followed by a part that is no known spelling detail. */
  readonly trailing: boolean;
}

const PROVIDER_PREFIX = /^(?:[a-z]{2,}\.)?anthropic\.|^[a-z0-9-]+\//;
const CONTEXT_TAG = /\[\d+[km]\]$/;
const SPELLING_SUFFIXES = [/@[^@]*$/, /-v\d+(?::\d+)?$/, /-\d{8}$/, /-latest$/, /-fast$/];
const NEW_STYLE = /^(?:claude-)?([a-z]+)((?:-\d+){1,2})$/;
const OLD_STYLE = /^claude-(\d+(?:-\d+)?)-([a-z]+)$/;
const DOTTED = /^(?:claude-)?([a-z]+)-\d+\.\d+$/;
const VERSIONED_THEN_MORE = /^(?:claude-)?([a-z]+)(?:-\d+)+-[a-z]/;
/** A variant tag on a model id (not on an entry): the same model. */
const MODEL_VARIANT = /-thinking$/;

/**
 * Takes a model name (`kind: 'model'`) or `deniedModels` entry apart; never throws. A model's
 * variant tag (`-thinking`) is a spelling detail; an entry's is not.
 */
export function parseModelName(name: string, kind: 'model' | 'entry' = 'entry'): ParsedModelName {
  const exact = name.trim().toLowerCase();
  let rest = exact.replace(PROVIDER_PREFIX, '');
  if (kind === 'model') rest = rest.replace(MODEL_VARIANT, '');
  let ignored = '';
  let contextTag = false;
  const tag = CONTEXT_TAG.exec(rest);
  if (tag !== null) {
    contextTag = true;
    rest = rest.slice(0, tag.index);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const suffix of SPELLING_SUFFIXES) {
      const found = suffix.exec(rest);
      if (found !== null && found.index > 0) {
        ignored = found[0] + ignored;
        rest = rest.slice(0, found.index);
        changed = true;
      }
    }
  }
  if (MODEL_FAMILIES.includes(rest)) {
    return {
      exact,
      family: rest,
      version: [],
      versionUnreadable: false,
      ignored,
      contextTag,
      trailing: false,
    };
  }
  const fresh = NEW_STYLE.exec(rest);
  if (fresh !== null && MODEL_FAMILIES.includes(fresh[1] as string)) {
    const version = (fresh[2] as string).slice(1).split('-');
    return {
      exact,
      family: fresh[1],
      version,
      versionUnreadable: false,
      ignored,
      contextTag,
      trailing: false,
    };
  }
  const old = OLD_STYLE.exec(rest);
  if (old !== null && MODEL_FAMILIES.includes(old[2] as string)) {
    return {
      exact,
      family: old[2],
      version: (old[1] as string).split('-'),
      versionUnreadable: false,
      ignored,
      contextTag,
      trailing: false,
    };
  }
  const dotted = DOTTED.exec(rest);
  if (dotted !== null && MODEL_FAMILIES.includes(dotted[1] as string)) {
    return {
      exact,
      family: dotted[1],
      version: [],
      versionUnreadable: true,
      ignored,
      contextTag,
      trailing: false,
    };
  }
  const more = VERSIONED_THEN_MORE.exec(rest);
  const trailing = more !== null && MODEL_FAMILIES.includes(more[1] as string);
  return { exact, family: undefined, version: [], versionUnreadable: false, ignored, contextTag, trailing };
}
