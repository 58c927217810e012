/**
 * Bytes read from the start and from the end of a transcript to list it: 64 KiB each.
 * Listing never reads a whole file; fields decided outside these windows are not seen.
 */
export const LITE_READ_BYTES = 64 * 1024;

/**
 * How far into a transcript listing looks for the first prompt and the creation time when
 * the first {@link LITE_READ_BYTES} hold none: 1 MiB. Only lines that end inside it count.
 */
export const FIRST_PROMPT_SCAN_BYTES = 1024 * 1024;

/** Longest sanitized project folder name before the CLI shortens it and appends a hash: 200 characters. */
export const MAX_SANITIZED_LENGTH_CHARS = 200;

/** Longest first prompt reported, in UTF-16 code units, before it is cut and given an ellipsis. */
export const FIRST_PROMPT_MAX_CHARS = 200;

/** Size of one read when a whole transcript is streamed: 1 MiB. A longer line grows the buffer. */
export const STREAM_CHUNK_BYTES = 1024 * 1024;

/**
 * Size of one read when a transcript up to {@link WHOLE_PARSE_MAX_BYTES} is parsed whole: 256 KiB.
 * Smaller than {@link STREAM_CHUNK_BYTES} because only the part of the chunk buffer a read
 * fills becomes resident memory; measured on a 5 MB transcript, it is as fast and ~1 MiB lighter.
 */
export const PARSE_CHUNK_BYTES = 256 * 1024;

/**
 * Largest transcript, in bytes, that the message readers read by parsing every line whole (1 MiB).
 * Larger transcripts go through the validating line indexer, which parses only the `message`
 * values returned; both ways give the same messages and warnings. Below this size the indexer's
 * one-time cost in a process (compiling its WebAssembly, running it cold) is more than parsing
 * the whole file costs. Measured against the official SDK: at 0.6 MB the whole parse makes the
 * first call about 2 ms faster; from about 2.5 MB on, the indexer is faster on a first call too,
 * and two to three times faster in steady state.
 */
export const WHOLE_PARSE_MAX_BYTES = 1024 * 1024;

/**
 * Size of the input area of the validating line indexer, which reads transcripts for their
 * messages: 256 KiB, grown (and kept) for a longer line.
 */
export const LINE_INDEX_CHUNK_BYTES = 256 * 1024;

/**
 * Largest gap, in bytes, between two `message` values read again for a page that one read still
 * spans (16 KiB): copying a gap this size costs about what another read call does.
 */
export const REREAD_MERGE_GAP_BYTES = 16 * 1024;

/**
 * Longest line, in bytes, that the WebAssembly field scanner takes (16 MiB); a longer one is
 * scanned in JavaScript, so a scanner's memory (which WebAssembly cannot give back) stays bounded.
 */
export const WASM_SCAN_MAX_LINE_BYTES = 16 * 1024 * 1024;

/** Transcript files listing reads at the same time. */
export const LIST_READ_CONCURRENCY = 16;

/** Most passes of the tag sanitizer (each pass normalizes and strips again until nothing changes). */
export const TAG_SANITIZE_MAX_PASSES = 10;

/** Largest `.meta.json` sidecar or git pointer file read, in bytes: 1 MiB. Larger ones read as unusable. */
export const SMALL_FILE_MAX_BYTES = 1024 * 1024;

/** Buffered output a fork collects before one write to its staging file: 1 MiB. */
export const FORK_WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * How long the size of a transcript that lacks a final newline must hold still before an append
 * treats its last line as cut by a crash (and starts a new line), in milliseconds: 5.
 */
export const APPEND_SETTLE_MS = 5;

/** Most settle checks an append makes before it treats a transcript without a final newline as cut: 20. */
export const APPEND_SETTLE_CHECKS = 20;

/** Longest title taken from a session's `custom-title.json` sidecar, in UTF-16 code units. */
export const TITLE_SIDECAR_MAX_CHARS = 200;

/**
 * Most transcript summaries a process keeps between listings (65,536); the least recently used
 * is dropped first. See {@link SUMMARY_CACHE_MAX_BYTES} for the other bound.
 */
export const SUMMARY_CACHE_MAX_ENTRIES = 65_536;

/**
 * Most memory, estimated from the kept strings' lengths, that the summaries a process keeps
 * between listings may take: 32 MiB (about 30,000 sessions with long prompts and titles).
 */
export const SUMMARY_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * How long before a read a transcript's last change (mtime and ctime) must lie for its summary
 * to be kept, in milliseconds: 5,000. A file system may give two changes within one step of its
 * clock the same times (FAT steps mtime by 2 s, ext3 by 1 s); a summary kept only for a file
 * already still for longer than any such step cannot be mistaken for a later change, since that
 * change gets a later time.
 */
export const SUMMARY_CACHE_SETTLED_MS = 5_000;

/**
 * Largest summary index read or written, in bytes: 64 MiB (about 100,000 sessions with long
 * prompts and titles). A larger file is not read; a larger index is not written.
 */
export const SUMMARY_INDEX_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Least time between two writes of one config dir's summary index by a process, in milliseconds:
 * 10,000. Each write serializes every summary of the config dir (about 11 MB and 70 ms of the
 * event loop at 30,000 sessions), so a program that lists again and again while a session grows
 * writes at most this often; what changed meanwhile is written at the first listing after. A
 * summary missing from the index costs only its file's read in the next process.
 */
export const SUMMARY_INDEX_WRITE_INTERVAL_MS = 10_000;

/**
 * Age past which a temporary file of the summary index (left by a process that died while saving)
 * is removed by the next save, in milliseconds: 10 minutes (a save takes milliseconds).
 */
export const SUMMARY_INDEX_TEMPORARY_STALE_MS = 10 * 60 * 1000;
