/**
 * Samples a running `ccsdk serve` while a benchmark drives it: the server's own memory, the
 * memory of its CLI processes (apart), the sessions it holds, and the machine's free memory, with
 * the peak of each. Warns once when the machine runs short of memory, so the benchmark can stop
 * before the kernel kills something.
 */
import {
  type DescendantsMemory,
  descendantsMemory,
  memAvailableKiB,
  type ProcMemory,
  readProcMemory,
} from './serve-proc-status.js';

/** How often the sampler looks, in ms: cheap (one pass over `/proc` and one GET /health). */
const SAMPLE_INTERVAL_MS = 500;

/** The peaks seen while sampling. */
export interface SamplerPeaks {
  /** The server's own memory at its `VmRSS` peak. */
  readonly server: ProcMemory;
  /** The CLIs' summed memory at the moment most of it was resident. */
  readonly clis: DescendantsMemory;
  /** The most sessions `/health` reported at once. */
  readonly liveSessions: number;
  /** How long each GET /health took, in ms: how long the server's event loop kept a request waiting. */
  readonly healthMs: readonly number[];
  /** The least memory the machine had available, in KiB. */
  readonly minAvailableKiB: number;
}

/** A running sampler. */
export interface ServeSampler {
  /** Stops sampling and returns the peaks. */
  stop(): Promise<SamplerPeaks>;
}

/** What to sample and when to raise the alarm. */
export interface SamplerOptions {
  readonly pid: number;
  readonly liveSessions: () => Promise<number>;
  /** Called once when the machine's available memory falls below `lowMemoryKiB`. */
  readonly onLowMemory?: (availableKiB: number) => void;
  readonly lowMemoryKiB?: number;
}

/** Starts sampling now. */
export function startServeSampler(options: SamplerOptions): ServeSampler {
  let server: ProcMemory = { vmRssKiB: 0, rssAnonKiB: 0 };
  let clis: DescendantsMemory = { processes: 0, vmRssKiB: 0, rssAnonKiB: 0 };
  let liveSessions = 0;
  const healthMs: number[] = [];
  let minAvailableKiB = Number.POSITIVE_INFINITY;
  let warned = false;
  let running = true;
  const loop = (async () => {
    while (running) {
      const own = readProcMemory(options.pid);
      if (own !== undefined && own.vmRssKiB > server.vmRssKiB) server = own;
      const children = descendantsMemory(options.pid);
      if (children.vmRssKiB > clis.vmRssKiB) clis = children;
      const available = memAvailableKiB();
      minAvailableKiB = Math.min(minAvailableKiB, available);
      if (!warned && options.lowMemoryKiB !== undefined && available < options.lowMemoryKiB) {
        warned = true;
        options.onLowMemory?.(available);
      }
      try {
        const asked = performance.now();
        liveSessions = Math.max(liveSessions, await options.liveSessions());
        healthMs.push(performance.now() - asked);
      } catch {
        // The server is busy or gone: the next sample tries again.
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_INTERVAL_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { server, clis, liveSessions, healthMs, minAvailableKiB };
    },
  };
}
