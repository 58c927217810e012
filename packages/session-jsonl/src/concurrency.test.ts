import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  conversation,
  jsonl,
  makeTempConfig,
  type TempConfig,
  uuid,
  writeTranscript,
} from '../test/helpers.js';
import { forkSession } from './fork-session.js';
import { renameSession } from './rename-tag.js';

let temp: TempConfig;
const S = uuid(1);

beforeEach(() => {
  temp = makeTempConfig();
});
afterEach(() => temp.cleanup());

/** Runs a node script in its own process and resolves with its stdout once it exits with 0. */
function runNode(script: string, args: string[]): { child: ChildProcess; done: Promise<string> } {
  const child = spawn(process.execPath, ['-e', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const done = new Promise<string>((resolve, reject) => {
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`child exited ${code}: ${err}`)),
    );
  });
  return { child, done };
}

/** Appends `count` user entries, one O_APPEND write each, like the CLI does. */
const WRITER = `
const fs = require('node:fs');
const [path, count, sessionId] = process.argv.slice(1);
for (let i = 0; i < Number(count); i++) {
  const line = JSON.stringify({ type: 'user', uuid: 'w-' + i, sessionId, message: { role: 'user', content: 'writer line ' + i + ' ' + 'x'.repeat(i % 200) } }) + '\\n';
  fs.appendFileSync(path, line);
}
`;

describe('mutations while the CLI writes', () => {
  it('should never lose or glue a line when renaming during a stream of appends', async () => {
    const path = writeTranscript(temp.projectsDir, '-p', S, jsonl(conversation(S, 1)));
    const writes = 3000;
    const writer = runNode(WRITER, [path, String(writes), S]);
    let renames = 0;
    let writerDone = false;
    void writer.done.then(() => {
      writerDone = true;
    });
    while (!writerDone || renames < 50) {
      await renameSession(S, `title ${renames}`, { configDir: temp.configDir });
      renames++;
    }
    await writer.done;
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const written = entries.filter(
      (entry) => typeof entry['uuid'] === 'string' && String(entry['uuid']).startsWith('w-'),
    );
    expect(written.map((entry) => entry['uuid'])).toEqual(Array.from({ length: writes }, (_, i) => `w-${i}`));
    const titles = entries
      .filter((entry) => entry['type'] === 'custom-title')
      .map((entry) => entry['customTitle']);
    expect(titles).toEqual(Array.from({ length: renames }, (_, i) => `title ${i}`));
  });
});

/** Polls a folder and checks every new transcript the moment it appears: it must be complete. */
const WATCHER = `
const fs = require('node:fs');
const path = require('node:path');
const [folder, sourceName, stopFile] = process.argv.slice(1);
const checked = new Set([sourceName]);
let seen = 0;
for (;;) {
  const stopping = fs.existsSync(stopFile);
  for (const name of fs.readdirSync(folder)) {
    if (!name.endsWith('.jsonl') || name.startsWith('.') || checked.has(name)) continue;
    const text = fs.readFileSync(path.join(folder, name), 'utf8');
    const lines = text.split('\\n');
    if (lines.pop() !== '') { console.log('PARTIAL ' + name); process.exit(0); }
    const last = JSON.parse(lines[lines.length - 1]);
    if (last.type !== 'custom-title') { console.log('INCOMPLETE ' + name); process.exit(0); }
    checked.add(name);
    seen++;
  }
  if (stopping) break;
}
console.log('OK ' + seen);
`;

describe('fork publication', () => {
  it('should never let a reader see a partial fork, even while the source grows', async () => {
    const big = conversation(S, 400).map((entry) => ({ ...entry, padding: 'p'.repeat(2000) }));
    const path = writeTranscript(temp.projectsDir, '-p', S, jsonl(big));
    const folder = join(temp.projectsDir, '-p');
    const stopFile = join(temp.root, 'stop');
    const watcher = runNode(WATCHER, [folder, `${S}.jsonl`, stopFile]);
    const writer = runNode(WRITER, [path, '2000', S]);
    const forks: string[] = [];
    for (let i = 0; i < 6; i++) forks.push((await forkSession(S, { configDir: temp.configDir })).sessionId);
    await writer.done;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(stopFile, '');
    const report = (await watcher.done).trim();
    expect(report).toBe(`OK ${forks.length}`);
    for (const fork of forks) {
      const lines = readFileSync(join(folder, `${fork}.jsonl`), 'utf8')
        .trimEnd()
        .split('\n');
      expect(lines.length).toBeGreaterThanOrEqual(801);
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    }
  });
});
