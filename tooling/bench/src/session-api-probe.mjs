/**
 * Runs session API calls through one SDK and prints what they return, to compare ours with the
 * official SDK on the same folders (behaviour is learned by running it, never by reading it):
 *
 *   node session-api-probe.mjs <ours|official> <configDir> '<json list of calls>'
 *
 * A call is `[name, ...args]`, for example `["listSessions", {"dir": "/x"}]`. Prints one JSON
 * line per call: `{ call, value }` or `{ call, error: { name, code, message } }`.
 */
const [side, configDir, callsJson] = process.argv.slice(2);
if (!['ours', 'official'].includes(side) || !configDir || !callsJson) {
  throw new Error("usage: session-api-probe.mjs <ours|official> <configDir> '<json calls>'");
}
process.env.CLAUDE_CONFIG_DIR = configDir;
const api =
  side === 'ours' ? await import('@ccsdk/session-jsonl') : await import('@anthropic-ai/claude-agent-sdk');
for (const call of JSON.parse(callsJson)) {
  const [name, ...args] = call;
  try {
    const value = await api[name](...args);
    process.stdout.write(`${JSON.stringify({ call, value })}\n`);
  } catch (error) {
    process.stdout.write(
      `${JSON.stringify({ call, error: { name: error?.name, code: error?.code, message: String(error?.message) } })}\n`,
    );
  }
}
