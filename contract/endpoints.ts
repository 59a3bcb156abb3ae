/** Every endpoint of the API, for the reference's completeness test and tools; screens import the feature's own file. */
import type { EndpointDeclaration } from './endpoint';
import { categoryEndpoints } from './categories';
import { dealEndpoints } from './deals';
import { merchantEndpoints } from './merchants';
import { systemEndpoints } from './system';

export const endpointGroups = {
  system: systemEndpoints,
  deals: dealEndpoints,
  categories: categoryEndpoints,
  merchants: merchantEndpoints,
} satisfies Record<string, Record<string, EndpointDeclaration>>;

export const allEndpoints: EndpointDeclaration[] = Object.values(endpointGroups).flatMap((group) => Object.values(group));
