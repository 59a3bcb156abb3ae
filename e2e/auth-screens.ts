// Accessible locators and small steps shared by the account journeys (login, register, profile, admin accounts).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { urlOf } from '../contract/endpoint';
import { devEndpoints } from '../contract/dev';

/** A phone nobody has used yet, so journeys never share accounts, codes or cooldowns. */
export function freshPhone(): string {
  return `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

/** The latest code the development SMS outbox holds for a phone. */
export async function latestSmsCode(request: APIRequestContext, phone: string, baseURL = ''): Promise<string> {
  const res = await request.get(`${baseURL}${urlOf(devEndpoints.smsOutbox, { query: { phone } })}`);
  expect(res.ok(), `no code in the outbox for ${phone}`).toBe(true);
  return ((await res.json()) as { code: string }).code;
}

/** The latest code the development email outbox holds for an address. */
export async function latestEmailCode(request: APIRequestContext, email: string, baseURL = ''): Promise<string> {
  const res = await request.get(`${baseURL}${urlOf(devEndpoints.emailOutbox, { query: { email } })}`);
  expect(res.ok(), `no code in the outbox for ${email}`).toBe(true);
  return ((await res.json()) as { code: string }).code;
}

/**
 * The toast on screen with this title (one toast at a time, docs/product/screens.md#toasts). While a modal dialog is open the page behind
 * it, toast region included, is aria-hidden (Radix announces each toast through a live region of its own), so hidden
 * elements count here.
 */
export function toastWith(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: /Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });
}

export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = toastWith(page, title);
  await expect(toast).toBeVisible();
  if (description !== undefined) await expect(toast).toContainText(description);
}

export const loginDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Login' });
export const registerDialog = (page: Page): Locator => page.getByRole('dialog', { name: '注册' });
export const header = (page: Page): Locator => page.getByRole('banner');

/** The password input itself (the Password tab panel carries the same name). */
export const passwordInput = (scope: Locator, label = 'Password'): Locator => scope.locator('input').and(scope.getByLabel(label, { exact: true }));

/**
 * The visible copy of a header control. On a narrow screen the header's links wait in a closed menu, so this opens
 * the menu, but only once the header is drawn: asking too early would find neither the menu button nor the control.
 */
async function reachInHeader(page: Page, control: Locator): Promise<Locator> {
  const menu = header(page).getByRole('button', { name: 'Menu' });
  const visible = control.filter({ visible: true }).first();
  await expect(menu.or(visible).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  return visible;
}

/** Opens the login dialog from the header, through the menu when the screen is narrow. */
export async function openLoginFromHeader(page: Page): Promise<Locator> {
  await (await reachInHeader(page, header(page).getByRole('link', { name: 'Login', exact: true }))).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Logs out from the header (or its menu on a narrow screen) and waits for the guest header. */
export async function logoutFromHeader(page: Page): Promise<void> {
  await (await reachInHeader(page, header(page).getByRole('button', { name: 'Logout' }))).click();
  await expect(page).toHaveURL(/\/$/);
  await expectGuestHeader(page);
}

/** The header shows the guest's Login link (on a narrow screen it waits in the closed menu). */
export async function expectGuestHeader(page: Page): Promise<void> {
  await expect(header(page).getByRole('link', { name: 'Login', exact: true, includeHidden: true }).first()).toBeAttached();
  await expect(header(page).getByRole('button', { name: 'Logout', includeHidden: true })).toHaveCount(0);
}

/** Password login through the dialog. */
export async function loginWithPassword(page: Page, identifier: string, password: string): Promise<void> {
  const dialog = await openLoginFromHeader(page);
  await dialog.getByLabel('Phone Number').fill(identifier);
  await passwordInput(dialog).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Login Successful', 'Welcome back!');
  await expect(dialog).toBeHidden();
}
