/** Public API of @ccsdk/session-store. */
export const PACKAGE_NAME = '@ccsdk/session-store';
