import { projectKeyForDirectory } from '@ccsdk/session-jsonl';
import { type ExtendedImportSessionToStoreOptions, importSessionToStore } from '@ccsdk/session-store';
import { storeUrlLabel } from '../store-url-label.js';
import { CliError } from './cli-error.js';
import type { CommandIo } from './command-io.js';
import { NewEntriesStore, type TranscriptTally } from './new-entries-store.js';
import { checkSessionId, lookupOptions, requireSession } from './session-scope.js';
import type { SessionsVerb } from './verb.js';
import { parseVerbArgs } from './verb-args.js';

const HELP = `Usage: ccsdk sessions import <id> --store <postgres://...|redis://...> [--dir <folder>] [--json]

Copies a session (its transcript, then each subagent transcript with its metadata) into a
session store, under the project key of the session's folder. Importing again adds only what
the store lacks, so nothing is duplicated. The store URL's password is never printed.

  --store <url>     postgres://, postgresql://, redis:// or rediss:// URL of the store
  --dir <folder>    look for the session in this project folder only; its key names the project
  --json            print a JSON summary: {"sessionId", "store", "projectKey", "transcripts": [...]}
  -h, --help        this help`;

const COMMAND = 'sessions import';

/** The `--json` output of `ccsdk sessions import`. */
interface ImportSummary {
  readonly sessionId: string;
  /** The store URL without password or query. */
  readonly store: string;
  readonly projectKey: string;
  /** Entries read, entries the store lacked (and got), over every transcript. */
  readonly entries: number;
  readonly added: number;
  readonly subagentTranscripts: number;
  /** The main transcript first (`subpath` absent), then each subagent transcript. */
  readonly transcripts: readonly TranscriptTally[];
}

function summaryText(summary: ImportSummary): string {
  const rows = summary.transcripts.map((t) => [t.subpath ?? 'main transcript', t]);
  const width = Math.max(...rows.map(([name]) => (name as string).length));
  const count = (t: { entries: number; added: number }) =>
    `${t.entries} ${t.entries === 1 ? 'entry' : 'entries'}, ${t.added} new`;
  const subagents = summary.subagentTranscripts;
  return [
    `Imported session ${summary.sessionId} into ${summary.store} (project ${summary.projectKey}):`,
    ...rows.map(([name, t]) => `  ${(name as string).padEnd(width)}   ${count(t as TranscriptTally)}`),
    `${subagents} subagent ${subagents === 1 ? 'transcript' : 'transcripts'}; ${count(summary)} in all.`,
  ].join('\n');
}

/** `ccsdk sessions import`: the library's `importSessionToStore()` into a store opened from a URL. */
export const importVerb: SessionsVerb = {
  name: 'import',
  summary: 'copy a session into a PostgreSQL or Redis session store',
  help: HELP,
  async run(argv: readonly string[], io: CommandIo): Promise<number> {
    const { values, positionals, help } = parseVerbArgs(argv, {
      command: COMMAND,
      positionals: ['id'],
      options: { store: { type: 'string' }, dir: { type: 'string' }, json: { type: 'boolean' } },
    });
    if (help) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    const id = positionals[0]!;
    checkSessionId(COMMAND, id);
    const url = values.store;
    if (url === undefined || url === '') {
      throw new CliError('USAGE', `ccsdk ${COMMAND}: --store <postgres://...|redis://...> is required`);
    }
    // Loaded here: the database clients are not worth loading for the other subcommands.
    const { openStoreFromUrl, STORE_URL_SCHEMES } = await import('../store-url.js');
    const label = storeUrlLabel(url);
    const scheme = new URL(url).protocol;
    if (STORE_URL_SCHEMES[scheme] === undefined) {
      throw new CliError(
        'USAGE',
        `ccsdk ${COMMAND}: --store must start with one of ${Object.keys(STORE_URL_SCHEMES).join('//, ')}//, got ${JSON.stringify(scheme)}`,
      );
    }
    const options = lookupOptions(COMMAND, io, values.dir);
    const info = await requireSession(COMMAND, id, options);
    // The session's own folder names the project, not the folder the command runs in.
    const dir = options.dir ?? info.cwd;
    if (dir === undefined) {
      throw new CliError(
        'USAGE',
        `ccsdk ${COMMAND}: session ${id} records no working directory; pass --dir <folder> to name its project`,
      );
    }
    const importOptions: ExtendedImportSessionToStoreOptions = {
      dir,
      ...(options.configDir === undefined ? {} : { configDir: options.configDir }),
      onWarning: (warning) => io.stderr.write(`ccsdk ${COMMAND}: warning: ${warning.message}\n`),
    };
    const store = await openStoreFromUrl(url).catch((error: unknown) => {
      throw new CliError('FAILED', `ccsdk ${COMMAND}: cannot open ${label}: ${firstLine(error)}`, {
        cause: error,
      });
    });
    let tallies: TranscriptTally[];
    try {
      const counting = new NewEntriesStore(store);
      await importSessionToStore(id, counting, importOptions);
      tallies = counting.tallies;
    } finally {
      await store.close().catch(() => undefined);
    }
    const summary: ImportSummary = {
      sessionId: id,
      store: label,
      projectKey: await projectKeyForDirectory(dir),
      entries: tallies.reduce((sum, t) => sum + t.entries, 0),
      added: tallies.reduce((sum, t) => sum + t.added, 0),
      subagentTranscripts: tallies.filter((t) => t.subpath !== undefined).length,
      transcripts: tallies,
    };
    io.stdout.write(`${values.json === true ? JSON.stringify(summary) : summaryText(summary)}\n`);
    return 0;
  },
};

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]?.trim() || 'unknown error';
}
