// Rendering the money screens in tests: a signed-in account in the query cache, an in-memory address, and stubbed answers.
import { SUPERADMIN, renderScreenAs } from '../../test/screens';

export { json, stubApi, SUPERADMIN } from '../../test/screens';

export const renderScreen = renderScreenAs(SUPERADMIN);

