#!/usr/bin/env node
/**
 * Runs the real CLI (the path in TEE_CLI) with this process's arguments and stdio, and appends
 * every `control_response` line the SDK writes to its stdin to the file named by TEE_LOG: what an
 * SDK answered the CLI's hook, permission and MCP requests, for callback-answers-parity.test.ts.
 * With TEE_TYPE=control_request it keeps the SDK's own control requests instead
 * (undeclared-methods-parity.test.ts).
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const { TEE_CLI: cli, TEE_LOG: log, TEE_TYPE: type = 'control_response' } = process.env;
if (!cli || !log) throw new Error('TEE_CLI and TEE_LOG must be set');
const kept = `"${type}"`;
const child = spawn(cli, process.argv.slice(2), { stdio: ['pipe', 'inherit', 'inherit'] });
createInterface({ input: process.stdin })
  .on('line', (line) => {
    if (line.includes(kept)) appendFileSync(log, `${line}\n`);
    child.stdin.write(`${line}\n`);
  })
  .on('close', () => child.stdin.end());
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
