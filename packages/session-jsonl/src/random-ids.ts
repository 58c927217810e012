/**
 * Random ids for forks, entries and staging files, from Web Crypto (a global since Node 19),
 * reached on first use: importing the package does not load `node:crypto` (about 1 MiB of a
 * process's memory), so a program that only reads sessions never pays for it.
 */

/** A random RFC 4122 version 4 UUID. */
export function randomUuid(): string {
  return globalThis.crypto.randomUUID();
}

/** `bytes` random bytes as lowercase hexadecimal. */
export function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return Buffer.from(buffer.buffer, buffer.byteOffset, buffer.length).toString('hex');
}
