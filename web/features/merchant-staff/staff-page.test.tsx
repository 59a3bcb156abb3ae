// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffMember } from '../../../contract/workspace';
import StaffPage from './staff-page';
import { json, renderScreen, STAFF, stubApi } from './test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const KENJI: StaffMember = { id: 's1', phone: '5550100009', name: 'Kenji', createdAt: '2026-11-20T10:00:00.000Z' };

describe('Staff', () => {
  it('lists the staff with name, phone and when each was added', async () => {
    stubApi({ 'GET /api/merchant/staff': () => json([KENJI, { ...KENJI, id: 's2', phone: '5550100010', name: '' }]) });
    renderScreen(<StaffPage />, { path: '/merchant/staff' });
    const table = await screen.findByRole('table', { name: 'Staff accounts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent))).toEqual([
      ['Kenji', '5550100009', 'Nov 20, 2026'],
      ['—none', '5550100010', 'Nov 20, 2026'],
    ]);
    expect(screen.getByRole('list', { name: 'Staff accounts' }).children).toHaveLength(2);
    expect(screen.getByText(/2 of 20 staff accounts/)).toBeTruthy();
  });

  it('adds a staff account and shows its first password once, with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    let staff: StaffMember[] = [];
    const fetchMock = stubApi({
      'GET /api/merchant/staff': () => json(staff),
      'POST /api/merchant/staff': () => {
        staff = [KENJI];
        return json({ ...KENJI, loginInfo: { phone: '5550100009', password: 'Tq7-pLm2-xZ4' } }, 201);
      },
    });
    renderScreen(<StaffPage />, { path: '/merchant/staff' });
    expect(await screen.findByRole('heading', { name: 'No staff yet' })).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Add staff' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add staff' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff' }));
    expect(await within(dialog).findByText('Please enter the phone number')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Phone Number' }), { target: { value: '555-010-0009' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: ' Kenji ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff' }));

    const added = await screen.findByRole('dialog', { name: 'Staff account added' });
    expect(added.textContent).toContain('Tq7-pLm2-xZ4');
    expect(added.textContent).toContain('must change it at the first login');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ phone: '5550100009', name: 'Kenji' });

    fireEvent.click(within(added).getByRole('button', { name: 'Copy login' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Phone: 5550100009\nFirst password: Tq7-pLm2-xZ4'));
    expect(await within(added).findByRole('button', { name: 'Copied' })).toBeTruthy();

    fireEvent.click(within(added).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('table', { name: 'Staff accounts' })).toBeTruthy();
  });

  it('shows the server\'s refusal by the field it is about, and the staff limit above the buttons', async () => {
    let answer = json({ message: 'This phone already has an account', code: 'phone_taken' }, 409);
    stubApi({ 'GET /api/merchant/staff': () => json([KENJI]), 'POST /api/merchant/staff': () => answer });
    renderScreen(<StaffPage />, { path: '/merchant/staff' });
    await screen.findByRole('table', { name: 'Staff accounts' });
    fireEvent.click(screen.getByRole('button', { name: 'Add staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone Number' });
    fireEvent.change(phone, { target: { value: '5550100001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff' }));

    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(phone.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('This phone already has an account');

    answer = json({ message: 'A merchant can have at most 20 staff accounts' }, 409);
    fireEvent.change(phone, { target: { value: '5550100002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('at most 20 staff accounts');
  });

  it('removes a staff account after a confirmation', async () => {
    let staff = [KENJI];
    const fetchMock = stubApi({
      'GET /api/merchant/staff': () => json(staff),
      'DELETE /api/merchant/staff/s1': () => {
        staff = [];
        return new Response(null, { status: 204 });
      },
    });
    renderScreen(<StaffPage />, { path: '/merchant/staff' });
    const table = await screen.findByRole('table', { name: 'Staff accounts' });
    fireEvent.click(within(table).getByRole('button', { name: 'Remove Kenji' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove staff?' });
    expect(dialog.textContent).toContain('Kenji will no longer be able to redeem vouchers');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('heading', { name: 'No staff yet' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('is for the owner account only', () => {
    const fetchMock = stubApi({});
    renderScreen(<StaffPage />, { path: '/merchant/staff', user: STAFF });
    expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeTruthy();
    expect(screen.getByText('Only the owner account can see this.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
