/** A voucher's QR image as a thumbnail (loaded when scrolled near) that opens large in a dialog, for the merchant's scanner. */
import type { Voucher } from '../../../../contract/checkout';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { useT } from '../../../i18n';
import { QrImage } from './qr-image';

/** Only for a voucher that can be redeemed: its image's address and its PIN, which the server sends for no other. */
export function QrDialog({ voucher }: { voucher: Pick<Voucher, 'voucherCode' | 'dealTitle'> & { qrCodeUrl: string; voucherPin: string } }) {
  const { t } = useT('vouchers');
  return (
    <Dialog
      size="sm"
      className="text-center"
      title={voucher.dealTitle}
      description={t('qr.scanHint')}
      trigger={
        <button
          type="button"
          className="shrink-0 rounded-xl bg-white p-1.5 ring-1 ring-slate-200 transition-shadow hover:shadow-card-hover focus-ring"
          aria-label={t('qr.enlarge', { code: voucher.voucherCode })}
        >
          <QrImage src={voucher.qrCodeUrl} alt="" width={88} height={88} loading="lazy" className="h-22 w-22" />
        </button>
      }
    >
      <QrImage
        src={voucher.qrCodeUrl}
        alt={t('qr.alt', { code: voucher.voucherCode })}
        width={288}
        height={288}
        className="mx-auto h-72 w-72 max-w-full"
      />
      <dl className="mt-4 flex justify-center gap-8 text-left">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('qr.code')}</dt>
          <dd className="font-mono text-lg font-bold tracking-widest text-slate-900">{voucher.voucherCode}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('qr.pin')}</dt>
          <dd className="font-mono text-lg font-bold tracking-widest text-slate-900">{voucher.voucherPin}</dd>
        </div>
      </dl>
      <DialogClose>
        <Button variant="outline" className="mt-6 w-full">
          {t('qr.close')}
        </Button>
      </DialogClose>
    </Dialog>
  );
}
