// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { merchantDealBody } from '../../../contract/workspace';
import { measureNothing, pasteHtml } from '../../components/rich-text-editor/test-support';
import MerchantDealPage from './merchant-deal-page';
import { aMerchantDeal, json, renderScreen, sentBodies, stubApi } from './test-support';

measureNothing();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A field by its accessible name (the label, without the required mark). */
const field = (name: string) => screen.queryByRole('textbox', { name }) ?? screen.getByRole('spinbutton', { name });
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
/** A rich-text field's editable area, once the editor has loaded, and its toolbar's button of that name. */
const editorOf = (name: string) => screen.findByRole('textbox', { name }, { timeout: 10_000 });
const toolOf = (area: HTMLElement, name: string) =>
  within(screen.getAllByRole('toolbar').find((toolbar) => toolbar.getAttribute('aria-controls') === area.id)!).getByRole('button', { name });

describe('A new deal', () => {
  it('has no merchant, status or payment-provider choice, checks the fields, and saves a draft the server schema accepts', async () => {
    const saved = aMerchantDeal({ id: 'd9', title: 'Ramen for two', priceCents: 1999 });
    const food = { id: '5fb239e9-aea5-4729-9a4e-6d7ff15099d5', slug: 'food', name: 'Food', icon: 'utensils', position: 1, dealCount: 3 };
    const fetchMock = stubApi({
      'POST /api/merchant/deals': () => json(saved, 201),
      'GET /api/merchant/deals': () => json([saved]),
      'GET /api/categories': () => json([food]),
      'POST /api/photos': () => json({ id: '0f8fad5b-d9cb-469f-a165-70867728950e', url: '/api/photos/0f8fad5b-d9cb-469f-a165-70867728950e/800.webp', width: 1200, height: 900 }, 201),
    });
    const { location } = renderScreen(<MerchantDealPage />, { path: '/merchant/deals/new' });

    expect(screen.getByRole('heading', { level: 1, name: 'New deal' })).toBeTruthy();
    // The only choice is the category: no merchant, no status.
    expect(screen.getAllByRole('combobox').map((c) => c.id)).toEqual(['deal-categoryId']);
    expect(screen.queryByText(/payment/i)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Please enter a title')).toBeTruthy();
    expect(screen.getByText('Please enter the price')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/merchant/deals')).toEqual([]);

    type('Title', '  Ramen for two ');
    type('Price (USD)', '19.99');
    type('Stock', '50');
    await screen.findByRole('option', { name: 'Food' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: food.id } });
    // A photo from the device: uploaded, then the form's cover.
    const photo = '/api/photos/0f8fad5b-d9cb-469f-a165-70867728950e/800.webp';
    fireEvent.change(screen.getByLabelText('Add photos', { selector: 'input' }), { target: { files: [new File(['jpeg'], 'ramen.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByRole('img', { name: 'Photo 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(location.history?.at(-1)).toBe('/merchant/deals/d9'));
    const [body] = sentBodies(fetchMock, 'POST', '/api/merchant/deals');
    expect(body).toMatchObject({ title: 'Ramen for two', priceCents: 1999, inventory: 50, maxPerUser: 1, refundAnytime: true });
    expect(body).toMatchObject({ categoryId: food.id, imageUrl: photo, galleryUrls: [] });
    // No group size and no group price: no group offer.
    expect(body).toMatchObject({ groupSize: null, groupPriceCents: null, groupWindowHours: 24 });
    expect(body).not.toHaveProperty('merchantId');
    expect(body).not.toHaveProperty('createStripeProduct');
    expect(body).not.toHaveProperty('status');
    expect(merchantDealBody.safeParse(body).success).toBe(true);
  });
});

describe('A draft or rejected deal', () => {
  it('shows why it was rejected, and on submit saves the form, asks, and hands it in', async () => {
    const rejected = aMerchantDeal({ id: 'd5', title: 'Omakase counter', status: 'rejected', rejectionReason: 'Please add the opening hours to the terms.' });
    const fetchMock = stubApi({
      'GET /api/merchant/deals/d5': () => json(rejected),
      'PUT /api/merchant/deals/d5': (init) => json({ ...rejected, ...(JSON.parse(String(init?.body)) as object) }),
      'POST /api/merchant/deals/d5/submit': () => json({ ...rejected, status: 'pending_review', rejectionReason: null, submittedAt: '2026-11-23T10:00:00.000Z' }),
      'GET /api/merchant/deals': () => json([]),
    });
    const { location } = renderScreen(<MerchantDealPage id="d5" />, { path: '/merchant/deals/d5' });

    expect(await screen.findByText('Please add the opening hours to the terms.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit deal' })).toBeTruthy();
    expect((field('Title') as HTMLInputElement).value).toBe('Omakase counter');
    const terms = await editorOf('Terms and conditions');
    act(() => pasteHtml(terms, '<p>Open 12:00-22:00</p>', true));

    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Submit for review?' });
    expect(sentBodies(fetchMock, 'PUT', '/api/merchant/deals/d5')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit for review' }));

    await waitFor(() => expect(location.history?.at(-1)).toBe('/merchant/deals'));
    expect(sentBodies(fetchMock, 'PUT', '/api/merchant/deals/d5')).toEqual([expect.objectContaining({ termsConditions: '<p>Open 12:00-22:00</p>', title: 'Omakase counter' })]);
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    expect(calls.indexOf('POST /api/merchant/deals/d5/submit')).toBeGreaterThan(calls.indexOf('PUT /api/merchant/deals/d5'));
  });

  it('shows a refusal of the server under the field it names, and any other above the buttons', async () => {
    const draft = aMerchantDeal({ id: 'd3', title: 'Sake tasting' });
    let answer = json({ message: 'priceCents: is too large' }, 400);
    stubApi({ 'GET /api/merchant/deals/d3': () => json(draft), 'PUT /api/merchant/deals/d3': () => answer });
    renderScreen(<MerchantDealPage id="d3" />, { path: '/merchant/deals/d3' });

    fireEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
    const price = field('Price (USD)');
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(price.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('is too large');

    answer = json({ message: 'Only a draft or a rejected deal can be changed' }, 409);
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Only a draft or a rejected deal can be changed');
  });
});

describe('The group offer', () => {
  it('is sent as size, price in cents and hours, after the checks that keep it whole', async () => {
    const draft = aMerchantDeal({ id: 'd6', title: 'Hot pot for four', priceCents: 6000 });
    const fetchMock = stubApi({ 'GET /api/merchant/deals/d6': () => json(draft), 'PUT /api/merchant/deals/d6': (init) => json({ ...draft, ...(JSON.parse(String(init?.body)) as object) }) });
    renderScreen(<MerchantDealPage id="d6" />, { path: '/merchant/deals/d6' });

    const legend = await screen.findByRole('group', { name: 'Group price' });
    expect((within(legend).getByRole('spinbutton', { name: 'Hours to fill' }) as HTMLInputElement).value).toBe('24');
    type('Group price (USD)', '65');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Please enter the group size too, or clear the group price')).toBeTruthy();
    expect(screen.getByText('The group price must be above $0.00 and below the price')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    type('Group size', '4');
    type('Group price (USD)', '45.50');
    type('Hours to fill', '48');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', '/api/merchant/deals/d6')).toHaveLength(1));
    const [body] = sentBodies(fetchMock, 'PUT', '/api/merchant/deals/d6');
    expect(body).toMatchObject({ priceCents: 6000, groupSize: 4, groupPriceCents: 4550, groupWindowHours: 48 });
    expect(merchantDealBody.safeParse(body).success).toBe(true);
  });

  it('shows the server\'s refusal of a group field under that field', async () => {
    const draft = aMerchantDeal({ id: 'd7', title: 'Dim sum brunch', groupSize: 3, groupPriceCents: 1500, groupWindowHours: 24 });
    stubApi({ 'GET /api/merchant/deals/d7': () => json(draft), 'PUT /api/merchant/deals/d7': () => json({ message: 'groupPriceCents: must be below the price' }, 400) });
    renderScreen(<MerchantDealPage id="d7" />, { path: '/merchant/deals/d7' });

    expect((await screen.findByRole('spinbutton', { name: 'Group size' }) as HTMLInputElement).value).toBe('3');
    expect((field('Group price (USD)') as HTMLInputElement).value).toBe('15.00');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const groupPrice = field('Group price (USD)');
    await waitFor(() => expect(groupPrice.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(groupPrice.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('must be below the price');
  });
});

describe('A deal that can no longer be changed', () => {
  it('is shown read-only with what its state means', async () => {
    stubApi({ 'GET /api/merchant/deals/d4': () => json(aMerchantDeal({ id: 'd4', title: 'Lunch set', status: 'pending_review', submittedAt: '2026-11-21T10:00:00.000Z', inventory: 0 })) });
    renderScreen(<MerchantDealPage id="d4" />, { path: '/merchant/deals/d4' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lunch set' })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Deal details' });
    expect(details.querySelector('.badge')?.textContent).toBe('Pending review');
    expect(details.textContent).toContain('The marketplace is reviewing this deal');
    expect(details.textContent).toContain('No limit');
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says so when the deal is not the merchant\'s own', async () => {
    stubApi({ 'GET /api/merchant/deals/d8': () => json({ message: 'Not found' }, 404) });
    renderScreen(<MerchantDealPage id="d8" />, { path: '/merchant/deals/d8' });
    expect(await screen.findByRole('heading', { name: 'Deal not found' })).toBeTruthy();
  });
});

describe('The rich-text fields', () => {
  it('edit the description in the editor, preview it as the deal page shows it, and save its HTML', async () => {
    const draft = aMerchantDeal({ id: 'd7', title: 'Noodle bar', priceCents: 1500, description: '<p>Fresh noodles</p>', redemptionInstructions: '<p>Show the code</p>' });
    const fetchMock = stubApi({ 'GET /api/merchant/deals/d7': () => json(draft), 'PUT /api/merchant/deals/d7': (init) => json({ ...draft, ...(JSON.parse(String(init?.body)) as object) }) });
    renderScreen(<MerchantDealPage id="d7" />, { path: '/merchant/deals/d7' });

    const description = await editorOf('Description');
    expect(description.getAttribute('aria-describedby')).toBe('deal-description-hint');
    const bullets = toolOf(description, 'Bulleted list');
    fireEvent.click(bullets);
    await waitFor(() => expect(bullets.getAttribute('aria-pressed')).toBe('true'));

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Noodle bar' })).toBeTruthy();
    expect(within(preview).getByRole('img', { name: 'Noodle bar' })).toBeTruthy();
    const about = within(preview).getByRole('region', { name: 'About this deal' });
    expect(within(within(about).getByRole('list')).getByRole('listitem').textContent).toBe('Fresh noodles');
    expect(within(preview).getByRole('heading', { name: 'How to redeem' })).toBeTruthy();
    expect(within(preview).getByText('Show the code')).toBeTruthy();
    fireEvent.keyDown(preview, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', '/api/merchant/deals/d7')).toHaveLength(1));
    const [body] = sentBodies(fetchMock, 'PUT', '/api/merchant/deals/d7');
    expect(body).toMatchObject({ description: '<ul><li><p>Fresh noodles</p></li></ul>', redemptionInstructions: '<p>Show the code</p>' });
  });

  it('checks the length the server counts, the HTML', async () => {
    const draft = aMerchantDeal({ id: 'd8', title: 'Long story' });
    const fetchMock = stubApi({ 'GET /api/merchant/deals/d8': () => json(draft) });
    renderScreen(<MerchantDealPage id="d8" />, { path: '/merchant/deals/d8' });
    const description = await editorOf('Description');
    act(() => pasteHtml(description, `<p>${'a'.repeat(19_994)}</p>`, true));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(description.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toMatch(/20,000/);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
