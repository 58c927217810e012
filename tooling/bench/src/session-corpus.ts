import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Synthetic Claude Code transcripts for the session benchmarks, shaped like what CLI 2.1.332
 * writes (queue operations, prompts, environment and prompt-snapshot attachments, request
 * shapes, assistant tool calls, tool results, last-prompt and cost entries). Deterministic for a
 * given seed; written at run time under a temporary folder, never committed.
 */

/** A small deterministic PRNG (mulberry32): numbers in [0, 1) from a seed. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function uuidFrom(random: () => number): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`;
}

const PROSE =
  'You are an agent working with the user toward their goals. Read the code before you change it, keep \\"quotes\\" escaped,\\n and prefer small, reviewable steps. ';
const SNAPSHOT_TEXT = PROSE.repeat(110);
const SHAPE_TEXT = PROSE.repeat(200);
const SOURCE_LINE = 'export function example(value: number): string {\\n  return String(value * 2);\\n}\\n';

function toolResultText(bytes: number): string {
  return SOURCE_LINE.repeat(Math.max(1, Math.floor(bytes / SOURCE_LINE.length)));
}

/** Where the chain of a session being written stands. */
interface ChainState {
  parent: string;
  messages: number;
}

/** Writes `turns` turns of one session through `emit`, continuing the chain in `state`. */
function writeSession(
  emit: (line: string) => void,
  random: () => number,
  sessionId: string,
  cwd: string,
  turns: number,
  resultBytes: () => number,
  state: ChainState = { parent: 'null', messages: 0 },
): ChainState {
  let time = Date.UTC(2026, 0, 1) + Math.floor(random() * 1e9);
  const stamp = () => {
    time += 1000;
    return new Date(time).toISOString();
  };
  const common = `"userType":"external","entrypoint":"cli","cwd":${JSON.stringify(cwd)},"sessionId":"${sessionId}","version":"2.1.332","gitBranch":"main"`;
  let parent = state.parent;
  let messages = state.messages;
  const link = (uuid: string) => {
    parent = `"${uuid}"`;
  };
  emit(
    `{"type":"api-request-shape","sessionId":"${sessionId}","shapeHash":"abc","timestamp":"${stamp()}","shape":{"system":[{"type":"text","text":"${SHAPE_TEXT}"}]}}`,
  );
  for (let turn = 0; turn < turns; turn++) {
    const prompt = `Please look at module ${turn} and fix the failing test number ${Math.floor(random() * 1000)}`;
    emit(
      `{"type":"queue-operation","operation":"enqueue","timestamp":"${stamp()}","sessionId":"${sessionId}","content":${JSON.stringify(prompt)}}`,
    );
    const user = uuidFrom(random);
    emit(
      `{"parentUuid":${parent},"isSidechain":false,"type":"user","message":{"role":"user","content":${JSON.stringify(prompt)}},"uuid":"${user}","timestamp":"${stamp()}","permissionMode":"default",${common}}`,
    );
    link(user);
    messages++;
    const env = uuidFrom(random);
    emit(
      `{"parentUuid":${parent},"isSidechain":false,"attachment":{"type":"environment","snapshot":{"workingDirectory":${JSON.stringify(cwd)},"isGitRepo":true,"platform":"linux"}},"type":"attachment","uuid":"${env}","timestamp":"${stamp()}",${common}}`,
    );
    link(env);
    const snapshot = uuidFrom(random);
    emit(
      `{"parentUuid":${parent},"isSidechain":false,"attachment":{"type":"prompt_snapshot","systemPrompt":["${SNAPSHOT_TEXT}"]},"type":"attachment","uuid":"${snapshot}","timestamp":"${stamp()}",${common}}`,
    );
    link(snapshot);
    emit(
      `{"type":"api-request","sessionId":"${sessionId}","id":"${uuidFrom(random)}","timestamp":"${stamp()}","params":{"model":"claude-opus-5-5","max_tokens":128000}}`,
    );
    const toolId = `toolu_${uuidFrom(random).replaceAll('-', '')}`;
    const call = uuidFrom(random);
    emit(
      `{"parentUuid":${parent},"isSidechain":false,"message":{"id":"msg_${turn}","type":"message","role":"assistant","model":"claude-opus-5-5","content":[{"type":"tool_use","id":"${toolId}","name":"Read","input":{"file_path":"${cwd}/src/module-${turn}.ts"}}],"stop_reason":"tool_use","usage":{"input_tokens":1200,"output_tokens":80}},"type":"assistant","uuid":"${call}","timestamp":"${stamp()}",${common}}`,
    );
    link(call);
    messages++;
    const content = toolResultText(resultBytes());
    const result = uuidFrom(random);
    emit(
      `{"parentUuid":${parent},"isSidechain":false,"type":"user","message":{"role":"user","content":[{"tool_use_id":"${toolId}","type":"tool_result","content":"${content}"}]},"uuid":"${result}","timestamp":"${stamp()}","toolUseResult":{"type":"text","file":{"filePath":"${cwd}/src/module-${turn}.ts","content":"${content}"}},${common}}`,
    );
    link(result);
    messages++;
    const answer = uuidFrom(random);
    emit(
      `{"parentUuid":${parent},"isSidechain":false,"message":{"id":"msg_${turn}b","type":"message","role":"assistant","model":"claude-opus-5-5","content":[{"type":"text","text":"I fixed the test in module ${turn}: the comparison used the wrong unit. ${PROSE}"}],"stop_reason":"end_turn","usage":{"input_tokens":1500,"output_tokens":300}},"type":"assistant","uuid":"${answer}","timestamp":"${stamp()}",${common}}`,
    );
    link(answer);
    messages++;
    emit(
      `{"type":"last-prompt","lastPrompt":${JSON.stringify(prompt)},"leafUuid":"${answer}","sessionId":"${sessionId}"}`,
    );
  }
  emit(`{"type":"cost-state","sessionId":"${sessionId}","totalCostUSD":0.42,"totalDuration":58000}`);
  return { parent, messages };
}

/** Buffered line writer over one file descriptor; `close()` returns the bytes written. */
export function fileEmitter(path: string): { emit: (line: string) => void; close: () => number } {
  const fd = openSync(path, 'w', 0o600);
  let pending: string[] = [];
  let pendingChars = 0;
  let bytes = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const chunk = Buffer.from(pending.join(''), 'utf8');
    writeSync(fd, chunk);
    bytes += chunk.length;
    pending = [];
    pendingChars = 0;
  };
  return {
    emit: (line) => {
      pending.push(line, '\n');
      pendingChars += line.length + 1;
      if (pendingChars > 4 * 1024 * 1024) flush();
    },
    close: () => {
      flush();
      closeSync(fd);
      return bytes;
    },
  };
}

/** What a generated listing corpus holds. */
export interface ListingCorpus {
  readonly sessions: number;
  readonly projects: number;
  readonly bytes: number;
}

/**
 * Writes `sessions` transcripts spread over about one project folder per 100 sessions into
 * `<configDir>/projects`. Sizes vary like real use: most sessions have one turn (about 30 KB),
 * some a few, a tenth up to twenty.
 */
export function generateListingCorpus(configDir: string, sessions: number, seed = 1): ListingCorpus {
  const random = prng(seed);
  const projects = Math.max(3, Math.ceil(sessions / 100));
  let bytes = 0;
  for (let p = 0; p < projects; p++)
    mkdirSync(join(configDir, 'projects', `-home-dev-project-${p}`), { recursive: true });
  for (let s = 0; s < sessions; s++) {
    const project = s % projects;
    const sessionId = uuidFrom(random);
    const roll = random();
    const turns = roll < 0.6 ? 1 : roll < 0.9 ? 2 + Math.floor(random() * 3) : 5 + Math.floor(random() * 16);
    const out = fileEmitter(
      join(configDir, 'projects', `-home-dev-project-${project}`, `${sessionId}.jsonl`),
    );
    writeSession(
      out.emit,
      random,
      sessionId,
      `/home/dev/project-${project}`,
      turns,
      () => 1000 + Math.floor(random() * 8000),
    );
    bytes += out.close();
  }
  return { sessions, projects, bytes };
}

/** What a generated long transcript holds. */
export interface LongTranscript {
  readonly sessionId: string;
  readonly bytes: number;
  readonly messages: number;
}

/** Writes one session of about `targetBytes` (many turns, tool results of 2 to 40 KB). */
export function generateLongTranscript(configDir: string, targetBytes: number, seed = 7): LongTranscript {
  const random = prng(seed);
  const sessionId = uuidFrom(random);
  const folder = join(configDir, 'projects', '-home-dev-big-project');
  mkdirSync(folder, { recursive: true });
  const out = fileEmitter(join(folder, `${sessionId}.jsonl`));
  let written = 0;
  const emit = (line: string) => {
    written += line.length + 1;
    out.emit(line);
  };
  let state: ChainState = { parent: 'null', messages: 0 };
  const turnsPerBlock = 4;
  while (written < targetBytes) {
    state = writeSession(
      emit,
      random,
      sessionId,
      '/home/dev/big-project',
      turnsPerBlock,
      () => 2000 + Math.floor(random() * 38000),
      state,
    );
  }
  return { sessionId, bytes: out.close(), messages: state.messages };
}
