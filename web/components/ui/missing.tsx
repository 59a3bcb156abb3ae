/** The mark of an empty cell or value: a dash on screen, "none" for screen readers. */
import { translate } from '../../i18n';

export function Missing() {
  return (
    <span className="text-slate-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{translate('common:none')}</span>
    </span>
  );
}
