/** 'Write a review' on a voucher: a 1-5 star rating (a keyboard-usable radio group) and a comment, posted once per deal. */
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REVIEW_COMMENT_MAX_LENGTH } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/field';
import { SpinnerIcon, StarIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/message-of';
import { cn } from '../../../lib/cn';
import { vouchersQueryKey } from '../api/get-vouchers';
import { usePostReview } from '../api/post-review';

/** contract/checkout.ts reviewBody's limit. */
const COMMENT_MAX = REVIEW_COMMENT_MAX_LENGTH;

function ReviewForm({ dealId, dealTitle, onDone }: { dealId: string; dealTitle: string; onDone: () => void }) {
  const { t } = useT('vouchers');
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const post = usePostReview();
  const queryClient = useQueryClient();
  const ids = { ratingError: useId() };

  const ratingMissing = rating < 1;
  const commentMissing = comment.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (ratingMissing || commentMissing) return;
    post.mutate(
      { dealId, rating, comment: comment.trim() },
      {
        onSuccess: (answer) => {
          toast({ title: t('review.postedTitle'), description: answer.message || t('review.postedDescription'), variant: 'success' });
          onDone();
        },
        onError: (error) => {
          const refused = isApiError(error, 409) || isApiError(error, 403);
          toast({
            title: t('review.failedTitle'),
            description: messageOf(error, t('review.failedDescription')),
            variant: 'destructive',
          });
          if (refused) {
            // The server knows better (already reviewed, say); show the vouchers as it sees them.
            void queryClient.invalidateQueries({ queryKey: vouchersQueryKey });
            onDone();
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <fieldset aria-describedby={tried && ratingMissing ? ids.ratingError : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('review.rating')}</legend>
        <div className="mt-2 flex items-center gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="peer sr-only"
              />
              <span className="block rounded-lg p-1 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-brand-600">
                <StarIcon filled={value <= rating} className={cn('h-8 w-8', value <= rating ? 'text-amber-500' : 'text-slate-400')} />
              </span>
              <span className="sr-only">{t('review.stars', { count: value })}</span>
            </label>
          ))}
          <span className="ml-2 text-sm font-medium text-slate-700" aria-hidden="true">
            {rating > 0 ? t(`review.ratingWords.${rating}`) : ''}
          </span>
        </div>
        {tried && ratingMissing ? (
          <p id={ids.ratingError} className="mt-1 text-sm text-red-700">
            {t('review.ratingMissing')}
          </p>
        ) : null}
      </fieldset>

      <div>
        <Field label={t('review.comment')} error={tried && commentMissing ? t('review.commentMissing') : undefined}>
          {(control) => (
            <Textarea
              {...control}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              maxLength={COMMENT_MAX}
              rows={4}
              required
              placeholder={t('review.placeholder', { title: dealTitle })}
            />
          )}
        </Field>
        <p className="mt-1 text-right text-sm text-slate-600 tabular-nums">
          {comment.length}/{COMMENT_MAX}
        </p>
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose>
          <Button variant="outline">{t('review.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? <SpinnerIcon className="h-4 w-4" /> : null}
          {t('review.post')}
        </Button>
      </div>
    </form>
  );
}

export function ReviewDialog({ dealId, dealTitle }: { dealId: string; dealTitle: string }) {
  const { t } = useT('vouchers');
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      title={t('review.title', { title: dealTitle })}
      description={t('review.description')}
      trigger={
        <Button variant="secondary" size="md" aria-label={t('review.openLabel', { title: dealTitle })}>
          <StarIcon className="h-4 w-4" />
          {t('review.open')}
        </Button>
      }
    >
      <ReviewForm dealId={dealId} dealTitle={dealTitle} onDone={() => setOpen(false)} />
    </Dialog>
  );
}
