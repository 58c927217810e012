// Mirror a session into a store as it happens, then resume it from the store on a machine
// (here: a config dir) that has no local copy. The store here is a small file-backed one
// (support/file-session-store.ts); `InMemorySessionStore` from @ccsdk/sdk works the same way.
// Run: pnpm tsx src/mirror-and-resume.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getSessionMessages, isSDKResultMessage, isSDKResultSuccess, query } from '@ccsdk/sdk';
import { text } from '@ccsdk/testing';
import { startExampleModel } from './support/example-model.js';
import { FileSessionStore } from './support/file-session-store.js';

// Offline, the scripted model answers the question from the history it is sent.
await using model = await startExampleModel((request) => {
  if (!request.lastUserText.includes('Which word')) return { content: [text('Noted.')] };
  const remembers = JSON.stringify(request.messages).includes('pineapple');
  return { content: [text(remembers ? 'You asked me to remember "pineapple".' : 'I have no idea.')] };
});

const storeDir = await mkdtemp(join(tmpdir(), 'ccsdk-store-'));
const elsewhere = await mkdtemp(join(tmpdir(), 'ccsdk-fresh-config-'));
try {
  const store = new FileSessionStore(storeDir);

  // 1. A session whose transcript is mirrored into the store (the local file is written too).
  let sessionId = '';
  for await (const message of query({
    prompt: 'Remember the word "pineapple".',
    options: { ...model.options, sessionStore: store },
  })) {
    if (isSDKResultMessage(message)) sessionId = message.session_id;
  }
  const stored = await getSessionMessages(sessionId, { dir: model.cwd, sessionStore: store });
  console.log(`session ${sessionId}: ${stored.length} messages in the store`);

  // 2. Resume it with an empty config dir: the SDK loads the transcript from the store first.
  let answer: string | undefined;
  for await (const message of query({
    prompt: 'Which word did I ask you to remember?',
    options: {
      ...model.options,
      env: { ...model.options.env, CLAUDE_CONFIG_DIR: elsewhere },
      sessionStore: store,
      resume: sessionId,
    },
  })) {
    if (isSDKResultSuccess(message)) answer = message.result;
  }
  console.log(`claude: ${answer}`);

  model.check(stored.length >= 2, 'the first session was mirrored into the store');
  model.check(answer?.includes('pineapple') === true, 'the resumed session remembered the earlier turn');
} finally {
  await rm(storeDir, { recursive: true, force: true });
  await rm(elsewhere, { recursive: true, force: true });
}
