/** Public API of @ccsdk/session-jsonl. */
export const PACKAGE_NAME = '@ccsdk/session-jsonl';
