/** Deal categories: the public list with counts, and the superadmins' management (docs/product/api.md#categories). */
import { z } from 'zod';
import { endpoint } from './endpoint';

/** Lower-case letters and digits in words joined by single dashes: `spa-beauty`. */
export const categorySlug = z
  .string()
  .trim()
  .min(1, { message: 'is required' })
  .max(60, { message: 'must be at most 60 characters' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'must be lower-case letters, digits and single dashes' });

/** What a deal carries of its category. */
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
  .string({ message: 'is required' })
  .trim()
  .min(1, { message: 'is required' })
  .max(60, { message: 'must be at most 60 characters' });
const categoryIcon = z
  .string({ message: 'is required' })
  .trim()
  .min(1, { message: 'is required' })
  .max(40, { message: 'must be at most 40 characters' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'must be an icon name such as utensils' });
const categoryPosition = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(0, { message: 'must not be negative' })
  .max(10_000, { message: 'is too large' });

/** POST /api/admin/categories. The slug never changes once made (lists and links use it). */
export const createCategoryBody = z.object({
  slug: categorySlug,
  name: categoryName,
  icon: categoryIcon,
  position: categoryPosition.optional().default(0),
});
export type CreateCategoryBody = z.input<typeof createCategoryBody>;

/** PATCH /api/admin/categories/{id}: fields left out stay as they are. */
export const updateCategoryBody = z.object({
  name: categoryName.optional(),
  icon: categoryIcon.optional(),
  position: categoryPosition.optional(),
});
export type UpdateCategoryBody = z.input<typeof updateCategoryBody>;

/** The superadmins' view: also the deals in any state that use the category (a category in use cannot be deleted). */
export const adminCategory = category.extend({ usedBy: z.number().int(), createdAt: z.string() });
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoryList = z.array(adminCategory);

/** Categories as shoppers see them. */
export const categoryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/categories',
    tag: 'Deals',
    summary: 'The categories with the number of live deals in each',
    ok: { status: 200, schema: categoryList, description: 'The categories in their order.' },
    refusals: {},
  }),
};
