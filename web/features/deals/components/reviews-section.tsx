/**
 * The Reviews block of the deal page: stored reviews (ADR 011) with the average, the 1-5 distribution and the newest
 * three, each marked "Verified visit" when its author's voucher of the deal was redeemed.
 */
import { useQuery } from '@tanstack/react-query';
import { format, formatDistanceToNowStrict, isValid, parseISO, type FormatDistanceToken, type Locale } from 'date-fns';
import type { Review } from '../../../../contract/deals';
import { ShieldCheckIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatLanguage, translate, useT } from '../../../i18n';
import { formatDay } from '../../../lib/dates';
import { dealReviewsQueryOptions } from '../api/get-deal';
import { Stars } from './stars';

/** A time span as the catalogue words it ('3 days', '3 天'), for the units date-fns's strict distance chooses. */
function spanText(token: FormatDistanceToken, count: number): string {
  switch (token) {
    case 'xSeconds':
      return translate('deals:reviews.seconds', { count });
    case 'xMinutes':
      return translate('deals:reviews.minutes', { count });
    case 'xHours':
      return translate('deals:reviews.hours', { count });
    case 'xDays':
      return translate('deals:reviews.days', { count });
    case 'xMonths':
      return translate('deals:reviews.months', { count });
    default:
      return translate('deals:reviews.years', { count });
  }
}

/** date-fns's distance ('3 days ago') with its words from the catalogue, so it follows the language. */
const catalogueDistance: Pick<Locale, 'formatDistance'> = {
  formatDistance: (token, count, options) => {
    const age = spanText(token, count);
    if (!options?.addSuffix) return age;
    return options.comparison !== undefined && options.comparison > 0 ? translate('deals:reviews.in', { age }) : translate('deals:reviews.ago', { age });
  },
};

function ReviewDate({ iso }: { iso: string }) {
  const date = parseISO(iso);
  if (!isValid(date)) return null;
  // The tooltip's long date: 'December 31st, 2026' in English, the calendar date in Chinese.
  const longDay = formatLanguage() === 'zh-CN' ? formatDay(iso) : format(date, 'PPP');
  return (
    <time dateTime={iso} title={longDay} className="text-sm text-slate-500">
      {formatDay(iso)} · {formatDistanceToNowStrict(date, { addSuffix: true, locale: catalogueDistance })}
    </time>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const { t } = useT('deals');
  return (
    <li className="flex gap-4 py-5 first:pt-0 last:pb-0">
      <span
        aria-hidden="true"
        className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
      >
        {review.userAvatar}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold text-slate-900">{review.userName}</span>
            {review.verified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
                <ShieldCheckIcon className="h-3.5 w-3.5" />
                {t('reviews.verified')}
              </span>
            ) : null}
          </p>
          <ReviewDate iso={review.date} />
        </div>
        <Stars rating={review.rating} label={t('reviews.rated', { rating: review.rating })} className="mt-1" />
        <p className="mt-2 text-slate-700">{review.comment}</p>
      </div>
    </li>
  );
}

export function ReviewsSection({ dealId }: { dealId: string }) {
  const { t } = useT('deals');
  const reviews = useQuery(dealReviewsQueryOptions(dealId));

  return (
    <section aria-labelledby="reviews-title" className="surface p-6 sm:p-8">
      <h2 id="reviews-title" className="text-xl font-bold text-slate-900">
        {t('reviews.title')}
      </h2>
      {reviews.isPending ? (
        <div className="mt-6 space-y-4" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : reviews.isError ? (
        <p className="mt-4 text-slate-600">{t('reviews.failed')}</p>
      ) : reviews.data.count === 0 || reviews.data.average === null ? (
        <p className="mt-4 text-slate-600">{t('reviews.none')}</p>
      ) : (
        <>
          <div className="mt-6 grid gap-8 sm:grid-cols-[auto_1fr] sm:items-center">
            <div className="text-center sm:pr-8 sm:text-left">
              <p className="text-5xl font-extrabold tracking-tight text-slate-900 tabular-nums">{reviews.data.average.toFixed(1)}</p>
              <Stars rating={reviews.data.average} label={t('reviews.average', { rating: reviews.data.average.toFixed(1) })} className="mt-2" />
              <p className="mt-1 text-sm text-slate-600">
                {t('reviews.count', { count: reviews.data.count })}
              </p>
            </div>
            <ul className="space-y-2" aria-label={t('reviews.distribution')}>
              {[5, 4, 3, 2, 1].map((stars) => {
                const count = reviews.data.distribution[stars - 1] ?? 0;
                const share = reviews.data.count > 0 ? Math.round((count / reviews.data.count) * 100) : 0;
                return (
                  <li key={stars} className="flex items-center gap-3 text-sm">
                    <span className="w-12 shrink-0 text-slate-700">
                      {t('reviews.stars', { count: stars })}
                    </span>
                    <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100">
                      <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
                    </span>
                    <span className="w-8 shrink-0 text-right text-slate-600 tabular-nums">{count}</span>
                  </li>
                );
              })}
            </ul>
          </div>
          <ul className="mt-8 divide-y divide-slate-100 border-t border-slate-100 pt-6">
            {reviews.data.reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
