// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { merchantStoreBody, type MerchantStore } from '../../../contract/workspace';
import { useToasts } from '../../components/ui/toast';
import { json, OWNER, renderScreen, sentBodies, STAFF, stubApi } from '../../test/screens';
import MerchantStorePage from './store-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Toasts() {
  const toasts = useToasts();
  return <p data-testid="toasts">{toasts.map((t) => t.title).join(' | ')}</p>;
}

const MERCHANT_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const OLD_PHOTO = '/api/photos/1b4e28ba-2fa1-41d2-883f-0016d3cca427/800.webp';
const NEW_PHOTO = '/api/photos/0f8fad5b-d9cb-469f-a165-70867728950e/800.webp';
const STORE: MerchantStore = { merchantId: MERCHANT_ID, name: 'Sakura Sushi House', description: 'Fresh fish daily.', photoUrls: [OLD_PHOTO] };

const render = (user = OWNER) =>
  renderScreen(
    <>
      <MerchantStorePage />
      <Toasts />
    </>,
    { user, path: '/merchant/store' },
  );

describe('Your store page', () => {
  it('shows the photos and description, uploads a photo, makes it the cover and saves what the server schema accepts', async () => {
    const fetchMock = stubApi({
      'GET /api/merchant/store': () => json(STORE),
      'POST /api/photos': () => json({ id: '0f8fad5b-d9cb-469f-a165-70867728950e', url: NEW_PHOTO, width: 1200, height: 900 }, 201),
      'PUT /api/merchant/store': (init) => json({ ...STORE, ...(JSON.parse(String(init?.body)) as object) }),
    });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Your store page' })).toBeTruthy();
    const description = await screen.findByRole('textbox', { name: 'About your store' });
    expect((description as HTMLTextAreaElement).value).toBe('Fresh fish daily.');
    expect(screen.getByText(/17 of 2,000 characters/)).toBeTruthy();
    const photos = screen.getByRole('group', { name: 'Store photos' });
    expect(within(photos).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(OLD_PHOTO);
    // No typed addresses: photos come from the device.
    expect(within(photos).queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'View your store page' }).getAttribute('href')).toBe(`/store/${MERCHANT_ID}`);

    fireEvent.change(within(photos).getByLabelText('Add photos', { selector: 'input' }), { target: { files: [new File(['jpeg'], 'front.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(within(photos).getByRole('img', { name: 'Photo 2' }).getAttribute('src')).toBe(NEW_PHOTO));
    fireEvent.click(within(photos).getByRole('button', { name: 'Make photo 2 the cover' }));
    fireEvent.change(description, { target: { value: '  Omakase on weekends.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toBe('Store page saved'));
    const [body] = sentBodies(fetchMock, 'PUT', '/api/merchant/store');
    expect(body).toEqual({ description: '  Omakase on weekends.  ', photoUrls: [NEW_PHOTO, OLD_PHOTO] });
    expect(merchantStoreBody.parse(body)).toEqual({ description: 'Omakase on weekends.', photoUrls: [NEW_PHOTO, OLD_PHOTO] });
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    stubApi({
      'GET /api/merchant/store': () => json(STORE),
      'PUT /api/merchant/store': () => json({ message: 'Use photos uploaded for this merchant; other picture addresses are not allowed' }, 400),
    });
    render();
    const description = await screen.findByRole('textbox', { name: 'About your store' });
    fireEvent.change(description, { target: { value: 'New words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Use photos uploaded for this merchant');
    expect(screen.getByTestId('toasts').textContent).toBe('Store page not saved');
    expect((description as HTMLTextAreaElement).value).toBe('New words');
  });

  it('refuses a description over the limit before sending, under the field', async () => {
    const fetchMock = stubApi({ 'GET /api/merchant/store': () => json(STORE) });
    render();
    const description = await screen.findByRole('textbox', { name: 'About your store' });
    fireEvent.change(description, { target: { value: 'a'.repeat(2001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 2,000 characters.')).toBeTruthy();
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(fetchMock, 'PUT', '/api/merchant/store')).toEqual([]);
  });

  it('tells staff that only the owner keeps the store page, asking nothing of the server', () => {
    const fetchMock = stubApi({});
    render(STAFF);
    expect(screen.getByRole('heading', { level: 1, name: 'Your store page' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
