/**
 * /admin/orders, customer service (superadmins): find orders by order number or id, phone or voucher code, see who paid
 * what and everything that happened since, and refund a voucher. The search stays in the address (?q=).
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { AlertIcon, ReceiptIcon, SearchIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { adminOrdersQueryOptions } from './api/search-orders';
import { AdminOrderCard } from './components/admin-order-card';
import { MoneyFrame } from './components/superadmin-only';

function Results({ q }: { q: string }) {
  const query = useQuery(adminOrdersQueryOptions(q));
  if (q === '') return null;
  if (query.isPending) return <StatePanel state="loading" title="Searching…" />;
  if (query.isError) {
    const message = isApiError(query.error) && query.error.status < 500 && query.error.serverMessage ? query.error.serverMessage : 'The search could not be made right now.';
    return (
      <StatePanel state="error" role="alert" icon={<AlertIcon className="h-7 w-7" />} title="Search failed" message={message} onRetry={() => void query.refetch()} />
    );
  }
  if (query.data.length === 0) {
    return <StatePanel icon={<ReceiptIcon className="h-7 w-7" />} tone="neutral" title="No orders found" message={`Nothing matches “${q}”. Check the number and try again.`} />;
  }
  return (
    <section aria-label="Orders found" className="grid gap-6">
      <p className="text-sm text-slate-600" role="status">
        {query.data.length === 1 ? '1 order found' : `${query.data.length} orders found`}
      </p>
      {query.data.map((order) => (
        <AdminOrderCard key={order.id} order={order} />
      ))}
    </section>
  );
}

function CustomerService() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const q = (new URLSearchParams(search).get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const [error, setError] = useState<string | undefined>(undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The one check worth a screen of its own; the server checks the rest (the field already stops at 100 characters).
    const wanted = text.trim();
    if (!wanted) {
      setError('Enter an order number, a phone number or a voucher code');
      return;
    }
    setError(undefined);
    navigate(`${paths.adminOrders}?${new URLSearchParams({ q: wanted }).toString()}`);
  };

  return (
    <div className="grid gap-6">
      <form role="search" noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3 surface p-5 sm:p-6">
        <Field label="Order number, phone or voucher code" error={error} className="min-w-0 flex-1 basis-64">
          {(control) => (
            <Input {...control} type="search" value={text} onChange={(event) => setText(event.target.value)} maxLength={100} autoComplete="off" spellCheck={false} />
          )}
        </Field>
        <Button type="submit">
          <SearchIcon className="h-4 w-4" />
          Search
        </Button>
      </form>
      <Results q={q} />
    </div>
  );
}

export default function AdminOrdersPage() {
  useDocumentTitle('Customer Service');
  return (
    <MoneyFrame title="Customer Service" intro="Look up an order, see what happened to it, and refund a voucher.">
      <CustomerService />
    </MoneyFrame>
  );
}
