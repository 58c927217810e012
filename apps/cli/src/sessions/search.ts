import { resolveProjectsDir } from '@ccsdk/session-jsonl';
import { getSessionMessages, listSessions } from '@ccsdk/session-store';
import { SUBAGENT_MARK } from '../render/format-message.js';
import type { Paint } from '../render/paint.js';
import type { CommandIo } from './command-io.js';
import { loadConversation } from './conversation.js';
import { fitEnd, fitStart, textColumns, tildePath } from './fit-text.js';
import { humanSize, relativeTime } from './human-units.js';
import { ProgressLine } from './progress-line.js';
import { mayMatch, rawPrefilter } from './raw-prefilter.js';
import { lookupOptions, projectFolder } from './session-scope.js';
import { type SessionSearchHit, searchMessages } from './session-search.js';
import { tableWidth, titleOf } from './session-table.js';
import { createMatcher, type Snippet } from './text-matcher.js';
import { transcriptFilesById } from './transcript-files.js';
import type { SessionsVerb } from './verb.js';
import { countFlag, parseVerbArgs } from './verb-args.js';

const HELP = `Usage: ccsdk sessions search <text> [--dir <folder>] [--all-projects] [--subagents] [--regex] [--case-sensitive] [--limit <n>] [--json]

Finds the sessions whose messages (prompts, replies, tool calls and results) contain the text,
newest first, each with a snippet of its first match. Results print as they are found; on a
terminal a progress line shows on stderr while a long scan runs. Letter case is ignored.

  --dir <folder>      search this project folder's sessions (default: the current folder's)
  --all-projects      search every project
  --subagents         also search each session's subagent transcripts (a match there is marked ┃)
  --regex             the text is a JavaScript regular expression
  --case-sensitive    match letter case exactly
  --limit <n>         stop after n matching sessions (0: all)
  --json              print a JSON array of hits: { session, matches, matchingMessages, firstMatch }
                      (firstMatch.parentToolUseId names the Agent call of a subagent's match)
  -h, --help          this help`;

const COMMAND = 'sessions search';

/**
 * `ccsdk sessions search`: scans each listed session's messages (from `getSessionMessages()`, with
 * `--subagents` also its subagents' from `getSubagentMessages()`), streaming the hits. Without
 * `--subagents` a plain text first rules out, from its raw bytes, each transcript that cannot hold
 * it (see {@link rawPrefilter}); what matches is always decided on the messages.
 */
export const searchVerb: SessionsVerb = {
  name: 'search',
  summary: 'find sessions whose messages contain a text',
  help: HELP,
  async run(argv: readonly string[], io: CommandIo): Promise<number> {
    const { values, positionals, help } = parseVerbArgs(argv, {
      command: COMMAND,
      positionals: ['text'],
      restIsText: true,
      options: {
        dir: { type: 'string' },
        'all-projects': { type: 'boolean' },
        subagents: { type: 'boolean' },
        regex: { type: 'boolean' },
        'case-sensitive': { type: 'boolean' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
      },
    });
    if (help) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    const query = positionals[0]!;
    const regex = values.regex === true;
    const caseSensitive = values['case-sensitive'] === true;
    const matcher = createMatcher(COMMAND, query, { regex, caseSensitive });
    const prefilter = rawPrefilter(query, regex, caseSensitive);
    const limit = countFlag(COMMAND, '--limit', values.limit) ?? 0;
    const options = lookupOptions(
      COMMAND,
      io,
      projectFolder(COMMAND, values.dir, values['all-projects'] === true, io),
    );
    const json = values.json === true;
    const withSubagents = values.subagents === true;
    const sessions = await listSessions(options);
    // The raw prefilter reads the main transcript only, so it cannot rule out a subagent's match.
    const files =
      prefilter && !withSubagents && (await transcriptFilesById(resolveProjectsDir({ env: io.env })));
    const progress = new ProgressLine(io.stderr);
    const totalBytes = sessions.reduce((sum, session) => sum + (session.fileSize ?? 0), 0);
    let scannedBytes = 0;
    let hits = 0;
    if (json) io.stdout.write('[');
    for (const [index, session] of sessions.entries()) {
      if (limit > 0 && hits >= limit) break;
      progress.update(
        () =>
          `searching ${index}/${sessions.length} sessions · ${humanSize(scannedBytes)} of ${humanSize(totalBytes)} · ${hits} found`,
      );
      const candidate =
        withSubagents || mayMatch(files ? files.get(session.sessionId) : undefined, prefilter);
      const messages = !candidate
        ? []
        : withSubagents
          ? await loadConversation(session.sessionId, options, false)
          : await getSessionMessages(session.sessionId, options);
      scannedBytes += session.fileSize ?? 0;
      const hit = searchMessages(session, messages, matcher);
      if (hit === undefined) continue;
      progress.clear();
      io.stdout.write(
        json ? `${hits === 0 ? '\n' : ',\n'}${JSON.stringify(hit)}` : hitLines(hit, io).join('\n') + '\n',
      );
      hits++;
    }
    progress.clear();
    if (json) io.stdout.write(hits === 0 ? ']\n' : '\n]\n');
    if (hits === 0 && !json) io.stderr.write(`No session matches ${JSON.stringify(query)}.\n`);
    return 0;
  },
};

/** A hit as a person reads it: the session line, then the snippet with its match highlighted, each within the width. */
function hitLines(hit: SessionSearchHit, io: CommandIo): string[] {
  const { paint } = io;
  const { session, firstMatch } = hit;
  const width = tableWidth(io.stdout, io.env);
  const count = `${hit.matches} match${hit.matches === 1 ? '' : 'es'}`;
  const where = `${tildePath(session.cwd ?? '', io.env['HOME'])} · ${relativeTime(session.lastModified, io.now())} · ${count}`;
  const titleColumns = Math.max(12, width - session.sessionId.length - 4 - textColumns(where));
  const title = fitEnd(titleOf(session), titleColumns);
  const whereColumns = Math.max(0, width - session.sessionId.length - 4 - textColumns(title));
  return [
    `${paint.bold(session.sessionId)}  ${title}  ${paint.dim(fitStart(where, whereColumns))}`.trimEnd(),
    firstMatch.parentToolUseId === null
      ? `${SNIPPET_INDENT}${snippetLine(firstMatch.snippet, width - SNIPPET_INDENT.length, paint)}`
      : `${SUBAGENT_SNIPPET_INDENT}${snippetLine(firstMatch.snippet, width - SUBAGENT_SNIPPET_INDENT.length, paint)}`,
  ];
}

const SNIPPET_INDENT = '    ';
/** The indent of a snippet from a subagent: the subagent mark `show` uses. */
const SUBAGENT_SNIPPET_INDENT = `  ${SUBAGENT_MARK}`;

/** The snippet in `columns`: the match whole when it fits, the context around it shortened evenly. */
function snippetLine(snippet: Snippet, columns: number, paint: Paint): string {
  const match = fitEnd(snippet.match, Math.max(1, columns));
  const room = Math.max(0, columns - textColumns(match));
  const afterColumns = Math.min(
    textColumns(snippet.after),
    Math.max(Math.floor(room / 2), room - textColumns(snippet.before)),
  );
  const beforeColumns = Math.min(textColumns(snippet.before), room - afterColumns);
  const before = beforeColumns > 0 ? fitStart(snippet.before, beforeColumns) : '';
  const after = afterColumns > 0 ? fitEnd(snippet.after, afterColumns) : '';
  return `${before}${paint.highlight(match)}${after}`;
}
