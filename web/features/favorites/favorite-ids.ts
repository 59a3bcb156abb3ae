/** The set of favourite deal ids a screen shows: the server's list with the changes still on their way applied on top. */

/** Deal id -> the state asked for (true = favourite) while the request for it runs. */
export type PendingFavorites = ReadonlyMap<string, boolean>;

export function favoriteIds(serverIds: Iterable<string>, pending: PendingFavorites): Set<string> {
  const ids = new Set(serverIds);
  for (const [dealId, wanted] of pending) {
    if (wanted) ids.add(dealId);
    else ids.delete(dealId);
  }
  return ids;
}
