// @vitest-environment jsdom
// Deal and merchant management in English once English is chosen (docs/product/language.md): Chinese until then.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminMerchant } from '../../../contract/admin';
import { chooseLanguage } from '../../i18n';
import { aUser } from '../../test/fixtures';
import DealsPage from './deals-page';
import MerchantsPage from './merchants-page';
import { validateDealForm, emptyDealForm } from './deal-form';
import { anAdminDeal, json, renderScreen, stubApi } from './test-support';
import { sentBodies } from '../../test/screens';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const PROPOSAL = anAdminDeal({ id: 'd7', title: 'Omakase <1>counter</1> for 2', status: 'pending_review', active: false, submittedAt: '2026-11-21T10:00:00.000Z' });
const REJECTED = anAdminDeal({ id: 'd6', title: 'Sake flight', status: 'rejected', active: false, rejectionReason: 'The photo shows another venue' });
const MERCHANT: AdminMerchant = {
  id: 'm1',
  name: 'Ramen Ya',
  phone: '5550000009',
  address: '',
  description: '',
  businessHours: '{"morning":"09:00-12:00","evening":"19:00-22:00"}',
  city: null,
  latitude: null,
  longitude: null,
  status: 'inactive',
  createdAt: '2026-01-05T00:00:00.000Z',
  photoUrls: [],
  dealCount: 1,
  accountPhone: '5550000009',
  commissionBps: 1250,
  timeZone: 'UTC',
};

describe('the management screens in English', () => {
  it('reads deal management in English, the review queue, badges, actions and checks included', async () => {
    stubApi({
      'GET /api/admin/deals?limit=20&status=pending_review': () => json([PROPOSAL]),
      'GET /api/admin/deals?limit=20': () => json([PROPOSAL, REJECTED, anAdminDeal()]),
    });
    await act(() => chooseLanguage('en'));
    renderScreen(<DealsPage />, { path: '/admin/deals' });

    expect(screen.getByRole('heading', { level: 1, name: 'Deal Management' }).closest('[lang]')?.getAttribute('lang')).toBe('en');
    expect(document.title).toBe('Deal Management · DealMarket');
    const queue = await screen.findByRole('region', { name: 'Review Queue' });
    const item = await within(queue).findByRole('article', { name: 'Omakase <1>counter</1> for 2' });
    expect(item.textContent).toContain('Submitted 2026-11-21');
    expect(within(item).getByRole('button', { name: /^Approve/ })).toBeTruthy();

    const all = await screen.findByRole('list', { name: 'Deals' });
    const badges = within(all)
      .getAllByRole('article')
      .map((card) => card.querySelector('.badge')?.textContent);
    expect(badges).toEqual(['Pending Review', 'Rejected', 'Listed']);
    const rejected = within(all).getByRole('article', { name: 'Sake flight' });
    expect(rejected.textContent).toContain('Reason for rejection: The photo shows another venue');
    expect(rejected.textContent).toContain('Stock 200 / Sold 0');
    expect(within(all).getByRole('button', { name: /^Unpublish/ })).toBeTruthy();
    expect(await screen.findByText('3 deals in all')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search Deals' }).getAttribute('placeholder')).toBe('Search by title, description or merchant');

    // The form's checks follow the choice too.
    expect(validateDealForm(emptyDealForm())).toEqual({ merchantId: 'Please choose a merchant', title: 'Please enter the deal title', price: 'Please enter the price' });
  });

  it('reads merchant management in English, with phone numbers as English writes them', async () => {
    stubApi({ 'GET /api/admin/merchants': () => json([MERCHANT]) });
    await act(() => chooseLanguage('en'));
    renderScreen(<MerchantsPage />, { path: '/admin/merchants' });

    const row = await screen.findByRole('article', { name: 'Ramen Ya' });
    expect(screen.getByRole('heading', { level: 1, name: 'Merchant Management' })).toBeTruthy();
    expect(screen.getByText('1 merchant in all')).toBeTruthy();
    expect(row.textContent).toContain('1 deal · created 2026-01-05');
    expect(row.textContent).toContain('Morning 09:00-12:00, Evening 19:00-22:00');
    expect(row.textContent).toContain('(555) 000-0009');
    expect(row.textContent).toContain("This merchant's deals are hidden from customers, and its account cannot log in.");
    expect(within(row).getByRole('combobox', { name: 'Status (Ramen Ya)' })).toBeTruthy();
    expect(within(row).getByRole('option', { name: 'Inactive' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New Merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Merchant' });
    expect(dialog.getAttribute('lang')).toBe('en');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Merchant' }));
    expect(await within(dialog).findByText('Please enter the merchant name')).toBeTruthy();
    expect(within(dialog).getByText('Please enter the contact phone')).toBeTruthy();
  });

  it("shows each merchant's time zone and lets a superadmin choose one, automatic from the place on create", async () => {
    const inLosAngeles: AdminMerchant = { ...MERCHANT, id: 'm2', name: 'Taqueria', status: 'active', latitude: 37.76, longitude: -122.41, timeZone: 'America/Los_Angeles' };
    const fetchMock = stubApi({
      'GET /api/admin/merchants': () => json([inLosAngeles]),
      'PUT /api/admin/merchants/m2': () => json({ ...inLosAngeles, timeZone: 'Asia/Tokyo' }),
    });
    await act(() => chooseLanguage('en'));
    renderScreen(<MerchantsPage />, { path: '/admin/merchants' });

    const row = await screen.findByRole('article', { name: 'Taqueria' });
    await waitFor(() => expect(row.textContent).toContain('Pacific Time (America/Los_Angeles)'));

    fireEvent.click(screen.getByRole('button', { name: 'New Merchant' }));
    const created = await screen.findByRole('dialog', { name: 'New Merchant' });
    const automatic = within(created).getByRole('combobox', { name: 'Time Zone' }) as HTMLSelectElement;
    expect(automatic.value).toBe('');
    expect(within(created).getByRole('option', { name: 'Automatic, from the location' })).toBeTruthy();
    expect(within(created).getByRole('option', { name: 'Asia/Tokyo' })).toBeTruthy();
    fireEvent.click(within(created).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(row).getByRole('button', { name: /Taqueria/ }));
    const edited = await screen.findByRole('dialog', { name: 'Edit Merchant' });
    const zone = within(edited).getByRole('combobox', { name: 'Time Zone' }) as HTMLSelectElement;
    expect(zone.value).toBe('America/Los_Angeles');
    expect(within(edited).queryByRole('option', { name: 'Automatic, from the location' })).toBeNull();
    expect(edited.textContent).toContain('Now Pacific Time.');
    fireEvent.change(zone, { target: { value: 'Asia/Tokyo' } });
    fireEvent.click(within(edited).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', '/api/admin/merchants/m2')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'PUT', '/api/admin/merchants/m2')[0]).toMatchObject({ name: 'Taqueria', timeZone: 'Asia/Tokyo' });
  });

  it('says "Only admin can operate" in Chinese once Chinese is chosen, and goes back to the SPEC\'s texts without a choice', async () => {
    stubApi({ 'GET /api/deals?limit=24': () => json([anAdminDeal()]) });
    renderScreen(<DealsPage />, { path: '/admin/deals', user: aUser({ role: 'customer' }) });
    const note = await screen.findByText('Only admin can operate');
    expect(note.getAttribute('lang')).toBe('en');
    expect(screen.getByRole('heading', { level: 1, name: '团购管理' }).closest('[lang]')?.getAttribute('lang')).toBe('zh-CN');

    await act(() => chooseLanguage('zh-CN'));
    await waitFor(() => expect(screen.getByText('仅管理员可以操作').getAttribute('lang')).toBe('zh-CN'));
  });
});
