/** Deal categories: the public list with counts, and the superadmins' management (docs/product/api.md#categories). */
import { z } from 'zod';
import { idParams, messageAnswer } from './common';
import { guards } from './refusals';
import { CATEGORY_ICON_MAX_LENGTH, CATEGORY_NAME_MAX_LENGTH, CATEGORY_POSITION_MAX, CATEGORY_SLUG_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { reason } from './reasons';

/** Lower-case letters and digits in words joined by single dashes: `spa-beauty`. */
export const categorySlug = z
  .string()
  .trim()
  .min(1, { message: reason('validation.required') })
  .max(CATEGORY_SLUG_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: CATEGORY_SLUG_MAX_LENGTH }) })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: reason('validation.slugPattern') });

/**
 * What a deal carries of its category. `name` is in the asker's language (Accept-Language): the Chinese name for a
 * Chinese reader where the category has one, else the English name.
 */
export const categoryBadge = z.object({
  slug: z.string(),
  name: z.string(),
  /** The short name of an icon the web app draws, such as `utensils`. */
  icon: z.string(),
});
export type CategoryBadge = z.infer<typeof categoryBadge>;

/** GET /api/categories: each category in `position` order, with the number of deals shoppers can see in it. */
export const category = categoryBadge.extend({
  id: z.string(),
  position: z.number().int(),
  dealCount: z.number().int(),
});
export type Category = z.infer<typeof category>;
export const categoryList = z.array(category);

const categoryName = z
  .string({ message: reason('validation.required') })
  .trim()
  .min(1, { message: reason('validation.required') })
  .max(CATEGORY_NAME_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: CATEGORY_NAME_MAX_LENGTH }) });
/** The Chinese name: may be empty, and Chinese readers then read the English name. */
const categoryNameZh = z
  .string({ message: reason('validation.invalid') })
  .trim()
  .max(CATEGORY_NAME_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: CATEGORY_NAME_MAX_LENGTH }) });
const categoryIcon = z
  .string({ message: reason('validation.required') })
  .trim()
  .min(1, { message: reason('validation.required') })
  .max(CATEGORY_ICON_MAX_LENGTH, { message: reason('validation.atMostCharacters', { max: CATEGORY_ICON_MAX_LENGTH }) })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: reason('validation.iconName') });
const categoryPosition = z
  .number({ message: reason('validation.number') })
  .int({ message: reason('validation.wholeNumber') })
  .min(0, { message: reason('validation.notNegative') })
  .max(CATEGORY_POSITION_MAX, { message: reason('validation.tooLarge') });

/** POST /api/admin/categories. The slug never changes once made (lists and links use it). */
export const createCategoryBody = z.object({
  slug: categorySlug,
  name: categoryName,
  nameZh: categoryNameZh.optional().default(''),
  icon: categoryIcon,
  position: categoryPosition.optional().default(0),
});
export type CreateCategoryBody = z.input<typeof createCategoryBody>;

/** PATCH /api/admin/categories/{id}: fields left out stay as they are. */
export const updateCategoryBody = z.object({
  name: categoryName.optional(),
  nameZh: categoryNameZh.optional(),
  icon: categoryIcon.optional(),
  position: categoryPosition.optional(),
});
export type UpdateCategoryBody = z.input<typeof updateCategoryBody>;

/**
 * The superadmins' view: both names as written (`name` the English one, `nameZh` the Chinese one, '' for none), and the
 * deals in any state that use the category (a category in use cannot be deleted).
 */
export const adminCategory = category.extend({ nameZh: z.string(), usedBy: z.number().int(), createdAt: z.string() });
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoryList = z.array(adminCategory);

/** Categories as shoppers see them. */
export const categoryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/categories',
    tag: 'Deals',
    summary: 'The categories with the number of live deals in each',
    description: 'Each `name` in the language of Accept-Language: the Chinese name for `zh`, where the category has one; else the English name.',
    ok: { status: 200, schema: categoryList, description: 'The categories in their order.' },
    refusals: {},
  }),
};

/** The superadmins' management of categories. */
export const adminCategoryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/categories',
    tag: 'Admin: categories',
    summary: 'Every category, with the deals in any state that use it',
    description:
      'Superadmins. In `position` order, each as the public list has it, but with both names as written (`name` in English, `nameZh` in Chinese, empty for none), plus `usedBy` and `createdAt`.',
    ok: { status: 200, schema: adminCategoryList, description: 'The categories in their order.' },
    refusals: guards({ account: 'a superadmin' }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/categories',
    tag: 'Admin: categories',
    summary: 'Creates a category',
    description: 'Superadmins. The slug is unique and never changes.',
    body: createCategoryBody,
    ok: { status: 201, schema: adminCategory, description: 'The category.' },
    refusals: { ...guards({ account: 'a superadmin', write: true }), 409: 'Another category already has this slug.' },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/admin/categories/:id',
    tag: 'Admin: categories',
    summary: 'Renames, re-icons or moves a category',
    description: 'Superadmins. Fields left out stay as they are.',
    params: idParams,
    body: updateCategoryBody,
    ok: { status: 200, schema: adminCategory, description: 'The category.' },
    refusals: { ...guards({ account: 'a superadmin', write: true }), 404: 'No category with this id.' },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/admin/categories/:id',
    tag: 'Admin: categories',
    summary: 'Deletes a category no deal uses',
    description: 'Superadmins. A category any deal has, in any state, cannot be deleted.',
    params: idParams,
    ok: { status: 200, schema: messageAnswer, description: '`{message: \'Category deleted\'}`.' },
    refusals: { ...guards({ account: 'a superadmin', write: true }), 404: 'No category with this id.', 409: 'Deals use the category.' },
  }),
};
