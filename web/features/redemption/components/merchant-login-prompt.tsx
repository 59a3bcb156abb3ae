import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { buttonClasses } from '../../../components/ui/button';
import { StoreIcon } from '../../../components/ui/more-icons';

/** What guests see on the merchant screens: redeeming needs a merchant account. */
export function MerchantLoginPrompt({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-xl surface px-6 py-12 text-center">
      <span className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-brand-700">
        <StoreIcon className="h-7 w-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">Please log in as a merchant to redeem vouchers.</p>
      <Link href={paths.merchantLogin} className={buttonClasses('primary', 'lg', 'mt-6')}>
        Merchant Login
      </Link>
    </div>
  );
}
