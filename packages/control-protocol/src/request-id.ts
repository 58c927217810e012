const RANDOM_BYTES_PER_ID = 4;

function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  let hex = '';
  for (const byte of buffer) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Returns a generator of control request ids `req_<n>_<8 hex>`: `n` counts from 0 per
 * generator, the hex part is fresh randomness for each id.
 */
export function createRequestIdGenerator(): () => string {
  let counter = 0;
  return () => `req_${counter++}_${randomHex(RANDOM_BYTES_PER_ID)}`;
}
