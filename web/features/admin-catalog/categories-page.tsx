/**
 * Category management (docs/product/screens.md#category-management): the categories in their order, each with its
 * English and Chinese names, slug, icon, position and the deals that use it; create, edit and delete for superadmins.
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Trans } from 'react-i18next';
import type { AdminCategory } from '../../../contract/categories';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, ArrowLeftIcon, TagIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { useT } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAdminCategories } from './api/admin-categories';
import { AccessPanel, ListSkeleton, useAdminAccess } from './components/admin-access';

// The dialogs (and the dialog library) load when one is first opened: the list does not wait for them.
const CategoryFormDialog = lazy(async () => ({ default: (await import('./components/category-dialogs')).CategoryFormDialog }));
const DeleteCategoryDialog = lazy(async () => ({ default: (await import('./components/category-dialogs')).DeleteCategoryDialog }));

function CategoryRow({ category, onEdit, onDelete }: { category: AdminCategory; onEdit: () => void; onDelete: () => void }) {
  const { t } = useT('admin');
  const inUse = category.usedBy > 0;
  const sr = { sr: <span className="sr-only" /> };
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="flex flex-wrap items-start justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs">
      <div className="flex min-w-0 gap-3">
        <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <TagIcon className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold text-slate-900" lang="en">
            {category.name}
          </h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-slate-500">{t('categoriesPage.row.nameZh')}</dt>
            <dd className="text-slate-800">{category.nameZh ? <span lang="zh-CN">{category.nameZh}</span> : <span className="text-slate-500">{t('categoriesPage.row.noChineseName')}</span>}</dd>
            <dt className="text-slate-500">{t('categoriesPage.row.slug')}</dt>
            <dd className="font-mono text-slate-800">{category.slug}</dd>
            <dt className="text-slate-500">{t('categoriesPage.row.icon')}</dt>
            <dd className="font-mono text-slate-800">{category.icon}</dd>
            <dt className="text-slate-500">{t('categoriesPage.row.position')}</dt>
            <dd className="text-slate-800">{category.position}</dd>
          </dl>
          <p className="mt-1 text-sm text-slate-600">{t('categoriesPage.row.deals', { count: category.usedBy })}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Trans t={t} i18nKey="categoriesPage.row.edit" values={{ name: category.name }} components={sr} />
        </Button>
        {inUse ? (
          <p className="text-xs text-slate-500">{t('categoriesPage.row.inUse')}</p>
        ) : (
          <Button variant="outline" size="sm" onClick={onDelete}>
            <Trans t={t} i18nKey="categoriesPage.row.delete" values={{ name: category.name }} components={sr} />
          </Button>
        )}
      </div>
    </article>
  );
}

export default function CategoriesPage() {
  const { t, langOf } = useT('admin');
  useDocumentTitle(t('categoriesPage.title'));
  const access = useAdminAccess();
  const categories = useAdminCategories(access === 'superadmin');
  // undefined: no form open; null: the form for a new category.
  const [editing, setEditing] = useState<AdminCategory | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);

  let body: ReactNode;
  if (access === 'loading' || (access === 'superadmin' && categories.isPending)) {
    body = <ListSkeleton />;
  } else if (access !== 'superadmin') {
    body = <AccessPanel access={access} next={paths.adminCategories} deniedMessage={t('categoriesPage.denied')} />;
  } else if (categories.isError || !categories.data) {
    body = (
      <StatePanel
        state="error"
        role="alert"
        icon={<AlertIcon className="h-7 w-7" />}
        title={t('categoriesPage.loadFailed')}
        message={t('categoriesPage.loadFailedMessage')}
        onRetry={() => void categories.refetch()}
        retryLabel={t('categoriesPage.retry')}
      />
    );
  } else if (categories.data.length === 0) {
    body = (
      <StatePanel state="empty" tone="neutral" icon={<TagIcon className="h-7 w-7" />} title={t('categoriesPage.emptyTitle')} message={t('categoriesPage.emptyMessage')}>
        <Button onClick={() => setEditing(null)}>{t('categoriesPage.create')}</Button>
      </StatePanel>
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label={t('categoriesPage.listLabel')}>
        {categories.data.map((category) => (
          <li key={category.id}>
            <CategoryRow category={category} onEdit={() => setEditing(category)} onDelete={() => setDeleting(category)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <Link href={paths.adminDeals} className={buttonClasses('ghost', 'sm', 'mb-4 -ml-2')}>
        <ArrowLeftIcon className="h-4 w-4" />
        <span lang={langOf('dealsPage.title')}>{t('dealsPage.title')}</span>
      </Link>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('categoriesPage.title')}</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-600" role="status">
            {access === 'superadmin' && categories.data !== undefined ? t('categoriesPage.count', { count: categories.data.length }) : t('categoriesPage.intro')}
          </p>
          {access === 'superadmin' && categories.data !== undefined ? <p className="mt-1 max-w-3xl text-sm text-slate-600">{t('categoriesPage.intro')}</p> : null}
        </div>
        {access === 'superadmin' ? (
          <Button onClick={() => setEditing(null)}>
            <TagIcon className="h-4 w-4" />
            {t('categoriesPage.create')}
          </Button>
        ) : null}
      </header>
      {body}
      {access === 'superadmin' ? (
        <Suspense fallback={null}>
          {editing !== undefined ? <CategoryFormDialog category={editing} onClose={() => setEditing(undefined)} /> : null}
          {deleting ? <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} /> : null}
        </Suspense>
      ) : null}
    </div>
  );
}
