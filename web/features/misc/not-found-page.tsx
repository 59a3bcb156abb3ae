import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { StatePanel } from '../../components/ui/panel';
import { buttonClasses } from '../../components/ui/button';
import { useT } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Any path outside the route table. */
export default function NotFoundPage() {
  const { t } = useT('misc');
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <StatePanel
        size="xl"
        heading="h1"
        icon={<span className="text-xl font-extrabold">404</span>}
        title={t('notFound.title')}
        message={t('notFound.hint')}
      >
        <Link href={paths.home} className={buttonClasses('primary', 'md')}>
          {t('notFound.home')}
        </Link>
      </StatePanel>
    </div>
  );
}
