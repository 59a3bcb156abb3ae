/** A used voucher's QR code, folded away behind "Show QR": there is nothing left to scan, but the customer may still want to see it. */
import { useId, useState } from 'react';
import { Trans } from 'react-i18next';
import type { Voucher } from '../../../../contract/checkout';
import { QrIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { QrImage } from './qr-image';

export function RedeemedQr({ voucher, className }: { voucher: Pick<Voucher, 'voucherCode'> & { qrCodeUrl: string }; className?: string }) {
  const { t } = useT('vouchers');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={className}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="inline-flex h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-ring print:hidden"
      >
        <QrIcon className="h-4 w-4" />
        <Trans t={t} i18nKey={open ? 'qr.hide' : 'qr.show'} values={{ code: voucher.voucherCode }} components={{ sr: <span className="sr-only" /> }} />
      </button>
      <div id={panelId} hidden={!open} className="mt-3">
        {open ? (
          <QrImage
            src={voucher.qrCodeUrl}
            alt={t('qr.usedAlt', { code: voucher.voucherCode })}
            width={144}
            height={144}
            className="h-36 w-36 rounded-lg opacity-60 ring-1 ring-slate-200"
          />
        ) : null}
      </div>
    </div>
  );
}
