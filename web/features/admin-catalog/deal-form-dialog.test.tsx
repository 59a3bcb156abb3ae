// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createDealBody } from '../../../contract/admin';
import { measureNothing, pasteHtml } from '../../components/rich-text-editor/test-support';
import { sentBodies } from '../../test/screens';
import { DealFormDialog } from './components/deal-form-dialog';
import { anAdminDeal, anAdminMerchant, json, renderScreen, stubApi } from './test-support';

measureNothing();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MERCHANT = anAdminMerchant();
const MERCHANT_ID = MERCHANT.id;

const spin = (name: string) => screen.getByRole('spinbutton', { name });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('The superadmin\'s deal form: the group offer', () => {
  it('sends no group offer as nulls, a group offer as its values, and shows a refusal under the field it names', async () => {
    let answer = json({ message: 'groupSize: must be at most 10' }, 400);
    const fetchMock = stubApi({ 'GET /api/admin/merchants': () => json([MERCHANT]), 'POST /api/admin/deals': () => answer });
    renderScreen(<DealFormDialog deal={null} open onOpenChange={() => undefined} />, { path: '/admin/deals' });

    await screen.findByRole('option', { name: 'Ramen Ya' });
    type(screen.getByRole('combobox', { name: /商家/ }), MERCHANT_ID);
    type(screen.getByRole('textbox', { name: /团购标题/ }), 'Ramen for two');
    type(spin('价格（美元）'), '19.99');
    fireEvent.click(screen.getByRole('button', { name: '创建团购' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/admin/deals')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'POST', '/api/admin/deals')[0]).toMatchObject({ groupSize: null, groupPriceCents: null, groupWindowHours: 24 });

    // The server's refusal of a group field shows under it.
    const size = spin('成团人数');
    await waitFor(() => expect(size.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(size.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('must be at most 10');

    answer = json({ ...anAdminDeal({ title: 'Ramen for two' }), catalogSyncError: null }, 201);
    type(size, '3');
    type(spin('拼团价（美元）'), '14.50');
    type(spin('成团时限（小时）'), '12');
    fireEvent.click(screen.getByRole('button', { name: '创建团购' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/admin/deals')).toHaveLength(2));
    const body = sentBodies(fetchMock, 'POST', '/api/admin/deals')[1];
    expect(body).toMatchObject({ merchantId: MERCHANT_ID, priceCents: 1999, groupSize: 3, groupPriceCents: 1450, groupWindowHours: 12 });
    expect(createDealBody.safeParse(body).success).toBe(true);
  });
});

describe("The superadmin's deal form: the rich texts", () => {
  it('writes the description in the editor, previews it, and sends its HTML', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/merchants': () => json([MERCHANT]),
      'POST /api/admin/deals': () => json({ ...anAdminDeal({ title: 'Ramen for two' }), catalogSyncError: null }, 201),
    });
    renderScreen(<DealFormDialog deal={null} open onOpenChange={() => undefined} />, { path: '/admin/deals' });

    await screen.findByRole('option', { name: 'Ramen Ya' });
    type(screen.getByRole('combobox', { name: /商家/ }), MERCHANT_ID);
    type(screen.getByRole('textbox', { name: /团购标题/ }), 'Ramen for two');
    type(spin('价格（美元）'), '19.99');
    const description = await screen.findByRole('textbox', { name: '团购描述' }, { timeout: 10_000 }); // the editor's chunk loads first
    act(() => pasteHtml(description, '<p>Two bowls</p>'));
    const toolbar = screen.getAllByRole('toolbar', { name: '格式' }).find((t) => t.getAttribute('aria-controls') === description.id)!;
    fireEvent.click(within(toolbar).getByRole('button', { name: '项目符号列表' }));
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: '项目符号列表' }).getAttribute('aria-pressed')).toBe('true'));

    fireEvent.click(screen.getByRole('button', { name: '预览' }));
    const preview = await screen.findByRole('dialog', { name: '预览' });
    expect(within(preview).getByText('Ramen Ya')).toBeTruthy();
    expect(within(within(preview).getByRole('region', { name: '团购详情' })).getByRole('listitem').textContent).toBe('Two bowls');
    fireEvent.click(within(preview).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '预览' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '创建团购' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/admin/deals')).toHaveLength(1));
    const body = sentBodies(fetchMock, 'POST', '/api/admin/deals')[0];
    expect(body).toMatchObject({ description: '<ul><li><p>Two bowls</p></li></ul>' });
    expect(createDealBody.safeParse(body).success).toBe(true);
  });
});
