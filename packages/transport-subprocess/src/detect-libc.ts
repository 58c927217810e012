/** The C library a Linux build of Node runs on. */
export type Libc = 'glibc' | 'musl';

interface ReportHeader {
  glibcVersionRuntime?: string;
}

let cached: Libc | undefined;

/**
 * Which libc this Node process runs on: `glibc` when the diagnostic report's header carries
 * `glibcVersionRuntime`, else `musl`. Only meaningful on Linux. Cached after the first call
 * (building a report takes a few milliseconds).
 */
export function detectLibc(): Libc {
  if (cached === undefined) {
    const report = process.report?.getReport() as { header?: ReportHeader } | undefined;
    cached = typeof report?.header?.glibcVersionRuntime === 'string' ? 'glibc' : 'musl';
  }
  return cached;
}
