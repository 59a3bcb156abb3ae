import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { buttonClasses } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Any path outside the route table. */
export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-xl surface px-6 py-14 text-center">
        <p className="text-5xl font-extrabold text-brand-700">404</p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Link href={paths.home} className={buttonClasses('primary', 'md', 'mt-6')}>
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
