// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { updateDealBody } from '../../../contract/admin';
import { measureNothing } from '../../components/rich-text-editor/test-support';
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
const PHOTO_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const PHOTO = `/api/photos/${PHOTO_ID}/800.webp`;

describe('The superadmin\'s deal form: photos', () => {
  it('uploads for the deal\'s merchant, adds by URL, makes the upload the cover and sends imageUrl and galleryUrls', async () => {
    const deal = anAdminDeal({ merchantId: MERCHANT_ID, imageUrl: 'https://img.example.com/old.jpg', galleryUrls: [] });
    const fetchMock = stubApi({
      'GET /api/admin/merchants': () => json([MERCHANT]),
      'POST /api/photos': () => json({ id: PHOTO_ID, url: PHOTO, width: 1600, height: 1200 }, 201),
      [`PUT /api/admin/deals/${deal.id}`]: () => json({ ...deal, catalogSyncError: null }),
    });
    renderScreen(<DealFormDialog deal={deal} open onOpenChange={() => undefined} />, { path: '/admin/deals' });

    // The old picture is the cover; the address field of before is gone.
    expect(screen.getByRole('img', { name: '图片 1' }).getAttribute('src')).toBe('https://img.example.com/old.jpg');
    fireEvent.change(screen.getByLabelText('添加图片', { selector: 'input' }), { target: { files: [new File(['jpeg'], 'bowl.jpg', { type: 'image/jpeg' })] } });
    await screen.findByRole('img', { name: '图片 2' });
    const upload = fetchMock.mock.calls.find(([url]) => String(url) === '/api/photos')!;
    expect((upload[1]?.body as FormData).get('merchantId')).toBe(MERCHANT_ID);

    fireEvent.change(screen.getByRole('textbox', { name: '通过链接添加' }), { target: { value: '/images/deals/spa-day.svg' } });
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    fireEvent.click(screen.getByRole('button', { name: '将图片 2 设为封面' }));
    expect(screen.getByRole('img', { name: '图片 1' }).getAttribute('srcset')).toContain(`/api/photos/${PHOTO_ID}/1600.webp 1600w`);

    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', `/api/admin/deals/${deal.id}`)).toHaveLength(1));
    const [body] = sentBodies(fetchMock, 'PUT', `/api/admin/deals/${deal.id}`);
    expect(body).toMatchObject({ imageUrl: PHOTO, galleryUrls: ['https://img.example.com/old.jpg', '/images/deals/spa-day.svg'] });
    expect(updateDealBody.safeParse(body).success).toBe(true);
  });

  it('waits for the merchant to be chosen before uploading', async () => {
    stubApi({ 'GET /api/admin/merchants': () => json([MERCHANT]) });
    renderScreen(<DealFormDialog deal={null} open onOpenChange={() => undefined} />, { path: '/admin/deals' });
    expect(screen.getByText('请先选择商家，再上传图片。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '添加图片' })).toBeNull();
    await screen.findByRole('option', { name: 'Ramen Ya' });
    fireEvent.change(screen.getByRole('combobox', { name: /商家/ }), { target: { value: MERCHANT_ID } });
    expect(screen.getByRole('button', { name: '添加图片' })).toBeTruthy();
  });
});
