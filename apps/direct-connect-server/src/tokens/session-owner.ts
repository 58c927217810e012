/** A session as the ownership check sees it. */
export interface OwnedBy {
  /** The name of the token that created it. */
  readonly owner: string | undefined;
}

/**
 * `session` when `principal` owns it (its token created it), else `undefined`: a session of
 * another token answers as a session that does not exist (404, or close 4400), so clients cannot
 * see, end or read each other's sessions, nor learn that they exist.
 */
export function ownedSession<T extends OwnedBy>(session: T | undefined, principal: string): T | undefined {
  return session !== undefined && session.owner === principal ? session : undefined;
}
