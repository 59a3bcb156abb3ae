/**
 * POST /api/admin/bootstrap {phone} with the X-Bootstrap-Secret header: creates the first superadmin and logs in
 * as them (development mode only, and only while no superadmin exists; ADR 018).
 */
import { useMutation } from '@tanstack/react-query';
import { adminAccountEndpoints } from '../../../../contract/addresses';
import type { SessionAnswer } from '../../../../contract/auth';
import { BOOTSTRAP_SECRET_HEADER } from '../../../../contract/constants';
import { urlOf } from '../../../../contract/endpoint';
import { ApiError } from '../../../lib/api-client';
import { useStartSession } from '../../auth';

export async function bootstrapSuperadmin(input: { phone: string; secret: string }): Promise<SessionAnswer> {
  const endpoint = adminAccountEndpoints.bootstrap;
  // A plain fetch: the shared client has no way to add a header, and no session is needed here.
  const response = await fetch(urlOf(endpoint), {
    method: endpoint.method,
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
