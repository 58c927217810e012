/**
 * @ccsdk/compat is a test package: it holds the type-level drop-in test against the official
 * SDK and exports nothing for use.
 */
export {};
