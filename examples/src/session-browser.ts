// A session browser: list the sessions of a folder, read one, rename it, fork it.
// Transcripts are the CLI's own JSONL files; these calls read and change them safely.
// Run: pnpm tsx src/session-browser.ts
import {
  forkSession,
  getSessionInfo,
  getSessionMessages,
  isSDKResultMessage,
  listSessions,
  query,
  renameSession,
} from '@ccsdk/sdk';
import { reply, text } from '@ccsdk/testing';
import { startExampleModel } from './support/example-model.js';

await using model = await startExampleModel([reply(text('Noted: the word is "pineapple".'))]);

// First make a session to browse.
let sessionId = '';
for await (const message of query({ prompt: 'Remember the word "pineapple".', options: model.options })) {
  if (isSDKResultMessage(message)) sessionId = message.session_id;
}

// `dir` is the project folder; `configDir` is only needed when it is not the default (offline it is the sandbox's).
const where = { dir: model.cwd, ...(model.configDir === undefined ? {} : { configDir: model.configDir }) };

console.log('sessions in this folder:');
for (const info of await listSessions(where)) {
  console.log(`  ${info.sessionId}  ${new Date(info.lastModified).toISOString()}  ${info.summary}`);
}

console.log(`messages of ${sessionId}:`);
const messages = await getSessionMessages(sessionId, where);
for (const message of messages)
  console.log(`  ${message.type}: ${JSON.stringify(message.message).slice(0, 90)}`);

await renameSession(sessionId, 'The pineapple chat', where);
const { sessionId: forkId } = await forkSession(sessionId, { ...where, title: 'Pineapple, take two' });
console.log(`renamed ${sessionId}, forked it as ${forkId}`);

const after = await listSessions(where);
for (const info of after) console.log(`  ${info.sessionId}  ${info.summary}`);

const renamed = await getSessionInfo(sessionId, where);
const forkMessages = await getSessionMessages(forkId, where);
model.check(messages.length >= 2, 'the session holds the prompt and the answer');
model.check(renamed?.summary === 'The pineapple chat', 'the rename shows in the listing');
model.check(
  after.some((info) => info.sessionId === forkId && info.summary === 'Pineapple, take two'),
  'the fork is listed with its title',
);
model.check(forkMessages.length === messages.length, 'the fork holds the same conversation');
model.check(
  forkMessages.every((m, i) => m.uuid !== messages[i]?.uuid),
  'with fresh message ids, so both can be resumed independently',
);
