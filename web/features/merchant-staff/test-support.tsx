// Rendering the merchant's staff screen in tests: a signed-in account in the query cache, an in-memory address, and stubbed answers.
import { OWNER, renderScreenAs } from '../../test/screens';

export { json, stubApi, OWNER, STAFF } from '../../test/screens';

export const renderScreen = renderScreenAs(OWNER);

