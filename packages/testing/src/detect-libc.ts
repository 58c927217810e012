/** The C library a Linux host runs: decides between `claude-code-linux-<arch>` and `-musl`. */
export type Libc = 'glibc' | 'musl';

let cached: Libc | undefined;

/**
 * Detects glibc vs musl from `process.report.getReport().header.glibcVersionRuntime` (present
 * only on glibc). Non-Linux hosts report `glibc`, which has no effect there. Cached.
 */
export function detectLibc(): Libc {
  if (cached !== undefined) return cached;
  if (process.platform !== 'linux') {
    cached = 'glibc';
    return cached;
  }
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  cached = report?.header?.glibcVersionRuntime ? 'glibc' : 'musl';
  return cached;
}
