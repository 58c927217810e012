import { isUuid } from './ids.js';
import {
  checkOptionsObject,
  optionalBoolean,
  optionalCount,
  optionalDir,
  optionalFunction,
  optionalPath,
  projectsDirFor,
} from './options.js';
import { searchedProjectDirs } from './project-dirs.js';
import { readConversation } from './read-messages.js';
import { findSessionCopies } from './session-files.js';
import type { GetSessionMessagesOptions, SessionJsonlWarning, SessionMessage } from './types.js';

/**
 * A session's conversation in order: the chain from the latest leaf back to the root, as user
 * and assistant messages (one per content block the CLI wrote), plus system entries with
 * `includeSystemMessages`. Meta, sidechain and team entries are left out; compaction summaries
 * stay. `offset`/`limit` page the result.
 *
 * Never throws for content: a line that does not parse is skipped (see `onWarning`), invalid
 * UTF-8 reads as U+FFFD. Returns `[]` for an id that is not a UUID or a session not found.
 */
export async function getSessionMessages(
  sessionId: string,
  options: GetSessionMessagesOptions = {},
): Promise<SessionMessage[]> {
  const raw = checkOptionsObject(options);
  const dir = optionalDir(raw);
  const configDir = optionalPath(raw, 'configDir');
  const limit = optionalCount(raw, 'limit');
  const offset = optionalCount(raw, 'offset');
  const includeSystemMessages = optionalBoolean(raw, 'includeSystemMessages', false);
  const onWarning = optionalFunction<(warning: SessionJsonlWarning) => void>(raw, 'onWarning');
  if (!isUuid(sessionId)) return [];
  const dirs = await searchedProjectDirs(projectsDirFor({ configDir }), dir);
  const [file] = await findSessionCopies(dirs, sessionId);
  if (file === undefined) return [];
  return readConversation({
    filePath: file.filePath,
    mode: 'main',
    includeSystemMessages,
    offset,
    limit,
    parentToolUseId: null,
    parentAgentId: null,
    onWarning,
  });
}
