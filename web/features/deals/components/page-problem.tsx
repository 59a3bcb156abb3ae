/** The way home from a shopper's page, and the state a page shows in its place when its subject is missing or unread. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { buttonClasses } from '../../../components/ui/button';
import { AlertIcon, ArrowLeftIcon } from '../../../components/ui/icons';
import { StatePanel } from '../../../components/ui/panel';
import { useT } from '../../../i18n';

/** "Back" to the home page's list. */
export function HomeLink() {
  const { t } = useT('deals');
  return (
    <Link href={paths.home} className={buttonClasses('ghost', 'md', '-ml-3')}>
      <ArrowLeftIcon className="h-4 w-4" />
      {t('page.back')}
    </Link>
  );
}

/** A page's problem ("Deal Not Found", "Store Not Found", a failed read with `action`), with "Browse deals". */
export function PageProblem({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  const { t } = useT('deals');
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <HomeLink />
      <StatePanel className="mt-10" heading="h1" tone="neutral" icon={<AlertIcon className="h-7 w-7" />} title={title} message={message}>
        {action}
        <Link href={paths.home} className={buttonClasses('primary')}>
          {t('page.browse')}
        </Link>
      </StatePanel>
    </div>
  );
}
