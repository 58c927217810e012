/** Public API of @ccsdk/testing. */
export const PACKAGE_NAME = '@ccsdk/testing';
