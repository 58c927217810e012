import { runServeCommand } from './serve-command.js';

// `ccsdk-direct-connect-server [options]`, the same as `ccsdk serve [options]`.
runServeCommand(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`ccsdk serve: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
