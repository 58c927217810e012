// A web chat: a page in the browser talks to a `ccsdk serve` session with `@ccsdk/sdk/browser`
// (WebSocket, the credential in the first frame), permission prompts answered in the page. This
// process is the page's backend: it serves the page, bundles its script, starts the server (with the
// page's origin on its allow-list) and hands the page a session when it asks.
// Run: pnpm tsx src/web-chat/server.ts [--port 8080]   then open the printed URL.
//      pnpm tsx src/web-chat/server.ts --check         runs the chat once without a browser and checks it.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateToken, startDirectConnectServer } from '@ccsdk/direct-connect-server';
import { reply, text, toolUse } from '@ccsdk/testing';
import * as esbuild from 'esbuild';
import { startExampleModel } from '../support/example-model.js';
import { checkChat } from './check-chat.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const { values: flags } = parseArgs({ options: { port: { type: 'string' }, check: { type: 'boolean' } } });

await using model = await startExampleModel([
  reply(text('Hello! I am Claude Code, running behind ccsdk serve. Ask me to make a file.')),
  reply(
    toolUse(
      'Bash',
      { command: 'touch hello-from-the-web.txt', description: 'Make a file' },
      'toolu_web_touch',
    ),
  ),
  reply(text('Done: hello-from-the-web.txt is made, with your permission.')),
]);

// The page's script, bundled for the browser: no Node built-in, no polyfill.
const bundle = await esbuild.build({
  entryPoints: [here('./chat-page.ts')],
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  minify: true,
  write: false,
  logLevel: 'warning',
});
const pageScript = bundle.outputFiles[0]?.text ?? '';
const pageHtml = await readFile(here('./index.html'), 'utf8');

// The page's backend. It knows the server's token and gives it to its own page over a same-origin
// POST, never in a URL. (ccsdk serve has one token per server: put this route behind your own login.)
let createSession: () => Promise<{ wsUrl: string; token: string }> = async () => {
  throw new Error('not ready');
};
const site = createServer((request: IncomingMessage, response: ServerResponse) => {
  const path = new URL(request.url ?? '/', 'http://site').pathname;
  if (request.method === 'GET' && path === '/') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml);
  } else if (request.method === 'GET' && path === '/chat.js') {
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(pageScript);
  } else if (request.method === 'POST' && path === '/api/session') {
    createSession().then(
      (session) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(session)),
      (error: unknown) => response.writeHead(502).end(String(error)),
    );
  } else {
    response.writeHead(path === '/favicon.ico' ? 204 : 404).end();
  }
});
await new Promise<void>((resolve) => site.listen(Number(flags.port ?? 0), '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

// ccsdk serve, in this process: sessions run the CLI in the example's folder; only our page's origin
// may open them from a browser.
const token = generateToken();
const { cwd, ...cli } = model.options;
await using server = await startDirectConnectServer({
  token,
  host: '127.0.0.1',
  port: 0,
  roots: [cwd],
  cli,
  allowedOrigins: [origin],
  logger: () => {},
});
createSession = async () => {
  const answer = await fetch(`${server.httpUrl}/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ cwd }),
  });
  if (!answer.ok) throw new Error(`POST /sessions answered ${answer.status}`);
  const { ws_url } = (await answer.json()) as { ws_url: string };
  return { wsUrl: ws_url, token };
};

console.log(`web chat: ${origin}/`);
if (flags.check) {
  await checkChat(await createSession(), origin, model);
  site.close();
} else {
  console.log('(Ctrl-C to stop)');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  site.closeAllConnections();
  site.close();
}
