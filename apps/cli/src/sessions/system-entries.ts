import {
  locateSessionTranscript,
  locateSubagentTranscripts,
  readTranscriptEntries,
} from '@ccsdk/session-jsonl';
import { systemEntryNote } from '../render/system-note.js';
import type { LookupOptions } from './session-scope.js';

/**
 * Notes for the system entries `uuids` of a session, read from its transcripts (the main one, then
 * each subagent's until all are found): entry uuid to {@link systemEntryNote}. An entry not found
 * (the file changed since the messages were read) has no note; unreadable lines are skipped, as
 * the session API skips them.
 */
export async function systemEntryNotes(
  sessionId: string,
  options: LookupOptions,
  uuids: ReadonlySet<string>,
): Promise<Map<string, string>> {
  const notes = new Map<string, string>();
  if (uuids.size === 0) return notes;
  const main = await locateSessionTranscript(sessionId, options);
  if (main !== undefined) await collectNotes(main.filePath, uuids, notes);
  if (notes.size < uuids.size) {
    for (const subagent of await locateSubagentTranscripts(sessionId, options)) {
      await collectNotes(subagent.filePath, uuids, notes);
      if (notes.size === uuids.size) break;
    }
  }
  return notes;
}

async function collectNotes(
  filePath: string,
  uuids: ReadonlySet<string>,
  notes: Map<string, string>,
): Promise<void> {
  for await (const batch of readTranscriptEntries(filePath)) {
    for (const { entry } of batch) {
      const uuid = entry['uuid'];
      if (entry['type'] === 'system' && typeof uuid === 'string' && uuids.has(uuid)) {
        notes.set(uuid, systemEntryNote(entry));
      }
    }
    // Every entry asked for is found: the rest of the file need not be read (the reader closes it).
    if (notes.size === uuids.size) return;
  }
}
