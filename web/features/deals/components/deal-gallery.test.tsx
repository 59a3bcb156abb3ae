// @vitest-environment jsdom
// The deal page's photo gallery: thumbnails, previous/next, the arrow keys, lazy images; a deal without a gallery keeps its one picture.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { dealPageActions } from '../../../app/deal-screen';
import { createQueryClient } from '../../../lib/query-client';
import { aDeal } from '../../../test/fixtures';
import { currentUserQueryKey } from '../../auth';
import { dealQueryOptions } from '../api/get-deal';
import DealPage from '../deal-page';
import { DealGallery } from './deal-gallery';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const GALLERY = ['/images/deals/omakase.svg', '/images/deals/fine-dining.svg', '/images/deals/coffee.svg'];
const DEAL = aDeal({ title: 'Premium Sushi Platter for 2', imageUrl: '/images/deals/sushi-platter.svg', galleryUrls: GALLERY });

/** The thumbnail that is the selected photo. */
const current = () => screen.getAllByRole('button', { name: /^Photo \d of 4$/ }).find((b) => b.getAttribute('aria-current') === 'true');
/** The large photo on show: the one slide not hidden from assistive technology. */
const shownPhoto = () => within(screen.getByRole('group', { name: 'Photos' })).getByRole('img');

describe('DealGallery', () => {
  it('shows the picture first, with a thumbnail per photo labelled "Photo N of M", and loads only the first at once', () => {
    render(<DealGallery deal={DEAL} />);
    const thumbnails = screen.getAllByRole('button', { name: /^Photo \d of 4$/ });
    expect(thumbnails.map((b) => b.getAttribute('aria-label'))).toEqual(['Photo 1 of 4', 'Photo 2 of 4', 'Photo 3 of 4', 'Photo 4 of 4']);
    expect(current()?.getAttribute('aria-label')).toBe('Photo 1 of 4');
    expect(shownPhoto().getAttribute('alt')).toBe('Premium Sushi Platter for 2');
    expect(shownPhoto().getAttribute('src')).toBe('/images/deals/sushi-platter.svg');

    const group = screen.getByRole('group', { name: 'Photos' });
    const large = [...group.querySelectorAll('img')];
    expect(large).toHaveLength(4);
    expect(large[0]?.getAttribute('loading')).toBeNull();
    expect(large[0]?.getAttribute('fetchpriority')).toBe('high');
    for (const image of large.slice(1)) expect(image.getAttribute('loading')).toBe('lazy');
    for (const image of [...large, ...thumbnails.map((b) => b.querySelector('img')!)]) {
      expect(image.getAttribute('width')).toMatch(/^\d+$/);
      expect(image.getAttribute('height')).toMatch(/^\d+$/);
    }
    expect(large[2]?.getAttribute('alt')).toBe('Premium Sushi Platter for 2, photo 3 of 4');
  });

  it('shows the photo of a thumbnail pressed', () => {
    render(<DealGallery deal={DEAL} />);
    fireEvent.click(screen.getByRole('button', { name: 'Photo 3 of 4' }));
    expect(current()?.getAttribute('aria-label')).toBe('Photo 3 of 4');
    expect(shownPhoto().getAttribute('src')).toBe('/images/deals/fine-dining.svg');
    expect(screen.getByText('Photo 3 of 4', { selector: '[aria-live]' })).toBeTruthy();
  });

  it('steps with Previous photo and Next photo, round from either end', () => {
    render(<DealGallery deal={DEAL} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(current()?.getAttribute('aria-label')).toBe('Photo 4 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(current()?.getAttribute('aria-label')).toBe('Photo 2 of 4');
    expect(shownPhoto().getAttribute('src')).toBe('/images/deals/omakase.svg');
  });

  it('moves with the arrow keys, Home and End, taking the focus along the thumbnails', () => {
    render(<DealGallery deal={DEAL} />);
    const first = screen.getByRole('button', { name: 'Photo 1 of 4' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(current()?.getAttribute('aria-label')).toBe('Photo 2 of 4');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Photo 2 of 4' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Photo 4 of 4' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(current()?.getAttribute('aria-label')).toBe('Photo 1 of 4');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(current()?.getAttribute('aria-label')).toBe('Photo 4 of 4');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(first);
  });

  it('moves with the arrow keys on the large photo, which is a keyboard stop, keeping the focus there', () => {
    render(<DealGallery deal={DEAL} />);
    const group = screen.getByRole('group', { name: 'Photos' });
    expect(group.tabIndex).toBe(0);
    group.focus();
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    expect(current()?.getAttribute('aria-label')).toBe('Photo 3 of 4');
    expect(document.activeElement).toBe(group);
    // Other keys, and arrows with a modifier, are left to the browser.
    fireEvent.keyDown(group, { key: 'ArrowRight', altKey: true });
    fireEvent.keyDown(group, { key: 'a' });
    expect(current()?.getAttribute('aria-label')).toBe('Photo 3 of 4');
  });

  it('shows the placeholder for a photo that cannot load', () => {
    render(<DealGallery deal={DEAL} />);
    fireEvent.click(screen.getByRole('button', { name: 'Photo 2 of 4' }));
    fireEvent.error(shownPhoto());
    expect(shownPhoto().getAttribute('src')).toBe('/api/placeholder/400/300');
  });
});

describe('DealPage: photos', () => {
  function renderDealPage(deal = DEAL) {
    // The merchant card and reviews are not what these tests are about.
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => new Response('{"message":"Not found"}', { status: 404 })));
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, null);
    queryClient.setQueryData(dealQueryOptions(deal.id).queryKey, deal);
    render(
      <QueryClientProvider client={queryClient}>
        <DealPage id={deal.id} actions={dealPageActions} />
      </QueryClientProvider>,
    );
  }

  it('shows the gallery of a deal with photos', async () => {
    renderDealPage();
    expect(await screen.findByRole('group', { name: 'Photos' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Photo \d of 4$/ })).toHaveLength(4);
  });

  it('keeps the one picture of a deal without a gallery, with no thumbnails or arrows', async () => {
    renderDealPage(aDeal({ title: 'Fine Dining Experience', galleryUrls: [] }));
    expect(await screen.findByRole('img', { name: 'Fine Dining Experience' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Photos' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Photo \d/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
  });
});
