/** Public API of @ccsdk/direct-connect. */
export const PACKAGE_NAME = '@ccsdk/direct-connect';
