/** What other features use of admin-accounts: the one superadmin role check. */
export { checkRoleQueryOptions, useCheckRole, type RoleCheck } from './api/check-role';
