import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { StatePanel } from '../../../components/ui/panel';
import { buttonClasses } from '../../../components/ui/button';
import { StoreIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';

/** What guests (and accounts that are no merchant's) see on the merchant screens: they need a merchant account. */
export function MerchantLoginPrompt({ title, message }: { title: string; message?: string }) {
  const { t } = useT('merchant');
  return (
    <StatePanel size="xl" heading="h1" icon={<StoreIcon className="h-7 w-7" />} title={title} message={message ?? t('loginPrompt.redeem')}>
      <Link href={paths.merchantLogin} className={buttonClasses('primary', 'lg')}>
        {t('loginPrompt.merchantLogin')}
      </Link>
    </StatePanel>
  );
}
