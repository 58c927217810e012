/**
 * The private resident memory of this process, for the benchmark children: `RssAnon` from
 * `/proc/self/status` in bytes, or `null` where the system has no such file (not Linux).
 *
 * `maxRSS` also counts file-backed pages: the code of the node binary and its libraries as it is
 * first run, shared with every other process and dropped by the kernel when memory is short. The
 * first use of V8's optimizing compiler (by hot JavaScript or WebAssembly) pages in about 3-4 MiB
 * of it. Private memory is what the process itself allocated: heap, buffers, module memory.
 */
import { readFileSync } from 'node:fs';

/** Bytes per kB as `/proc` counts them. */
const PROC_KB_BYTES = 1024;

export function privateRssBytes() {
  try {
    const line = readFileSync('/proc/self/status', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('RssAnon:'));
    return line === undefined ? null : Number.parseInt(line.slice('RssAnon:'.length), 10) * PROC_KB_BYTES;
  } catch {
    return null;
  }
}
