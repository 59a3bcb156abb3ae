// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AttentionItem, AttentionList } from '../../../contract/money';
import { useToasts } from '../../components/ui/toast';
import { sentBodies } from '../../test/screens';
import { aUser } from '../../test/fixtures';
import AttentionPage from './attention-page';
import { json, renderScreen, stubApi } from './test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Toasts() {
  const toasts = useToasts();
  return <p data-testid="toasts">{toasts.map((t) => t.title + (t.description ? `: ${t.description}` : '')).join(' | ')}</p>;
}

const ORDER_ID = '5fb239e9-aea5-4729-9a4e-6d7ff15099d5';

function item(id: string, overrides: Partial<AttentionItem> = {}): AttentionItem {
  return {
    id,
    cause: 'failed',
    status: 'failed',
    reason: 'customer',
    amountCents: 1999,
    orderId: ORDER_ID,
    voucherId: 'v1',
    voucherCode: 'ABCD2345',
    dealTitle: 'Sushi for 2',
    customerPhone: '5550000001',
    provider: 'stripe',
    providerRef: 're_123',
    idempotencyKey: `refund-${id}`,
    tries: 3,
    failure: 'card_expired: the card has expired',
    createdAt: '2026-11-22T10:00:00.000Z',
    settledAt: '2026-11-22T10:05:00.000Z',
    nextTryAt: null,
    reversedAt: null,
    canRetry: true,
    history: [],
    ...overrides,
  };
}

const list = (items: AttentionItem[]): AttentionList => ({
  items,
  counts: {
    failed: items.filter((i) => i.cause === 'failed').length,
    stuck: items.filter((i) => i.cause === 'stuck').length,
    reversed: items.filter((i) => i.cause === 'reversed').length,
  },
});

const render = () =>
  renderScreen(
    <>
      <AttentionPage />
      <Toasts />
    </>,
    { path: '/admin/attention' },
  );

describe('Needs attention', () => {
  it('counts the items by cause and shows everything known of each, its history included', async () => {
    stubApi({
      'GET /api/admin/attention': () =>
        json(
          list([
            item('r1'),
            item('r2', {
              cause: 'stuck',
              status: 'pending',
              reason: 'group',
              voucherId: null,
              voucherCode: null,
              dealTitle: null,
              customerPhone: null,
              providerRef: null,
              failure: null,
              tries: 7,
              settledAt: null,
              nextTryAt: '2026-11-24T09:00:00.000Z',
              canRetry: false,
            }),
            item('r3', {
              cause: 'reversed',
              reason: 'sold_out',
              amountCents: 2500,
              reversedAt: '2026-11-23T08:00:00.000Z',
              history: [
                { at: '2026-11-23T09:00:00.000Z', action: 'retried', byPhone: '5550000009', note: null },
                { at: '2026-11-23T09:30:00.000Z', action: 'resolved', byPhone: null, note: 'Paid back by bank transfer' },
              ],
            }),
          ]),
        ),
    });
    render();

    expect(screen.getByRole('heading', { level: 1, name: 'Needs attention' })).toBeTruthy();
    expect(document.title).toBe('Needs attention · DealMarket');
    const counts = await screen.findByRole('region', { name: 'Open items by cause' });
    for (const cause of ['Failed', 'Pending over a day', 'Failed after succeeding']) {
      expect(within(counts).getByText(cause).closest('dt')?.nextElementSibling?.textContent).toBe('1');
    }

    // The amount sits in an element of its own, which the name's computation sets apart with a space.
    const failed = screen.getByRole('article', { name: /^Refund of \$19\.99 ?, voucher ABCD2345$/ });
    for (const text of ['Failed', 'Asked by the customer', 'Sushi for 2', '5550000001', 'ABCD2345', '#5fb239e9', 'Stripe', 're_123', '3', 'card_expired: the card has expired', 'Nothing done yet.']) {
      expect(failed.textContent).toContain(text);
    }
    expect(failed.textContent).toMatch(/Created\s*Nov 22, 2026 \d{2}:\d{2}/);
    expect(within(failed).getByRole('link', { name: /^#5fb239e9 ?, look it up in customer service$/ }).getAttribute('href')).toBe('/admin/orders?q=5fb239e9');
    expect(within(failed).getByRole('button', { name: 'Retry the refund of voucher ABCD2345' })).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Resolve the refund of voucher ABCD2345' })).toBeTruthy();

    // Without a voucher the order names the item; a refund that cannot be tried again offers Resolve alone.
    const stuck = screen.getByRole('article', { name: /^Refund of \$19\.99 ?, order #5fb239e9$/ });
    expect(stuck.textContent).toContain('Pending over a day');
    expect(stuck.textContent).toContain('Group did not fill');
    expect(stuck.textContent).toMatch(/Next try\s*Nov 24, 2026/);
    expect(within(stuck).queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(within(stuck).getByRole('button', { name: 'Resolve the refund of order #5fb239e9' })).toBeTruthy();

    const reversed = screen.getByRole('article', { name: /^Refund of \$25\.00 ?, voucher ABCD2345$/ });
    expect(reversed.textContent).toContain('Failed after succeeding');
    expect(reversed.textContent).toContain('Sold out before the payment completed');
    expect(reversed.textContent).toMatch(/Reversed\s*Nov 23, 2026/);
    const history = within(reversed).getByRole('region', { name: 'History' });
    const actions = within(history).getAllByRole('listitem').map((li) => li.textContent);
    expect(actions[0]).toMatch(/^Retried by 5550000009 ?Nov 23, 2026/);
    expect(actions[1]).toMatch(/^Resolved by a removed account ?Nov 23, 2026 \d{2}:\d{2}Paid back by bank transfer$/);
  });

  it('retries an item, shows the answer as a toast, and reads the list again', async () => {
    let retried = false;
    const fetchMock = stubApi({
      'GET /api/admin/attention': () => json(list(retried ? [] : [item('r1')])),
      'POST /api/admin/attention/r1/retry': () => {
        retried = true;
        return json({ item: { ...item('r1'), status: 'succeeded' }, message: 'The refund went through.' });
      },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry the refund of voucher ABCD2345' }));

    expect(await screen.findByRole('heading', { name: 'Nothing needs attention.' })).toBeTruthy();
    expect(screen.getByTestId('toasts').textContent).toBe('The refund went through.');
    const retry = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/attention/r1/retry');
    expect(retry?.[1]?.method).toBe('POST');
    expect(retry?.[1]?.body).toBeUndefined();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/admin/attention')).toHaveLength(2);
  });

  it("says why a retry was refused, in the server's words", async () => {
    stubApi({
      'GET /api/admin/attention': () => json(list([item('r1')])),
      'POST /api/admin/attention/r1/retry': () => json({ message: 'Another refund stands for this voucher' }, 409),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry the refund of voucher ABCD2345' }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toBe('Retry failed: Another refund stands for this voucher'));
  });

  it('resolves an item only with a note of what was done, then reads the list again', async () => {
    let resolved = false;
    const fetchMock = stubApi({
      'GET /api/admin/attention': () => json(list(resolved ? [] : [item('r1')])),
      'POST /api/admin/attention/r1/resolve': () => {
        resolved = true;
        return json({ item: item('r1'), message: 'Marked as resolved.' });
      },
    });
    render();
    const resolve = await screen.findByRole('button', { name: 'Resolve the refund of voucher ABCD2345' });
    fireEvent.click(resolve);

    const dialog = await screen.findByRole('dialog', { name: 'Resolve the refund of voucher ABCD2345' });
    const note = within(dialog).getByRole('textbox', { name: 'What was done?' });
    expect(note.hasAttribute('required')).toBe(true);
    expect(document.activeElement).not.toBe(resolve);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByText('Please say what was done.')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(note, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(sentBodies(fetchMock, 'POST', '/api/admin/attention/r1/resolve')).toEqual([]);

    fireEvent.change(note, { target: { value: '  Refunded by bank transfer on 24 Nov  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));

    expect(await screen.findByRole('heading', { name: 'Nothing needs attention.' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('toasts').textContent).toBe('Marked as resolved.');
    expect(sentBodies(fetchMock, 'POST', '/api/admin/attention/r1/resolve')).toEqual([{ note: 'Refunded by bank transfer on 24 Nov' }]);
  });

  it("keeps the dialog open with the server's refusal, and closes with Escape", async () => {
    stubApi({
      'GET /api/admin/attention': () => json(list([item('r1')])),
      'POST /api/admin/attention/r1/resolve': () => json({ message: 'This item was resolved already' }, 409),
    });
    render();
    const resolve = await screen.findByRole('button', { name: 'Resolve the refund of voucher ABCD2345' });
    resolve.focus();
    fireEvent.click(resolve);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'What was done?' }), { target: { value: 'Called the bank' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('This item was resolved already');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(resolve);
  });

  it('says when nothing needs attention, and offers a retry when the list cannot be read', async () => {
    let calls = 0;
    stubApi({
      'GET /api/admin/attention': () => {
        calls += 1;
        return calls <= 2 ? json({ message: 'boom' }, 500) : json(list([]));
      },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5_000 }));
    expect(await screen.findByRole('heading', { name: 'Nothing needs attention.' })).toBeTruthy();
    const counts = screen.getByRole('region', { name: 'Open items by cause' });
    expect(within(counts).getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['0', '0', '0']);
  });

  it('is for superadmins only', () => {
    const fetchMock = stubApi({});
    renderScreen(<AttentionPage />, { path: '/admin/attention', user: aUser({ role: 'customer' }) });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
