import { describe, expect, it } from 'vitest';
import { reasonLabel, routeLabel } from './route-label.js';

describe('routeLabel', () => {
  it.each([
    ['/health', '/health'],
    ['/metrics', '/metrics'],
    ['/sessions', '/sessions'],
    ['/sessions/abc', '/sessions/:id'],
    ['/sessions/abc/ws', '/sessions/:id/ws'],
    ['/sessions/abc/events', '/sessions/:id/events'],
    ['/sessions/abc/events/stream', '/sessions/:id/events/stream'],
    ['/sessions/a/b/c', 'other'],
    ['/anything-a-client-makes-up', 'other'],
  ])('should name %s as %s', (path, route) => {
    expect(routeLabel(path)).toBe(route);
  });

  it('should keep server codes and fold anything else', () => {
    expect(reasonLabel('cwd_outside_roots')).toBe('cwd_outside_roots');
    expect(reasonLabel('x'.repeat(65))).toBe('other');
    expect(reasonLabel('Not-A-Code')).toBe('other');
  });
});
