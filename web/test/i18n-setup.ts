/** Web tests start with every catalogue loaded and no language chosen: screens show the SPEC's texts. A test that
 * chooses a language has the choice forgotten after it. */
import { afterEach, beforeAll } from 'vitest';
import { allCatalogues } from '../i18n/all-catalogues';
import { forgetLanguage, startI18n } from '../i18n';

beforeAll(async () => {
  await startI18n(allCatalogues());
});

afterEach(async () => {
  await forgetLanguage();
});
