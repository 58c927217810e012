import { locateSessionTranscript } from '@ccsdk/session-jsonl';
import { transcriptHtml } from '../render/html.js';
import { transcriptMarkdown } from '../render/markdown.js';
import { type TranscriptHeading, transcriptBlocks } from '../render/transcript-blocks.js';
import { CliError } from './cli-error.js';
import type { CommandIo } from './command-io.js';
import { loadConversation } from './conversation.js';
import { copyOutput, writeOutput } from './output-file.js';
import { lookupOptions, requireSession } from './session-scope.js';
import type { SessionsVerb } from './verb.js';
import { parseVerbArgs } from './verb-args.js';

const HELP = `Usage: ccsdk sessions export <id> --format md|html|jsonl [--out <file>] [--dir <folder>]

Exports a session:
  md      Markdown, headed by title, project and date; subagents quoted
  html    one self-contained HTML page (no scripts, nothing loaded from elsewhere)
  jsonl   the raw transcript, byte for byte

  --out <file>      write to this file (replaced whole, never half-written) instead of stdout
  --dir <folder>    look for the session in this project folder only
  -h, --help        this help`;

const COMMAND = 'sessions export';
const FORMATS = ['md', 'html', 'jsonl'] as const;

/** `ccsdk sessions export`: Markdown, HTML or the raw transcript. */
export const exportVerb: SessionsVerb = {
  name: 'export',
  summary: 'export a session as Markdown, HTML or raw JSONL',
  help: HELP,
  async run(argv: readonly string[], io: CommandIo): Promise<number> {
    const { values, positionals, help } = parseVerbArgs(argv, {
      command: COMMAND,
      positionals: ['id'],
      options: { format: { type: 'string' }, out: { type: 'string' }, dir: { type: 'string' } },
    });
    if (help) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    const format = values.format;
    if (!FORMATS.includes(format as (typeof FORMATS)[number])) {
      throw new CliError(
        'USAGE',
        `ccsdk ${COMMAND}: --format must be md, html or jsonl, got ${format === undefined ? 'nothing' : JSON.stringify(format)}`,
      );
    }
    const id = positionals[0]!;
    const options = lookupOptions(COMMAND, io, values.dir);
    const info = await requireSession(COMMAND, id, options);
    if (format === 'jsonl') {
      const location = await locateSessionTranscript(id, options);
      if (location === undefined) throw new CliError('NOT_FOUND', `ccsdk ${COMMAND}: no transcript of ${id}`);
      await copyOutput(io, values.out, location.filePath);
      return 0;
    }
    const heading: TranscriptHeading = {
      title: info.summary,
      sessionId: id,
      project: info.cwd ?? '',
      date: info.createdAt ?? info.lastModified,
      gitBranch: info.gitBranch,
    };
    const blocks = transcriptBlocks(
      (await loadConversation(id, options, false)) as unknown as Record<string, unknown>[],
    );
    await writeOutput(
      io,
      values.out,
      format === 'md' ? transcriptMarkdown(heading, blocks) : transcriptHtml(heading, blocks),
    );
    return 0;
  },
};
