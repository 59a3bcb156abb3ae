/** Web tests start with every catalogue loaded and no language chosen: screens show the SPEC's texts. */
import { beforeAll } from 'vitest';
import { allCatalogues } from '../i18n/all-catalogues';
import { startI18n } from '../i18n';

beforeAll(async () => {
  await startI18n(allCatalogues());
});
