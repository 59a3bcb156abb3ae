// @vitest-environment jsdom
// Category management (docs/product/screens.md#category-management): both names of each category, create and edit
// with the Chinese name, the form's checks, a refusal under its field, delete only what no deal uses, and who may.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCategory } from '../../../contract/categories';
import { chooseLanguage } from '../../i18n';
import { aUser } from '../../test/fixtures';
import { sentBodies } from '../../test/screens';
import CategoriesPage from './categories-page';
import { json, renderScreen, stubApi } from './test-support';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function aCategory(overrides: Partial<AdminCategory> = {}): AdminCategory {
  return { id: 'c1', slug: 'food', name: 'Food', nameZh: '美食', icon: 'utensils', position: 0, dealCount: 2, usedBy: 3, createdAt: '2026-01-05T00:00:00.000Z', ...overrides };
}

const FOOD = aCategory();
const CLASSES = aCategory({ id: 'c2', slug: 'classes', name: 'Classes', nameZh: '', icon: 'graduation-cap', position: 4, dealCount: 0, usedBy: 0 });

describe('category management', () => {
  it('lists each category with its English and Chinese names; one without a Chinese name says English is shown', async () => {
    stubApi({ 'GET /api/admin/categories': () => json([FOOD, CLASSES]) });
    renderScreen(<CategoriesPage />, { path: '/admin/categories' });

    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Categories' });
    const food = within(list).getByRole('article', { name: 'Food' });
    expect(food.textContent).toContain('美食');
    expect(within(food).getByText('美食').getAttribute('lang')).toBe('zh-CN');
    expect(food.textContent).toContain('3 deals');
    // A category that deals use cannot be deleted, and says why.
    expect(within(food).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(food.textContent).toContain('A category that deals use cannot be deleted.');
    const classes = within(list).getByRole('article', { name: 'Classes' });
    expect(classes.textContent).toContain('None yet: Chinese readers see the English name');
    expect(within(classes).getByRole('button', { name: 'Delete Classes' })).toBeTruthy();
    expect(screen.getByText('2 categories')).toBeTruthy();
  });

  // A long one: every step waits on a render, and the dialog's code loads on the first press.
  it('creates a category with its Chinese name, checking the fields first and showing a refusal under its field', { timeout: 20_000 }, async () => {
    let created = false;
    const fetchMock = stubApi({
      'GET /api/admin/categories': () => json(created ? [FOOD, CLASSES] : [FOOD]),
      'POST /api/admin/categories': (init) => {
        const body = JSON.parse(String(init?.body)) as { slug: string };
        if (body.slug === 'food') return json({ message: 'slug: Another category already has this slug' }, 409);
        created = true;
        return json({ ...CLASSES, nameZh: '课程' }, 201);
      },
    });
    renderScreen(<CategoriesPage />, { path: '/admin/categories' });
    fireEvent.click(await screen.findByRole('button', { name: 'New Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Category' }, { timeout: 5_000 });

    // Nothing typed: the required fields say so and nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Slug/).getAttribute('aria-invalid')).toBe('true'), { timeout: 3_000 });
    expect(within(dialog).getByLabelText(/^English name/).getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(fetchMock, 'POST', '/api/admin/categories')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Slug/), { target: { value: 'Bad Slug' } });
    fireEvent.change(within(dialog).getByLabelText(/^English name/), { target: { value: 'Classes' } });
    fireEvent.change(within(dialog).getByLabelText(/^Chinese name/), { target: { value: '课'.repeat(61) } });
    expect(within(dialog).getByText('Use lower-case letters and digits in words joined by single dashes')).toBeTruthy();
    expect(within(dialog).getByText('At most 60 characters')).toBeTruthy();

    // The server's refusal of a taken slug shows under the slug.
    fireEvent.change(within(dialog).getByLabelText(/^Slug/), { target: { value: 'food' } });
    fireEvent.change(within(dialog).getByLabelText(/^Chinese name/), { target: { value: ' 课程 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await within(dialog).findByText('Another category already has this slug', {}, { timeout: 3_000 })).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Slug/), { target: { value: 'classes' } });
    fireEvent.change(within(dialog).getByLabelText(/^Icon/), { target: { value: 'graduation-cap' } });
    fireEvent.change(within(dialog).getByLabelText(/^Position/), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3_000 });
    expect(sentBodies(fetchMock, 'POST', '/api/admin/categories').at(-1)).toEqual({ slug: 'classes', name: 'Classes', nameZh: '课程', icon: 'graduation-cap', position: 4 });
    expect(await screen.findByRole('article', { name: 'Classes' })).toBeTruthy();
  });

  it('edits the Chinese name of a category; the slug is not offered', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/categories': () => json([CLASSES]),
      'PATCH /api/admin/categories/c2': () => json({ ...CLASSES, nameZh: '课程' }),
    });
    renderScreen(<CategoriesPage />, { path: '/admin/categories' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Classes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' }, { timeout: 5_000 });
    expect(within(dialog).queryByLabelText(/^Slug/)).toBeNull();
    expect((within(dialog).getByLabelText(/^English name/) as HTMLInputElement).value).toBe('Classes');
    fireEvent.change(within(dialog).getByLabelText(/^Chinese name/), { target: { value: '课程' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(fetchMock, 'PATCH', '/api/admin/categories/c2')).toEqual([{ name: 'Classes', nameZh: '课程', icon: 'graduation-cap', position: 4 }]);
  });

  it('deletes a category no deal uses after asking', async () => {
    let deleted = false;
    const fetchMock = stubApi({
      'GET /api/admin/categories': () => json(deleted ? [] : [CLASSES]),
      'DELETE /api/admin/categories/c2': () => {
        deleted = true;
        return json({ message: 'Category deleted' });
      },
    });
    renderScreen(<CategoriesPage />, { path: '/admin/categories' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Classes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this category?' }, { timeout: 5_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No categories yet')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('reads in Chinese once Chinese is chosen, the names as written', async () => {
    stubApi({ 'GET /api/admin/categories': () => json([FOOD]) });
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<CategoriesPage />, { path: '/admin/categories' });
    expect(await screen.findByRole('heading', { level: 1, name: '分类管理' })).toBeTruthy();
    const food = await screen.findByRole('article', { name: 'Food' });
    expect(food.textContent).toContain('中文名美食');
    expect(screen.getByRole('button', { name: '新建分类' })).toBeTruthy();
  });

  it('tells a customer only superadmins manage categories, without asking for the list', async () => {
    const fetchMock = stubApi({});
    renderScreen(<CategoriesPage />, { path: '/admin/categories', user: aUser({ role: 'customer' }) });
    expect(await screen.findByText('Only superadmins can manage categories.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
