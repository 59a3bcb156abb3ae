/**
 * /admin/orders, customer service (superadmins): find orders by order number or id, phone or voucher code, see who paid
 * what and everything that happened since, and refund a voucher. The search stays in the address (?q=).
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { ORDER_SEARCH_MAX_LENGTH } from '../../../contract/constants';
import { paths } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { AlertIcon, ReceiptIcon, SearchIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { useT } from '../../i18n';
import { messageOf } from '../../lib/message-of';
import { useDocumentTitle } from '../../lib/use-document-title';
import { adminOrdersQueryOptions } from './api/search-orders';
import { AdminOrderCard } from './components/admin-order-card';
import { MoneyFrame } from './components/superadmin-only';

function Results({ q }: { q: string }) {
  const { t } = useT('admin');
  const query = useQuery(adminOrdersQueryOptions(q));
  if (q === '') return null;
  if (query.isPending) return <StatePanel state="loading" title={t('ordersPage.searching')} />;
  if (query.isError) {
    const message = messageOf(query.error, t('ordersPage.searchUnavailable'));
    return (
      <StatePanel state="error" role="alert" icon={<AlertIcon className="h-7 w-7" />} title={t('ordersPage.searchFailed')} message={message} onRetry={() => void query.refetch()} />
    );
  }
  if (query.data.length === 0) {
    return <StatePanel icon={<ReceiptIcon className="h-7 w-7" />} tone="neutral" title={t('ordersPage.noneTitle')} message={t('ordersPage.noneMessage', { q })} />;
  }
  return (
    <section aria-label={t('ordersPage.resultsLabel')} className="grid gap-6">
      <p className="text-sm text-slate-600" role="status">
        {t('ordersPage.found', { count: query.data.length })}
      </p>
      {query.data.map((order) => (
        <AdminOrderCard key={order.id} order={order} />
      ))}
    </section>
  );
}

function CustomerService() {
  const { t } = useT('admin');
  const search = useSearch();
  const [, navigate] = useLocation();
  const q = (new URLSearchParams(search).get('q') ?? '').trim();
  const [text, setText] = useState(q);
  // Whether the search was sent empty; its words are read at each render, so they follow a language chosen meanwhile.
  const [empty, setEmpty] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The one check worth a screen of its own; the server checks the rest (the field already stops at ORDER_SEARCH_MAX_LENGTH).
    const wanted = text.trim();
    if (!wanted) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    navigate(`${paths.adminOrders}?${new URLSearchParams({ q: wanted }).toString()}`);
  };

  return (
    <div className="grid gap-6">
      <form role="search" noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3 surface p-5 sm:p-6">
        <Field label={t('ordersPage.searchLabel')} error={empty ? t('ordersPage.queryRequired') : undefined} className="min-w-0 flex-1 basis-64">
          {(control) => (
            <Input {...control} type="search" value={text} onChange={(event) => setText(event.target.value)} maxLength={ORDER_SEARCH_MAX_LENGTH} autoComplete="off" spellCheck={false} />
          )}
        </Field>
        <Button type="submit">
          <SearchIcon className="h-4 w-4" />
          {t('ordersPage.search')}
        </Button>
      </form>
      <Results q={q} />
    </div>
  );
}

export default function AdminOrdersPage() {
  const { t } = useT('admin');
  useDocumentTitle(t('ordersPage.title'));
  return (
    <MoneyFrame title={t('ordersPage.title')} intro={t('ordersPage.intro')}>
      <CustomerService />
    </MoneyFrame>
  );
}
