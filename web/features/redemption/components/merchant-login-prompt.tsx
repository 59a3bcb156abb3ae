import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { StatePanel } from '../../../components/ui/panel';
import { buttonClasses } from '../../../components/ui/button';
import { StoreIcon } from '../../../components/ui/icons';

/** What guests see on the merchant screens: redeeming needs a merchant account. */
export function MerchantLoginPrompt({ title }: { title: string }) {
  return (
    <StatePanel size="xl" heading="h1" icon={<StoreIcon className="h-7 w-7" />} title={title} message="Please log in as a merchant to redeem vouchers.">
      <Link href={paths.merchantLogin} className={buttonClasses('primary', 'lg')}>
        Merchant Login
      </Link>
    </StatePanel>
  );
}
