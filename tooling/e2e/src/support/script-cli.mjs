#!/usr/bin/env node
// A script CLI for tests: writes the runtime that runs it (process.execPath) to the file named by
// CCSDK_SCRIPT_CLI_MARK, then runs the real Claude Code binary named by CCSDK_REAL_CLI with the same
// arguments and stdio, and exits as it exits.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

if (process.env.CCSDK_SCRIPT_CLI_MARK) writeFileSync(process.env.CCSDK_SCRIPT_CLI_MARK, process.execPath);
const run = spawnSync(process.env.CCSDK_REAL_CLI ?? 'claude', process.argv.slice(2), { stdio: 'inherit' });
process.exit(run.status ?? 1);
