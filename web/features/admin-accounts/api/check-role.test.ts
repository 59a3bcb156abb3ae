// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { checkRoleQueryOptions } from './check-role';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the role check', () => {
  it('answers null without a session, and is not retried', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ message: 'Please log in' }, 401));
    vi.stubGlobal('fetch', fetchMock);
    await expect(createQueryClient().fetchQuery(checkRoleQueryOptions)).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('answers whether a signed-in account is a superadmin', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => json({ isSuperAdmin: true })));
    await expect(createQueryClient().fetchQuery(checkRoleQueryOptions)).resolves.toEqual({ isSuperAdmin: true });
  });
});
