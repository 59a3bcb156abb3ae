/** 'Write a review' on a voucher: a 1-5 star rating (a keyboard-usable radio group) and a comment, posted once per deal. */
import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { XIcon } from '../../../components/ui/icons';
import { SpinnerIcon, StarIcon } from '../../../components/ui/more-icons';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { vouchersQueryKey } from '../api/get-vouchers';
import { usePostReview } from '../api/post-review';

const COMMENT_MAX = 1000;
const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

function ReviewForm({ dealId, dealTitle, onDone }: { dealId: string; dealTitle: string; onDone: () => void }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const post = usePostReview();
  const queryClient = useQueryClient();
  const ids = { comment: useId(), ratingError: useId(), commentError: useId() };

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
          toast({ title: 'Review posted', description: answer.message || 'Thank you for your review', variant: 'success' });
          onDone();
        },
        onError: (error) => {
          const refused = isApiError(error, 409) || isApiError(error, 403);
          toast({
            title: 'Review not posted',
            description: isApiError(error) && error.status < 500 && error.serverMessage ? error.serverMessage : 'Please try again in a moment.',
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
    <form onSubmit={submit} noValidate className="mt-5 space-y-5">
      <fieldset aria-describedby={tried && ratingMissing ? ids.ratingError : undefined}>
        <legend className="text-sm font-medium text-slate-800">Your rating</legend>
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
              <span className="sr-only">
                {value} {value === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
          <span className="ml-2 text-sm font-medium text-slate-700" aria-hidden="true">
            {RATING_WORDS[rating]}
          </span>
        </div>
        {tried && ratingMissing ? (
          <p id={ids.ratingError} className="mt-1 text-sm text-red-700">
            Please choose a rating from 1 to 5 stars.
          </p>
        ) : null}
      </fieldset>

      <div>
        <label htmlFor={ids.comment} className="block text-sm font-medium text-slate-800">
          Your review
        </label>
        <textarea
          id={ids.comment}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={COMMENT_MAX}
          rows={4}
          required
          placeholder={`What did you think of ${dealTitle}?`}
          aria-invalid={(tried && commentMissing) || undefined}
          aria-describedby={tried && commentMissing ? ids.commentError : undefined}
          className={cn(
            'mt-1.5 block w-full resize-y rounded-xl border bg-white px-3.5 py-2.5 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600',
            tried && commentMissing ? 'border-red-600' : 'border-slate-300',
          )}
        />
        <div className="mt-1 flex justify-between gap-4 text-sm">
          {tried && commentMissing ? (
            <p id={ids.commentError} className="text-red-700">
              Please write a few words about the deal.
            </p>
          ) : (
            <span />
          )}
          <span className="text-slate-600 tabular-nums">
            {comment.length}/{COMMENT_MAX}
          </span>
        </div>
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? <SpinnerIcon className="h-4 w-4" /> : null}
          Post Review
        </Button>
      </div>
    </form>
  );
}

export function ReviewDialog({ dealId, dealTitle }: { dealId: string; dealTitle: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm" aria-label={`Write a review of ${dealTitle}`}>
          <StarIcon className="h-4 w-4" />
          Write a review
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="pr-8 text-lg font-bold text-slate-900">Review {dealTitle}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Tell other shoppers how it went. You can review each deal once.
          </Dialog.Description>
          <ReviewForm dealId={dealId} dealTitle={dealTitle} onDone={() => setOpen(false)} />
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-ring"
          >
            <XIcon className="h-4 w-4" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
