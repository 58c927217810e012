/** Public API of @ccsdk/transport-subprocess. */
export const PACKAGE_NAME = '@ccsdk/transport-subprocess';
