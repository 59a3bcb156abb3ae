/** GET /api/groups: the signed-in customer's groups, newest first. */
import { queryOptions } from '@tanstack/react-query';
import type { Group } from '../../../../contract/groups';
import { GROUPS_PATH } from './get-group';

export const myGroupsQueryOptions = queryOptions<Group[]>({ queryKey: [GROUPS_PATH] });
