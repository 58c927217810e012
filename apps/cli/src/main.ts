import { parseArgs } from 'node:util';

const USAGE = `Usage: ccsdk run <prompt> [--model <name>] [--cwd <dir>] [--max-turns <n>]
       ccsdk serve [options]   (ccsdk serve --help for its options)
       ccsdk sessions <command>   (ccsdk sessions --help for its commands)

  run     Runs the prompt through Claude Code and prints the stream.
          Without ANTHROPIC_API_KEY it runs offline against a scripted model.
  serve   Hosts Claude Code sessions for Direct Connect clients (cc://host:port/<token>).
  sessions  Lists, shows, searches, exports and manages the Claude Code sessions on disk,
            and imports them into a PostgreSQL or Redis session store.`;

async function main(argv: string[]): Promise<number> {
  // Each verb loads only its own code, so `sessions` starts without the SDK and the server.
  if (argv[0] === 'serve') {
    const [{ runServeCommand }, { openStoreFromUrl }] = await Promise.all([
      import('@ccsdk/direct-connect-server'),
      import('./store-url.js'),
    ]);
    return runServeCommand(argv.slice(1), { openStore: (url) => openStoreFromUrl(url) });
  }
  if (argv[0] === 'sessions')
    return (await import('./sessions/sessions-command.js')).runSessionsCommand(argv.slice(1));
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      model: { type: 'string' },
      cwd: { type: 'string' },
      'max-turns': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [verb, ...rest] = positionals;
  if (values.help || verb !== 'run' || rest.length === 0) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const maxTurns = values['max-turns'] === undefined ? undefined : Number(values['max-turns']);
  if (maxTurns !== undefined && !(Number.isInteger(maxTurns) && maxTurns > 0)) {
    process.stderr.write(
      `--max-turns must be a positive integer, got ${JSON.stringify(values['max-turns'])}\n`,
    );
    return 2;
  }
  const { runCommand } = await import('./commands/run.js');
  return runCommand({
    prompt: rest.join(' '),
    ...(values.model === undefined ? {} : { model: values.model }),
    ...(values.cwd === undefined ? {} : { cwd: values.cwd }),
    ...(maxTurns === undefined ? {} : { maxTurns }),
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`ccsdk: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
