import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id in the API's style: `prefix` then 24 base62 characters (`msg_...`, `toolu_...`, `req_...`). */
export function randomId(prefix: string): string {
  const bytes = randomBytes(24);
  let id = prefix;
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** A fake thinking signature: opaque base64, as the API sends; the CLI only echoes it back. */
export function randomSignature(): string {
  return randomBytes(48).toString('base64');
}
