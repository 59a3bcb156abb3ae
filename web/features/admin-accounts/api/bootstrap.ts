/**
 * POST /api/admin/bootstrap {phone} with the X-Bootstrap-Secret header: creates the first superadmin and logs in
 * as them (development mode only, and only while no superadmin exists; ADR 018).
 */
import { useMutation } from '@tanstack/react-query';
import type { SessionAnswer } from '../../../../contract/auth';
import { ApiError } from '../../../lib/api-client';
import { useStartSession } from '../../auth';

/** The header name as contract/auth.ts spells it (imported as a value it would pull zod into the bundle). */
const BOOTSTRAP_SECRET_HEADER = 'X-Bootstrap-Secret';

export async function bootstrapSuperadmin(input: { phone: string; secret: string }): Promise<SessionAnswer> {
  // A plain fetch: the shared client has no way to add a header, and no session is needed here.
  const response = await fetch('/api/admin/bootstrap', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [BOOTSTRAP_SECRET_HEADER]: input.secret },
    body: JSON.stringify({ phone: input.phone.trim() }),
    credentials: 'include',
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, text, response.statusText);
  }
  return (await response.json()) as SessionAnswer;
}

export function useBootstrapSuperadmin() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: bootstrapSuperadmin, onSuccess: startSession });
}
