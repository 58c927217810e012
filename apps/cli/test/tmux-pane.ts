import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether tmux is installed. */
export function hasTmux(): boolean {
  return spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;
}

/** What the pane's shell prints, with the exit status, once the command has exited. */
const EXIT_MARK = '__ccsdk_exit ';

/** How often a wait polls the pane, in ms. */
const POLL_MS = 25;

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * One command running in a detached tmux pane of a fixed size, on a private tmux server, so a
 * test sees the screen exactly as a person at that terminal would (tmux renders the cursor
 * moves, erases and colours). The pane stays after the command exits, until {@link TmuxPane.close}.
 */
export class TmuxPane {
  readonly #socket: string;
  readonly #dir: string;

  private constructor(socket: string, dir: string) {
    this.#socket = socket;
    this.#dir = dir;
  }

  /** Starts `argv` with exactly `env` in a `width`×`height` pane. */
  static start(
    argv: readonly string[],
    options: { env: NodeJS.ProcessEnv; width: number; height: number; cwd: string },
  ): TmuxPane {
    const dir = mkdtempSync(join(tmpdir(), 'ccsdk-tmux-'));
    const config = join(dir, 'tmux.conf');
    writeFileSync(
      config,
      'set -g remain-on-exit on\nset -g status off\nset -g default-terminal "tmux-256color"\n',
    );
    const assignments = Object.entries(options.env)
      .filter(
        (entry): entry is [string, string] =>
          entry[1] !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(entry[0]),
      )
      .map(([name, value]) => shellQuote(`${name}=${value}`));
    // The shell runs the command in the foreground (stdin is the terminal), stays after it (so the
    // screen can be read) and prints its exit status last.
    const command = `env -i ${assignments.join(' ')} ${argv.map(shellQuote).join(' ')}`;
    const script = `cd ${shellQuote(options.cwd)} && ${command}; echo "${EXIT_MARK}$?"; exec sleep 3600`;
    const pane = new TmuxPane(join(dir, 'socket'), dir);
    pane.#tmux([
      '-f',
      config,
      'new-session',
      '-d',
      '-s',
      'test',
      '-x',
      String(options.width),
      '-y',
      String(options.height),
      script,
    ]);
    return pane;
  }

  #tmux(args: readonly string[]): string {
    return execFileSync('tmux', ['-S', this.#socket, ...args], { encoding: 'utf8' });
  }

  /** The screen's lines as the command left them (without the exit line); with `escapes`, with the colour sequences tmux would draw. */
  capture(escapes = false): string[] {
    const lines = this.#screen(escapes).filter((line) => !line.includes(EXIT_MARK));
    while (
      lines.length > 0 &&
      lines
        .at(-1)
        ?.replace(/\x1b\[[0-9;]*m/g, '')
        .trim() === ''
    )
      lines.pop();
    return lines;
  }

  #screen(escapes: boolean): string[] {
    return this.#tmux(['capture-pane', '-p', '-t', 'test', ...(escapes ? ['-e'] : [])]).split('\n');
  }

  /** The command's process id: the one child of the pane's shell. */
  pid(): number {
    const shell = this.#tmux(['display-message', '-p', '-t', 'test', '#{pane_pid}']).trim();
    const children = readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(' ');
    if (children.length !== 1 || children[0] === '')
      throw new Error(`the pane's shell has children ${JSON.stringify(children)}`);
    return Number(children[0]);
  }

  /** The command's exit status once it has exited, else `undefined`. */
  exitStatus(): number | undefined {
    const line = this.#screen(false).find((candidate) => candidate.startsWith(EXIT_MARK));
    return line === undefined ? undefined : Number(line.slice(EXIT_MARK.length));
  }

  /** Polls until `ready()` holds; throws with the screen after `timeoutMs`. */
  async waitFor(ready: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}; screen:\n${this.capture().join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Waits for the command to exit and returns its status. */
  async waitForExit(timeoutMs: number): Promise<number | undefined> {
    await this.waitFor(() => this.exitStatus() !== undefined, timeoutMs, 'the command to exit');
    return this.exitStatus();
  }

  /** Types `text` into the pane, then Enter. */
  type(text: string): void {
    this.#tmux(['send-keys', '-t', 'test', '-l', text]);
    this.#tmux(['send-keys', '-t', 'test', 'Enter']);
  }

  /** Stops the tmux server and removes its folder. */
  close(): void {
    spawnSync('tmux', ['-S', this.#socket, 'kill-server'], { stdio: 'ignore' });
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
