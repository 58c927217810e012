/** Public API of @ccsdk/mirror-batcher. */
export const PACKAGE_NAME = '@ccsdk/mirror-batcher';
