/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The web chat's page script, bundled for the browser by server.ts (esbuild, no Node polyfill).
// It asks its own backend for a session, then talks to `ccsdk serve` directly from the browser.
import { type ChatConnection, type ChatView, openChat } from './chat-session.js';

const log = document.querySelector<HTMLOListElement>('#log')!;
const form = document.querySelector<HTMLFormElement>('#composer')!;
const box = document.querySelector<HTMLInputElement>('#message')!;
const status = document.querySelector<HTMLParagraphElement>('#status')!;

function line(who: 'you' | 'claude' | 'note', text: string): HTMLLIElement {
  const item = document.createElement('li');
  item.className = who;
  item.textContent = text;
  log.append(item);
  item.scrollIntoView({ block: 'end' });
  return item;
}

const view: ChatView = {
  line,
  askPermission: (toolName, input) =>
    new Promise((resolve) => {
      const card = line('note', `Allow ${toolName}: ${String(input['command'] ?? JSON.stringify(input))}? `);
      card.classList.add('permission');
      for (const [label, allowed] of [
        ['Allow', true],
        ['Deny', false],
      ] as const) {
        const button = document.createElement('button');
        button.textContent = label;
        button.addEventListener('click', () => {
          for (const b of card.querySelectorAll('button')) b.remove();
          card.append(allowed ? '(allowed)' : '(denied)');
          resolve(allowed);
        });
        card.append(button);
      }
    }),
  turnEnded: (ok) => {
    status.textContent = ok ? 'ready' : 'the turn did not succeed';
    box.disabled = false;
    box.focus();
  },
};

const response = await fetch('/api/session', { method: 'POST' });
if (!response.ok) throw new Error(`the backend gave no session (${response.status})`);
const chat = openChat((await response.json()) as ChatConnection, view);
status.textContent = 'ready';
box.disabled = false;
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = box.value.trim();
  if (text === '') return;
  box.value = '';
  box.disabled = true;
  status.textContent = 'thinking…';
  chat.send(text);
});
window.addEventListener('pagehide', () => chat.close());
