/** The home page's row of categories: "All" and each category, with its icon and number of deals, as links. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { GridIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { categoriesQueryOptions } from '../api/get-categories';
import { homeHref, type DealFilters } from '../deal-filters';
import { CategoryIcon } from './category-icon';

function Chip({ href, selected, children }: { href: string; selected: boolean; children: React.ReactNode }) {
  return (
    <li className="shrink-0">
      <Link
        href={href}
        aria-current={selected ? 'page' : undefined}
        className={cn(
          'inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 transition-colors focus-ring',
          selected ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 hover:text-slate-900',
        )}
      >
        {children}
      </Link>
    </li>
  );
}

export function CategoryStrip({ filters }: { filters: DealFilters }) {
  const { t } = useT('deals');
  const categories = useQuery(categoriesQueryOptions);
  // Without categories there is nothing to choose from: no strip at all (a failed read is not worth a message here).
  if (!categories.data || categories.data.length === 0) return <div className="min-h-11" />;
  return (
    // Positioned, so the screen-reader texts (absolutely placed) scroll with the row instead of widening the page.
    <nav aria-label={t('categories.label')} className="relative -mx-4 overflow-x-auto px-4 pb-1 sm:-mx-6 sm:px-6 lg:mx-0 lg:px-0">
      <ul className="flex gap-2">
        <Chip href={homeHref({ ...filters, category: undefined })} selected={filters.category === undefined}>
          <GridIcon className="h-4 w-4" />
          {t('categories.all')}
        </Chip>
        {categories.data.map((category) => (
          <Chip key={category.slug} href={homeHref({ ...filters, category: category.slug })} selected={filters.category === category.slug}>
            <CategoryIcon name={category.icon} className="h-4 w-4" />
            {category.name}
            <span className={cn('text-xs font-medium', filters.category === category.slug ? 'text-brand-100' : 'text-slate-500')}>
              <span aria-hidden="true">{category.dealCount}</span>
              <span className="sr-only">{t('categories.dealCount', { count: category.dealCount })}</span>
            </span>
          </Chip>
        ))}
      </ul>
    </nav>
  );
}
