// Accessible locators for the shopper screens and the demo catalogue facts (server/db/demo-data.ts) the journeys rely on.
import type { Locator, Page } from '@playwright/test';

/** The three deals docs/product/rules.md#demo-data names; the demo data makes them the newest, so they lead the list. */
export const SPEC_DEALS = [
  {
    title: 'Premium Sushi Platter for 2',
    price: '$19.99',
    original: '$29.99',
    merchant: 'Sakura Sushi House',
    address: '128 Cherry Blossom Ave, San Francisco, CA',
  },
  { title: 'Luxury Spa Day Package', price: '$39.99', original: '$59.99', merchant: 'Serenity Day Spa', address: '45 Willow Lane, San Francisco, CA' },
  { title: 'Fine Dining Experience', price: '$59.99', original: '$89.99', merchant: 'Le Jardin Bistro', address: '9 Garden Court, San Francisco, CA' },
] as const;

export const SUSHI = SPEC_DEALS[0];

export const PHONE_VIEWPORT = { width: 375, height: 812 };

/** The Featured Deals grid on the home page. */
export const featuredDeals = (page: Page): Locator => page.getByRole('region', { name: 'Featured Deals' });

/** Every deal card in the grid. */
export const dealCards = (page: Page): Locator => featuredDeals(page).getByRole('article');

/** The card of one deal, found by its title heading. */
export const dealCard = (page: Page, title: string): Locator =>
  dealCards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The home page's search box. */
export const searchBox = (page: Page): Locator => page.getByRole('searchbox', { name: /search/i });

/** True when the page scrolls sideways, the usual sign of a layout that does not fit a phone. */
export const scrollsHorizontally = (page: Page): Promise<boolean> =>
  page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth > window.innerWidth);
