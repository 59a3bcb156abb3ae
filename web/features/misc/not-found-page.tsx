import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { StatePanel } from '../../components/ui/panel';
import { buttonClasses } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Any path outside the route table. */
export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <StatePanel
        size="xl"
        heading="h1"
        icon={<span className="text-xl font-extrabold">404</span>}
        title="Page Not Found"
        message="The page you are looking for does not exist or has moved."
      >
        <Link href={paths.home} className={buttonClasses('primary', 'md')}>
          Go to the home page
        </Link>
      </StatePanel>
    </div>
  );
}
