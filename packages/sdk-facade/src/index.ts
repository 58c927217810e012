/** Public API of @ccsdk/sdk. */
export const PACKAGE_NAME = '@ccsdk/sdk';
