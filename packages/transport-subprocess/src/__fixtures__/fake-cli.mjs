// A stand-in for the Claude Code CLI, driven by JSON commands on stdin. Used by the transport tests.
// Environment switches: FIXTURE_IGNORE_SIGTERM=1 (log and ignore SIGTERM), FIXTURE_LINGER=1 (stay
// alive after stdin EOF), FIXTURE_HOLD_STDIN=1 (do not read stdin until SIGUSR1), FIXTURE_ECHO_STDIN=1
// (copy each stdin line to stdout byte for byte, no JSON).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const env = process.env;
const out = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const keepAlive = () => setInterval(() => {}, 1000);

process.on('SIGTERM', () => {
  process.stderr.write('got SIGTERM\n');
  if (env.FIXTURE_IGNORE_SIGTERM !== '1') process.exit(143);
});

out({
  type: 'system',
  subtype: 'init',
  argv: process.argv.slice(2),
  cwd: process.cwd(),
  env: {
    CLAUDE_CODE_ENTRYPOINT: env.CLAUDE_CODE_ENTRYPOINT ?? null,
    CLAUDE_AGENT_SDK_VERSION: env.CLAUDE_AGENT_SDK_VERSION ?? null,
    CLAUDECODE: env.CLAUDECODE ?? null,
    PWD: env.PWD ?? null,
    FIXTURE_CUSTOM: env.FIXTURE_CUSTOM ?? null,
  },
});

function handle(msg) {
  switch (msg.cmd) {
    case 'echo':
      out({ type: 'echo', value: msg.value });
      break;
    case 'length':
      out({ type: 'length', bytes: JSON.stringify(msg.value).length });
      break;
    case 'raw':
      process.stdout.write(msg.text);
      break;
    case 'stderr':
      process.stderr.write(msg.text);
      break;
    case 'raw-chunks': {
      // Base64 chunks written 50 ms apart, so each arrives in its own read.
      const chunks = msg.chunks.map((chunk) => Buffer.from(chunk, 'base64'));
      const next = () => {
        const chunk = chunks.shift();
        if (chunk !== undefined) process.stdout.write(chunk, () => setTimeout(next, 50));
      };
      next();
      break;
    }
    case 'stderr-split':
      process.stderr.write(msg.first);
      setTimeout(() => process.stderr.write(msg.second), 50);
      break;
    case 'exit':
      process.stderr.write('', () => process.stdout.write('', () => process.exit(msg.code)));
      break;
    case 'spawn-grandchild': {
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      out({ type: 'grandchild', pid: child.pid });
      break;
    }
    case 'spawn-escapee': {
      // A process in its own session that keeps our stdout open after we exit.
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
        detached: true,
        stdio: ['ignore', 'inherit', 'ignore'],
      });
      child.unref();
      out({ type: 'escapee', pid: child.pid });
      break;
    }
    default:
      out({ type: 'unknown', msg });
  }
}

function echoStdin() {
  let held = Buffer.alloc(0);
  process.stdin.on('data', (chunk) => {
    held = Buffer.concat([held, chunk]);
    let at = held.indexOf(0x0a);
    while (at !== -1) {
      process.stdout.write(held.subarray(0, at + 1));
      held = held.subarray(at + 1);
      at = held.indexOf(0x0a);
    }
  });
  process.stdin.on('end', () => process.stderr.write('stdin closed\n'));
}

function readStdin() {
  if (env.FIXTURE_ECHO_STDIN === '1') {
    echoStdin();
    return;
  }
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line) => handle(JSON.parse(line)));
  lines.on('close', () => {
    process.stderr.write('stdin closed\n');
    if (env.FIXTURE_LINGER === '1') keepAlive();
  });
}

if (env.FIXTURE_HOLD_STDIN === '1') {
  const timer = keepAlive();
  process.once('SIGUSR1', () => {
    clearInterval(timer);
    readStdin();
  });
  out({ type: 'holding' });
} else {
  readStdin();
}
