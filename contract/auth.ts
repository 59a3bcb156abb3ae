import { z } from 'zod';

export const role = z.enum(['customer', 'merchant', 'superadmin']);
export type Role = z.infer<typeof role>;

/** The current user, as GET /api/auth/user answers. */
export const currentUser = z.object({
  id: z.string(),
  phone: z.string(),
  phoneVerified: z.boolean(),
  email: z.string().nullable(),
  role,
  merchantId: z.string().nullable(),
  hasPassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;
