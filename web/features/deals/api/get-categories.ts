/** The categories in their order, each with the number of deals shoppers can see in it. */
import { queryOptions } from '@tanstack/react-query';
import { categoryEndpoints } from '../../../../contract/addresses';
import { endpointQuery } from '../../../lib/api-client';

export const categoriesQueryOptions = queryOptions({ ...endpointQuery(categoryEndpoints.list, {}), staleTime: 60_000 });
