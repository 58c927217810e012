/** Public API of @ccsdk/mcp-inproc. */
export const PACKAGE_NAME = '@ccsdk/mcp-inproc';
