/**
 * The route a path belongs to, as the `route` label of a metric: a fixed set of templates, so a
 * client cannot make a label value per session id or per junk path.
 */
export function routeLabel(path: string): string {
  if (path === '/health' || path === '/readyz' || path === '/metrics' || path === '/sessions') return path;
  if (/^\/sessions\/[^/]+$/.test(path)) return '/sessions/:id';
  if (/^\/sessions\/[^/]+\/ws$/.test(path)) return '/sessions/:id/ws';
  if (/^\/sessions\/[^/]+\/events$/.test(path)) return '/sessions/:id/events';
  if (/^\/sessions\/[^/]+\/events\/stream$/.test(path)) return '/sessions/:id/events/stream';
  return 'other';
}

/** Error codes are the server's own words; anything else that reached a label is folded into `other`. */
export function reasonLabel(code: string): string {
  return /^[a-z][a-z0-9_]{0,63}$/.test(code) ? code : 'other';
}
