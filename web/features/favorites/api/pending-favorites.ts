/**
 * Favourite changes whose request is still running (deal id -> wanted state). Hearts and the header count read
 * them on top of the server's list, so a tap shows at once; a refused change simply drops out again (rollback).
 */
import { useSyncExternalStore } from 'react';
import type { PendingFavorites } from '../favorite-ids';

let pending: PendingFavorites = new Map();
const listeners = new Set<() => void>();

function publish(next: PendingFavorites): void {
  pending = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => pending;

export function isFavoritePending(dealId: string): boolean {
  return pending.has(dealId);
}

export function markFavoritePending(dealId: string, wanted: boolean): void {
  publish(new Map(pending).set(dealId, wanted));
}

export function clearFavoritePending(dealId: string): void {
  const next = new Map(pending);
  next.delete(dealId);
  publish(next);
}

export function usePendingFavorites(): PendingFavorites {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
