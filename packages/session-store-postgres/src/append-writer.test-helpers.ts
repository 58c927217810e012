/**
 * A separate writer process for the two-process test: appends `batches` batches of `size`
 * entries (uuids `<writer>-<n>`) to one key, then prints `done`. Run with tsx:
 * `node --conditions=@ccsdk/source --import tsx append-writer.test-helpers.ts <url> <schema> <writer> <session> <batches> <size>`.
 */
import { PostgresSessionStore } from './postgres-session-store.js';

const [url, schema, writer, sessionId, batches, size] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const store = new PostgresSessionStore({ connectionString: url, schema });
let n = 0;
for (let b = 0; b < Number(batches); b++) {
  const entries = Array.from({ length: Number(size) }, () => {
    const i = n++;
    return { type: 'x', uuid: `${writer}-${i}`, writer, i };
  });
  await store.append({ projectKey: 'two-writers', sessionId }, entries);
}
await store.close();
process.stdout.write('done\n');
