// Starts a SubprocessTransport on the fake CLI, has it spawn a grandchild, prints both pids, then
// ends itself: `exit` calls process.exit(0); `wait` waits to be signalled; `graceful` waits for
// SIGTERM with its own once-listener (added before the transport's), closes the transport, exits 0.
// argv: <bundled transport module> <fake cli> <exit|wait|graceful>
const [modulePath, fakeCli, mode] = process.argv.slice(2);
const { SubprocessTransport } = await import(modulePath);
const transport = new SubprocessTransport({
  pathToClaudeCodeExecutable: fakeCli,
  closeGraceMs: 100,
  killAfterMs: 500,
});
transport.onmessage = (message) => {
  if (message.type !== 'grandchild') return;
  process.stdout.write(`${JSON.stringify({ child: transport.pid, grandchild: message.pid })}\n`);
  if (mode === 'exit') process.exit(0);
};
if (mode === 'graceful') {
  process.once('SIGTERM', async () => {
    await transport.close();
    process.exit(0);
  });
}
await transport.start();
await transport.send({ cmd: 'spawn-grandchild' });
setInterval(() => {}, 1000);
