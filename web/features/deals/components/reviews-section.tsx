/**
 * The Reviews block of the deal page: stored reviews (ADR 011) with the average, the 1-5 distribution and the newest
 * three, each marked "Verified visit" when its author's voucher of the deal was redeemed.
 */
import { useQuery } from '@tanstack/react-query';
import { format, formatDistanceToNowStrict, isValid, parseISO } from 'date-fns';
import type { Review } from '../../../../contract/deals';
import { ShieldCheckIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { dealReviewsQueryOptions } from '../api/get-deal';
import { Stars } from './stars';

function ReviewDate({ iso }: { iso: string }) {
  const date = parseISO(iso);
  if (!isValid(date)) return null;
  return (
    <time dateTime={iso} title={format(date, 'PPP')} className="text-sm text-slate-500">
      {format(date, 'MMM d, yyyy')} · {formatDistanceToNowStrict(date, { addSuffix: true })}
    </time>
  );
}

function ReviewItem({ review }: { review: Review }) {
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
                Verified visit
              </span>
            ) : null}
          </p>
          <ReviewDate iso={review.date} />
        </div>
        <Stars rating={review.rating} label={`Rated ${review.rating} out of 5`} className="mt-1" />
        <p className="mt-2 text-slate-700">{review.comment}</p>
      </div>
    </li>
  );
}

export function ReviewsSection({ dealId }: { dealId: string }) {
  const reviews = useQuery(dealReviewsQueryOptions(dealId));

  return (
    <section aria-labelledby="reviews-title" className="surface p-6 sm:p-8">
      <h2 id="reviews-title" className="text-xl font-bold text-slate-900">
        Reviews
      </h2>
      {reviews.isPending ? (
        <div className="mt-6 space-y-4" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : reviews.isError ? (
        <p className="mt-4 text-slate-600">Reviews could not be loaded right now.</p>
      ) : reviews.data.count === 0 || reviews.data.average === null ? (
        <p className="mt-4 text-slate-600">No reviews yet. Customers who use this deal can leave the first one.</p>
      ) : (
        <>
          <div className="mt-6 grid gap-8 sm:grid-cols-[auto_1fr] sm:items-center">
            <div className="text-center sm:pr-8 sm:text-left">
              <p className="text-5xl font-extrabold tracking-tight text-slate-900 tabular-nums">{reviews.data.average.toFixed(1)}</p>
              <Stars rating={reviews.data.average} label={`Average rating ${reviews.data.average.toFixed(1)} out of 5`} className="mt-2" />
              <p className="mt-1 text-sm text-slate-600">
                {reviews.data.count} {reviews.data.count === 1 ? 'review' : 'reviews'}
              </p>
            </div>
            <ul className="space-y-2" aria-label="Rating distribution">
              {[5, 4, 3, 2, 1].map((stars) => {
                const count = reviews.data.distribution[stars - 1] ?? 0;
                const share = reviews.data.count > 0 ? Math.round((count / reviews.data.count) * 100) : 0;
                return (
                  <li key={stars} className="flex items-center gap-3 text-sm">
                    <span className="w-12 shrink-0 text-slate-700">
                      {stars} star{stars === 1 ? '' : 's'}
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
