/** A slash command or skill as {@link CommandMatcher} indexes it. */
export interface MatchableCommand {
  /** What the user types after `/`. */
  name: string;
  /** How the command is shown (e.g. `deploy (plugin)`); matched like the name. */
  displayName: string;
  description?: string;
  /** Other names that run the same command. */
  aliases?: string[];
  [key: string]: unknown;
}

/** How well a command matched, lower first. */
const RANK_NAME_PREFIX = 0;
const RANK_ALIAS_PREFIX = 1;
const RANK_NAME_PART = 2;
const RANK_DESCRIPTION_WORD = 3;

/** Splits a name into its parts (`plugin:deploy`, `release-notes`, `deploy (plugin)`). */
const NAME_PARTS = /[\s:_\-()/.]+/;

/**
 * Finds slash commands for what the user typed, for a command picker: a leading `/` and case
 * are ignored; a command whose name or display name starts with the text comes first, then one
 * with an alias that does, then one with a later part of its name that does (`notes` finds
 * `release-notes`), then one with a description word that does. Within a rank shorter names
 * come first, then the order given. An empty query finds nothing.
 */
export class CommandMatcher<T extends MatchableCommand = MatchableCommand> {
  readonly #items: readonly T[];

  /** Throws a `TypeError` for a list whose entries lack a string `name` or `displayName`. */
  constructor(items: readonly T[]) {
    if (!Array.isArray(items))
      throw new TypeError(`CommandMatcher needs an array of commands, got ${typeof items}`);
    items.forEach((item, i) => {
      if (typeof item?.name !== 'string' || typeof item.displayName !== 'string') {
        throw new TypeError(`CommandMatcher: commands[${i}] needs a string name and displayName`);
      }
    });
    this.#items = [...items];
  }

  /** The commands matching `query`, best first; at most `limit` of them when given. */
  search(query: string, limit?: number): T[] {
    const text = String(query ?? '')
      .trim()
      .replace(/^\/+/, '')
      .toLowerCase();
    if (text === '') return [];
    const ranked: Array<{ item: T; rank: number; length: number; index: number }> = [];
    this.#items.forEach((item, index) => {
      const rank = rankOf(item, text);
      if (rank !== undefined) ranked.push({ item, rank, length: item.name.length, index });
    });
    ranked.sort((a, b) => a.rank - b.rank || a.length - b.length || a.index - b.index);
    const found = ranked.map((entry) => entry.item);
    return limit === undefined ? found : found.slice(0, Math.max(0, limit));
  }
}

function rankOf(item: MatchableCommand, text: string): number | undefined {
  const names = [item.name, item.displayName].map((n) => n.toLowerCase());
  if (names.some((name) => name.startsWith(text))) return RANK_NAME_PREFIX;
  if ((item.aliases ?? []).some((alias) => String(alias).toLowerCase().startsWith(text)))
    return RANK_ALIAS_PREFIX;
  if (names.some((name) => name.split(NAME_PARTS).some((part) => part !== '' && part.startsWith(text)))) {
    return RANK_NAME_PART;
  }
  const words = (item.description ?? '').toLowerCase().split(/\W+/);
  if (words.some((word) => word !== '' && word.startsWith(text))) return RANK_DESCRIPTION_WORD;
  return undefined;
}
