/** What every successful login, registration or bootstrap does with its `{sessionId, user}` answer (docs/product/screens.md#the-session-in-the-browser). */
import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '../../../../contract/auth';
import { setSessionId } from '../../../lib/session';
import { currentUserQueryKey } from './get-current-user';

/** Stores the session, shows the user at once, and has everything read as the previous visitor read again. */
export function startSession(queryClient: QueryClient, answer: Pick<SessionAnswer, 'sessionId' | 'user'>): void {
  setSessionId(answer.sessionId);
  queryClient.setQueryData(currentUserQueryKey, answer.user);
  // Favourites, role checks and merchant-only deal lists depend on who is asking.
  void queryClient.invalidateQueries();
}

export function useStartSession(): (answer: SessionAnswer) => void {
  const queryClient = useQueryClient();
  return useCallback((answer: SessionAnswer) => startSession(queryClient, answer), [queryClient]);
}
