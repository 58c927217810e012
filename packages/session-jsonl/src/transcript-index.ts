import { SCAN_BLANK, SCAN_OK, TopLevelScanner } from './json-scan.js';
import { readLines } from './line-reader.js';
import type { SessionJsonlWarning } from './types.js';

/** Entry types that take part in the conversation chain. */
export type ChainEntryType = 'user' | 'assistant' | 'progress' | 'system' | 'attachment';

/** What the chain walk needs to know about one transcript entry. */
export interface IndexedEntry {
  readonly type: ChainEntryType;
  readonly uuid: string;
  readonly parentUuid: string | undefined;
  readonly isSidechain: boolean;
  readonly isMeta: boolean;
  readonly hasTeamName: boolean;
  /** Position among the indexed entries, in file order. */
  readonly position: number;
  /** Byte offset and length of the line, to read it again. */
  readonly offset: number;
  readonly length: number;
}

const KEYS = ['type', 'uuid', 'parentUuid', 'isSidechain', 'isMeta', 'teamName'] as const;
const [TYPE, UUID, PARENT, SIDECHAIN, META, TEAM] = [0, 1, 2, 3, 4, 5] as const;
const CHAIN_TYPES = new Set<string>(['user', 'assistant', 'progress', 'system', 'attachment']);

/**
 * Streams a transcript once and indexes its chain entries (user, assistant, progress, system and
 * attachment entries with a string `uuid`) without keeping their content: the lines stay on disk
 * and are read again only for the messages returned. Lines that are not JSON objects are skipped
 * and reported to `onWarning`; blank lines are ignored silently.
 */
export async function indexTranscript(
  fd: number,
  filePath: string,
  onWarning?: (warning: SessionJsonlWarning) => void,
): Promise<IndexedEntry[]> {
  const scanner = new TopLevelScanner(KEYS);
  const entries: IndexedEntry[] = [];
  await readLines(fd, (bytes, start, end, offset) => {
    const status = scanner.scan(bytes, start, end);
    if (status !== SCAN_OK) {
      if (status !== SCAN_BLANK) onWarning?.(malformedLine(filePath, offset));
      return true;
    }
    const type = scanner.string(TYPE);
    if (type === undefined || !CHAIN_TYPES.has(type)) return true;
    const uuid = scanner.string(UUID);
    if (uuid === undefined) return true;
    entries.push({
      type: type as ChainEntryType,
      uuid,
      parentUuid: scanner.string(PARENT),
      isSidechain: scanner.boolean(SIDECHAIN) === true,
      isMeta: scanner.boolean(META) === true,
      hasTeamName: scanner.scalar(TEAM) !== undefined,
      position: entries.length,
      offset,
      length: end - start,
    });
    return true;
  });
  return entries;
}

/** The warning for a line that is not a JSON object. */
export function malformedLine(filePath: string, byteOffset: number): SessionJsonlWarning {
  return {
    code: 'MALFORMED_LINE',
    message: `Skipped a line of ${filePath} at byte ${byteOffset}: it is not a complete JSON object (cut off by a crash, or garbage).`,
    filePath,
    byteOffset,
  };
}
