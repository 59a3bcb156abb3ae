/** An honest stand-in for screens of the route table that are not built yet, with the route rules SPEC.md §2 gives them. */
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import { buttonClasses } from '../../components/ui/button';
import { ArrowLeftIcon, ClockIcon } from '../../components/ui/icons';
import { loginPathWithNext } from '../../lib/safe-next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/api/get-current-user';

interface ComingSoonPageProps {
  /** The screen's name, as people know it from the navigation. */
  screen: string;
  back?: { href: string; label: string };
  /** Guests are sent to the login gate, which brings them back here afterwards. */
  requiresLogin?: boolean;
  /** Without this query parameter the screen has nothing to show, so it goes home. */
  requiredQueryParam?: string;
}

export default function ComingSoonPage({ screen, back, requiresLogin = false, requiredQueryParam }: ComingSoonPageProps) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { user, isLoading } = useCurrentUser();
  useDocumentTitle(screen);

  const missingParam = requiredQueryParam !== undefined && !new URLSearchParams(search).get(requiredQueryParam);
  const mustLogIn = requiresLogin && !isLoading && user === null;

  useEffect(() => {
    if (missingParam) navigate(paths.home, { replace: true });
    else if (mustLogIn) navigate(loginPathWithNext(paths.login, location), { replace: true });
  }, [missingParam, mustLogIn, location, navigate]);

  if (missingParam || mustLogIn) return null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      {back ? (
        <Link href={back.href} className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeftIcon className="h-4 w-4" />
          {back.label}
        </Link>
      ) : null}
      <div className="mx-auto mt-6 max-w-xl surface px-6 py-14 text-center">
        <span className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-brand-700">
          <ClockIcon className="h-7 w-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">{screen} — coming soon</h1>
        <p className="mt-2 text-slate-600">This screen is on its way. In the meantime, the deals are ready for you.</p>
        <Link href={paths.home} className={buttonClasses('primary', 'md', 'mt-6')}>
          Browse deals
        </Link>
      </div>
    </div>
  );
}
