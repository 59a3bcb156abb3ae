/** The heart on deal cards and the deal page: toggles a favourite for customers, asks guests to log in. */
import { useQueryClient } from '@tanstack/react-query';
import { HeartIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { translate, useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { useRequireSignIn } from '../../auth';
import { useFavoriteIds, useFavorites } from '../api/get-favorites';
import { clearFavoritePending, isFavoritePending, markFavoritePending, usePendingFavorites } from '../api/pending-favorites';

// The request code is not part of the first page: it loads when a pointer or the focus reaches a heart, or on a tap.
const loadSetFavorite = () => import('../api/set-favorite');
const preload = () => void loadSetFavorite();

export type FavoriteButtonVariant = 'overlay' | 'outline';

const variants: Record<FavoriteButtonVariant, string> = {
  // Over a card's picture: a round white chip that stays readable on any image.
  overlay: 'h-11 w-11 rounded-full bg-white/95 shadow-md ring-1 ring-slate-900/10 hover:bg-white',
  // Beside the deal page's buttons, in their outline style.
  outline: 'h-11 w-11 rounded-xl border border-slate-300 bg-white shadow-xs hover:border-slate-400 hover:bg-slate-50',
};

interface FavoriteButtonProps {
  dealId: string;
  variant?: FavoriteButtonVariant;
  className?: string;
}

export function FavoriteButton({ dealId, variant = 'overlay', className }: FavoriteButtonProps) {
  // The heart is part of the deal cards and the deal page: its texts ship with theirs, in the deals namespace.
  const { t } = useT('deals');
  const queryClient = useQueryClient();
  const { user } = useFavorites();
  const ids = useFavoriteIds();
  const pending = usePendingFavorites();
  const requireSignIn = useRequireSignIn();

  // Favourites belong to shoppers; merchant and admin accounts do not keep them (the header hides them too).
  if (user !== null && user.role !== 'customer') return null;

  const pressed = ids.has(dealId);
  const busy = pending.has(dealId);
  const label = pressed ? t('favorite.remove') : t('favorite.add');

  const onClick = async () => {
    if (busy) return;
    // A tap just after the page opens, while the session is still being read, waits for it rather than being lost.
    const current = await requireSignIn({ notice: { title: translate('deals:favorite.loginTitle'), description: translate('deals:favorite.loginHint') } });
    if (current === null) return;
    // One change per deal at a time; the heart turns at once, before the request code has even loaded.
    if (current.role !== 'customer' || isFavoritePending(dealId)) return;
    const wanted = !pressed;
    markFavoritePending(dealId, wanted);
    void loadSetFavorite().then(
      ({ sendFavoriteChange }) => sendFavoriteChange(queryClient, dealId, wanted),
      () => {
        clearFavoritePending(dealId);
        toast({
          title: translate('deals:favorite.failed'),
          description: wanted ? translate('deals:favorite.addFailed') : translate('deals:favorite.removeFailed'),
          variant: 'destructive',
        });
      },
    );
  };

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      aria-busy={busy || undefined}
      onClick={() => void onClick()}
      onPointerEnter={user === null ? undefined : preload}
      onFocus={user === null ? undefined : preload}
      className={cn(
        'relative z-10 grid shrink-0 place-items-center transition-colors focus-ring',
        variants[variant],
        pressed ? 'text-sale-600' : 'text-slate-700 hover:text-sale-700',
        className,
      )}
    >
      <HeartIcon filled={pressed} className={cn('h-5 w-5 transition-transform', busy && 'scale-90')} />
    </button>
  );
}
