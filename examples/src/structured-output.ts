// Structured output: ask for JSON that fits a schema and read it from the result, parsed.
// Run: pnpm tsx src/structured-output.ts
import { isSDKResultSuccess, query } from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { z } from 'zod';
import { startExampleModel } from './support/example-model.js';

const Release = z.object({
  name: z.string(),
  version: z.string(),
  breaking: z.boolean(),
  highlights: z.array(z.string()),
});

// Offline, the scripted model answers through the CLI's StructuredOutput tool, as a real one does.
await using model = await startExampleModel([
  reply(
    toolUse('StructuredOutput', {
      name: '@ccsdk/testing',
      version: '0.1.0',
      breaking: false,
      highlights: ['createAgentTestBed', 'await using support'],
    }),
  ),
  reply(text('Done.')),
]);

let release: z.infer<typeof Release> | undefined;
for await (const message of query({
  prompt: 'Describe a fictional release of @ccsdk/testing 0.1.0 that adds a one-call test bed.',
  options: {
    ...model.options,
    // The CLI checks the schema as JSON Schema draft-07, so ask zod for that dialect.
    outputFormat: { type: 'json_schema', schema: z.toJSONSchema(Release, { target: 'draft-7' }) },
  },
})) {
  if (isSDKResultSuccess(message)) {
    const parsed = Release.safeParse(message.structured_output);
    if (parsed.success) release = parsed.data;
    else console.log(`output did not fit the schema: ${parsed.error.message}`);
  }
}
console.log('structured output:', release);

model.check(release !== undefined, 'the result carried JSON that fits the schema');
model.check(
  !model.offline || release?.highlights[0] === 'createAgentTestBed',
  'the scripted values came through',
);
