import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRunning, record, waitUntil } from './__fixtures__/support.js';
import { ProcessExitError } from './errors.js';
import { findClaudeCodeCli } from './find-cli.js';
import { SubprocessTransport } from './subprocess-transport.js';
import type { SubprocessTransportOptions } from './transport-options.js';

// The real Claude Code binary, pinned by tooling/e2e, found the way users find it. It talks only
// to a local HTTP server that answers 404, so no model API is ever contacted.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const cli = findClaudeCodeCli({ resolveFrom: path.join(repoRoot, 'tooling/e2e') });
const scratch = mkdtempSync(path.join(tmpdir(), 'ccsdk-real-cli-'));
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

function realCli(options: SubprocessTransportOptions = {}): SubprocessTransport {
  const dir = mkdtempSync(path.join(scratch, 'run-'));
  mkdirSync(path.join(dir, 'tmp'));
  mkdirSync(path.join(dir, 'work'));
  return new SubprocessTransport({
    pathToClaudeCodeExecutable: cli.path,
    cwd: path.join(dir, 'work'),
    env: {
      ANTHROPIC_BASE_URL: baseUrl,
      ANTHROPIC_API_KEY: 'sk-test',
      ANTHROPIC_AUTH_TOKEN: undefined,
      CLAUDE_CONFIG_DIR: path.join(dir, 'config'),
      CLAUDE_CODE_TMPDIR: path.join(dir, 'tmp'),
    },
    ...options,
  });
}

describe('SubprocessTransport with the real Claude Code CLI', () => {
  it('should find the pinned binary in its platform package', () => {
    expect(cli.source).toBe('platform-package');
    expect(cli.path).toMatch(/claude-code-linux-(x64|arm64)(-musl)?[/\\]claude$/);
  });

  it('should start, answer initialize, and stop on close()', async () => {
    const transport = realCli();
    const rec = record(transport);
    await transport.start();
    await transport.send({
      type: 'control_request',
      request_id: 'req_1_test',
      request: { subtype: 'initialize' },
    });
    await waitUntil(() =>
      rec.messages.some(
        (m) =>
          m.type === 'control_response' &&
          (m.response as { request_id?: string }).request_id === 'req_1_test',
      ),
    );
    const pid = transport.pid as number;
    await transport.close();
    expect(isRunning(pid)).toBe(false);
    expect(rec.closes).toEqual([{}]);
    expect(rec.errors).toEqual([]);
  });

  it('should exit and fire onclose once stdin is ended', async () => {
    const transport = realCli();
    const rec = record(transport);
    await transport.start();
    await transport.endInput();
    expect(await rec.closed).toEqual({});
    expect(transport.exitCode).toBe(0);
    await transport.close();
    expect(rec.closes).toHaveLength(1);
  });

  it('should surface an unknown flag as ProcessExitError with the CLI stderr', async () => {
    const transport = realCli({ extraArgs: { 'no-such-flag-for-ccsdk': null } });
    const rec = record(transport);
    await transport.start();
    const info = await rec.closed;
    expect(info.error).toBeInstanceOf(ProcessExitError);
    const error = info.error as ProcessExitError;
    expect(error.code).toBe('PROCESS_EXITED');
    expect(error.exitCode).not.toBe(0);
    expect(error.stderrTail).toContain("unknown option '--no-such-flag-for-ccsdk'");
    expect(error.message).toContain("unknown option '--no-such-flag-for-ccsdk'");
    await transport.close();
  });
});
