import { getSessionMessages } from '@ccsdk/session-store';
import { formatMessage } from '../render/format-message.js';
import type { CommandIo } from './command-io.js';
import { loadConversation } from './conversation.js';
import { lookupOptions, requireSession } from './session-scope.js';
import { titleOf } from './session-table.js';
import { systemEntryNotes } from './system-entries.js';
import type { SessionsVerb } from './verb.js';
import { parseVerbArgs } from './verb-args.js';

const HELP = `Usage: ccsdk sessions show <id> [--dir <folder>] [--include-system] [--json]

Prints a session's conversation the way \`ccsdk run\` prints a live one: prompts (❯), text,
tool calls (→) and results (←, ✗ for errors), subagents marked with ┃ under the call that
spawned them.

  --dir <folder>      look for the session in this project folder only
  --include-system    also show system entries: a compaction with its token counts, a
                      notice with its text
  --json              print getSessionMessages()'s result as JSON, unchanged
  -h, --help          this help`;

const COMMAND = 'sessions show';

/** `ccsdk sessions show`: one conversation, rendered like a live `ccsdk run` stream. */
export const showVerb: SessionsVerb = {
  name: 'show',
  summary: 'print a conversation',
  help: HELP,
  async run(argv: readonly string[], io: CommandIo): Promise<number> {
    const { values, positionals, help } = parseVerbArgs(argv, {
      command: COMMAND,
      positionals: ['id'],
      options: {
        dir: { type: 'string' },
        'include-system': { type: 'boolean' },
        json: { type: 'boolean' },
      },
    });
    if (help) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    const id = positionals[0]!;
    const options = lookupOptions(COMMAND, io, values.dir);
    const info = await requireSession(COMMAND, id, options);
    const includeSystemMessages = values['include-system'] === true;
    if (values.json === true) {
      const messages = await getSessionMessages(id, { ...options, includeSystemMessages });
      io.stdout.write(`${JSON.stringify(messages, null, 2)}\n`);
      return 0;
    }
    const { paint } = io;
    const when = new Date(info.createdAt ?? info.lastModified).toISOString().slice(0, 16).replace('T', ' ');
    io.stdout.write(
      `${paint.bold(`● session ${id}`)} · ${titleOf(info)} · ${info.cwd ?? '?'} · ${when} UTC\n`,
    );
    const conversation = await loadConversation(id, options, includeSystemMessages);
    const systemUuids = new Set(conversation.filter((m) => m.type === 'system').map((m) => m.uuid));
    const notes = await systemEntryNotes(id, options, systemUuids);
    const lines: string[] = [];
    for (const message of conversation) {
      if (message.type === 'system') {
        const note = notes.get(message.uuid) ?? 'system entry';
        lines.push(
          paint.dim(`· ${note}${message.timestamp === undefined ? '' : ` at ${message.timestamp}`}`),
        );
        continue;
      }
      lines.push(...formatMessage(message as unknown as Record<string, unknown>, paint));
    }
    io.stdout.write(lines.length === 0 ? '' : `${lines.join('\n')}\n`);
    return 0;
  },
};
