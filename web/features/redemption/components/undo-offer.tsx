/**
 * After a redemption, its "Undo" for REDEMPTION_UNDO_MINUTES (counted from the redemption): the merchant takes back a
 * mistaken one and the voucher is active again. The outcome is announced; the offer goes when its time is up.
 */
import { useEffect, useState } from 'react';
import { REDEMPTION_UNDO_MINUTES } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { UndoIcon } from '../../../components/ui/icons';
import { undoFailureMessage, useUndoRedemption } from '../api/undo-redemption';

export interface Undoable {
  voucherId: string;
  voucherCode: string;
  /** When the redemption happened (ISO); the offer lasts REDEMPTION_UNDO_MINUTES from then. */
  redeemedAt: string;
}

export const UNDONE_MESSAGE = 'Redemption undone: the voucher is active again';

/** Milliseconds left to undo a redemption made at `redeemedAt` (an unreadable time counts from now). */
export function undoTimeLeft(redeemedAt: string, now = Date.now()): number {
  const at = Date.parse(redeemedAt);
  const from = Number.isNaN(at) ? now : at;
  return Math.max(0, from + REDEMPTION_UNDO_MINUTES * 60_000 - now);
}

export function UndoOffer({ undoable, onUndone }: { undoable: Undoable; onUndone: () => void }) {
  const undo = useUndoRedemption();
  // Counted once, when the offer appears: a redemption's time does not change.
  const [expired, setExpired] = useState(() => undoTimeLeft(undoable.redeemedAt) === 0);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const left = undoTimeLeft(undoable.redeemedAt);
    if (left === 0) return;
    const timer = setTimeout(() => setExpired(true), left);
    return () => clearTimeout(timer);
  }, [undoable.redeemedAt]);

  const press = () => {
    undo.mutate(undoable.voucherId, {
      onSuccess: () => {
        setDone(true);
        onUndone();
      },
    });
  };

  return (
    <div className="grid gap-2">
      {!expired && !done ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
          <p className="min-w-0 flex-1 basis-48 text-sm text-slate-700">
            Redeemed by mistake? You can undo it for {REDEMPTION_UNDO_MINUTES} minutes.
          </p>
          <Button variant="outline" size="sm" onClick={press} disabled={undo.isPending}>
            <UndoIcon className="h-4 w-4" />
            {undo.isPending ? 'Undoing…' : 'Undo'} <span className="font-mono">{undoable.voucherCode}</span>
          </Button>
        </div>
      ) : null}
      <div aria-live="polite">
        {done ? <p className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-900">{UNDONE_MESSAGE}</p> : null}
      </div>
      {undo.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {undoFailureMessage(undo.error)}
        </p>
      ) : null}
    </div>
  );
}
