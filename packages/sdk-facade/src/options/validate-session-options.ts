import type { ExtendedOptions } from './options.js';

type Rule = (options: ExtendedOptions) => string | undefined;

/** The rules of the options that travel in `initialize` or answer dialogs (title, aliases, ...). */
export const SESSION_OPTION_RULES: readonly Rule[] = [
  (o) =>
    o.title !== undefined && typeof o.title !== 'string'
      ? `options.title must be a string, got ${JSON.stringify(o.title)}`
      : undefined,
  (o) => {
    if (o.toolAliases === undefined) return undefined;
    const aliases: unknown = o.toolAliases;
    if (typeof aliases !== 'object' || aliases === null || Array.isArray(aliases)) {
      return `options.toolAliases must be an object of tool names, got ${JSON.stringify(aliases)}`;
    }
    for (const [name, target] of Object.entries(aliases)) {
      if (typeof target !== 'string' || target === '' || name === '') {
        return `options.toolAliases must map tool names to tool names, got ${JSON.stringify(name)}: ${JSON.stringify(target)}`;
      }
    }
    return undefined;
  },
  (o) =>
    o.onElicitation !== undefined && typeof o.onElicitation !== 'function'
      ? `options.onElicitation must be a function, got ${typeof o.onElicitation}`
      : undefined,
  (o) =>
    o.onUserDialog !== undefined && typeof o.onUserDialog !== 'function'
      ? `options.onUserDialog must be a function, got ${typeof o.onUserDialog}`
      : undefined,
  (o) => {
    const kinds: unknown = o.supportedDialogKinds;
    if (kinds === undefined) return undefined;
    if (!Array.isArray(kinds) || kinds.some((kind) => typeof kind !== 'string')) {
      return `options.supportedDialogKinds must be an array of strings, got ${JSON.stringify(kinds)}`;
    }
    return kinds.length > 0 && o.onUserDialog === undefined
      ? `options.supportedDialogKinds (${JSON.stringify(kinds)}) needs options.onUserDialog to render them`
      : undefined;
  },
];
