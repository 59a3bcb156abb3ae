/**
 * The category form (docs/product/screens.md#category-management): its values as typed, the checks the server makes
 * (contract/categories.ts), and the bodies it sends. A category has an English name and a Chinese one, which may be
 * left empty (Chinese readers then read the English name).
 */
import type { AdminCategory, CreateCategoryBody, UpdateCategoryBody } from '../../../contract/categories';
import { CATEGORY_ICON_MAX_LENGTH, CATEGORY_NAME_MAX_LENGTH, CATEGORY_POSITION_MAX, CATEGORY_SLUG_MAX_LENGTH } from '../../../contract/constants';
import { translate } from '../../i18n';

export interface CategoryFormValues {
  slug: string;
  name: string;
  nameZh: string;
  icon: string;
  position: string;
}

export type CategoryFormErrors = Partial<Record<keyof CategoryFormValues, string>>;

/** The form's field for each field a refusal may name. */
export const CATEGORY_FORM_FIELD_OF: Readonly<Record<string, keyof CategoryFormValues>> = { slug: 'slug', name: 'name', nameZh: 'nameZh', icon: 'icon', position: 'position' };

const WORDS = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function emptyCategoryForm(): CategoryFormValues {
  return { slug: '', name: '', nameZh: '', icon: 'tag', position: '0' };
}

export function categoryFormFrom(category: AdminCategory): CategoryFormValues {
  return { slug: category.slug, name: category.name, nameZh: category.nameZh, icon: category.icon, position: String(category.position) };
}

/** The checks of the server, in the screen's words; the slug only when one is being made (it never changes). */
export function validateCategoryForm(values: CategoryFormValues, creating: boolean): CategoryFormErrors {
  const errors: CategoryFormErrors = {};
  const tooLong = (max: number) => translate('admin:categoriesPage.checks.tooLong', { max });
  if (creating) {
    const slug = values.slug.trim();
    if (!slug) errors.slug = translate('admin:categoriesPage.checks.required');
    else if (slug.length > CATEGORY_SLUG_MAX_LENGTH) errors.slug = tooLong(CATEGORY_SLUG_MAX_LENGTH);
    else if (!WORDS.test(slug)) errors.slug = translate('admin:categoriesPage.checks.slug');
  }
  const name = values.name.trim();
  if (!name) errors.name = translate('admin:categoriesPage.checks.required');
  else if (name.length > CATEGORY_NAME_MAX_LENGTH) errors.name = tooLong(CATEGORY_NAME_MAX_LENGTH);
  if (values.nameZh.trim().length > CATEGORY_NAME_MAX_LENGTH) errors.nameZh = tooLong(CATEGORY_NAME_MAX_LENGTH);
  const icon = values.icon.trim();
  if (!icon) errors.icon = translate('admin:categoriesPage.checks.required');
  else if (icon.length > CATEGORY_ICON_MAX_LENGTH) errors.icon = tooLong(CATEGORY_ICON_MAX_LENGTH);
  else if (!WORDS.test(icon)) errors.icon = translate('admin:categoriesPage.checks.icon');
  const position = Number(values.position.trim());
  if (values.position.trim() === '' || !Number.isInteger(position) || position < 0 || position > CATEGORY_POSITION_MAX) {
    errors.position = translate('admin:categoriesPage.checks.position', { max: CATEGORY_POSITION_MAX });
  }
  return errors;
}

export function createCategoryBody(values: CategoryFormValues): CreateCategoryBody {
  return { slug: values.slug.trim(), name: values.name.trim(), nameZh: values.nameZh.trim(), icon: values.icon.trim(), position: Number(values.position.trim()) };
}

export function updateCategoryBody(values: CategoryFormValues): UpdateCategoryBody {
  return { name: values.name.trim(), nameZh: values.nameZh.trim(), icon: values.icon.trim(), position: Number(values.position.trim()) };
}
