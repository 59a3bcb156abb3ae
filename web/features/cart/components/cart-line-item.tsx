/** One line of the cart: the deal with its live price, availability and quantity, and Remove. */
import { useMemo } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { Button } from '../../../components/ui/button';
import { AlertIcon, TrashIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { Trans } from 'react-i18next';
import { useT } from '../../../i18n';
import { removeFromCart } from '../../../lib/cart-storage';
import { DealImage } from '../../deals';
import type { CartLine } from '../cart-lines';
import { QuantityStepper } from './quantity-stepper';

/** Descriptions are stored HTML; a cart line shows a short plain-text taste of it (DOMParser runs nothing). */
function plainText(html: string | undefined): string {
  if (!html) return '';
  // A space after each block, so 'sashimi.</p><ul><li>Miso' does not read as 'sashimi.Miso'.
  const spaced = html.replace(/<\/(p|li|h3|h4|blockquote)>|<br\s*\/?>/gi, '$& ');
  return (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function CartLineItem({ line }: { line: CartLine }) {
  const { t } = useT('cart');
  const title = line.deal.title ?? t('line.untitled');
  const description = useMemo(() => plainText(line.deal.description), [line.deal.description]);
  const { priceCents, originalPriceCents } = line.deal;

  const remove = () => {
    removeFromCart(line.dealId);
    toast({ title: t('toasts.removedTitle'), description: t('toasts.removedDescription', { title }) });
  };

  if (line.loading && line.deal.title === undefined) {
    return (
      <li className="surface flex gap-4 p-4" aria-busy="true">
        <Skeleton className="h-24 w-24 shrink-0 sm:h-28 sm:w-36" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-8 w-32" />
        </div>
      </li>
    );
  }

  return (
    <li className="surface flex gap-4 p-4 sm:p-5">
      <Link href={paths.deal(line.dealId)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <DealImage
          deal={{ imageUrl: line.deal.imageUrl ?? '', title }}
          placeholder="small"
          width={144}
          height={112}
          loading="lazy"
          className="h-24 w-24 rounded-xl bg-slate-100 object-cover sm:h-28 sm:w-36"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:gap-6">
        <div className="min-w-0 flex-1">
          <h2 className="text-base leading-snug font-semibold text-slate-900 sm:text-lg">
            <Link href={paths.deal(line.dealId)} className="rounded hover:text-brand-800 hover:underline focus-ring">
              {title}
            </Link>
          </h2>
          {description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{description}</p> : null}
          <div className="mt-2 flex flex-wrap items-baseline gap-x-2">
            {priceCents !== undefined ? (
              <>
                <span className="sr-only">{t('line.price')}</span>
                <Price cents={priceCents} className="font-bold text-slate-900" />
              </>
            ) : null}
            {originalPriceCents !== undefined && originalPriceCents !== null ? (
              <>
                <span className="sr-only">{t('line.originalPrice')}</span>
                <Price cents={originalPriceCents} struck className="text-sm text-slate-500" />
              </>
            ) : null}
          </div>
          {line.unavailable ? (
            <p className="mt-2 flex items-center gap-1.5 text-sm font-semibold text-red-700">
              <AlertIcon className="h-4 w-4" />
              {line.fresh?.soldOut ? t('line.soldOut') : t('line.unavailable')}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-start justify-between gap-3 sm:flex-col sm:items-end">
          <QuantityStepper line={line} title={title} />
          <div className="flex items-center gap-2 sm:flex-col sm:items-end">
            {line.lineTotalCents !== null ? (
              <p className="font-bold text-slate-900 tabular-nums">
                <Price cents={line.lineTotalCents} label={t('line.lineTotal')} />
              </p>
            ) : null}
            <Button variant="ghost" size="sm" onClick={remove} className="text-red-700 hover:bg-red-50 hover:text-red-800">
              <TrashIcon className="h-4 w-4" />
              <Trans t={t} i18nKey="line.remove" values={{ title }} components={{ sr: <span className="sr-only" /> }} />
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}
