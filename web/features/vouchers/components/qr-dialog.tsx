/** A voucher's QR image as a thumbnail (loaded when scrolled near) that opens large in a dialog, for the merchant's scanner. */
import * as Dialog from '@radix-ui/react-dialog';
import type { Voucher } from '../../../../contract/checkout';
import { Button } from '../../../components/ui/button';
import { XIcon } from '../../../components/ui/icons';
import { QrImage } from './qr-image';

export function QrDialog({ voucher }: { voucher: Pick<Voucher, 'qrCodeUrl' | 'voucherCode' | 'voucherPin' | 'dealTitle'> }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger
        className="shrink-0 rounded-xl bg-white p-1.5 ring-1 ring-slate-200 transition-shadow hover:shadow-card-hover focus-ring"
        aria-label={`Enlarge QR code for voucher ${voucher.voucherCode}`}
      >
        <QrImage src={voucher.qrCodeUrl} alt="" width={88} height={88} loading="lazy" className="h-22 w-22" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-xl focus:outline-none">
          <Dialog.Title className="pr-8 text-lg font-bold text-slate-900">{voucher.dealTitle}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">Let the merchant scan this code to redeem your voucher.</Dialog.Description>
          <QrImage
            src={voucher.qrCodeUrl}
            alt={`QR code for voucher ${voucher.voucherCode}`}
            width={288}
            height={288}
            className="mx-auto mt-4 h-72 w-72 max-w-full"
          />
          <dl className="mt-4 flex justify-center gap-8 text-left">
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Code</dt>
              <dd className="font-mono text-lg font-bold tracking-widest text-slate-900">{voucher.voucherCode}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">PIN</dt>
              <dd className="font-mono text-lg font-bold tracking-widest text-slate-900">{voucher.voucherPin}</dd>
            </div>
          </dl>
          <Dialog.Close asChild>
            <Button variant="outline" className="mt-6 w-full">
              Close
            </Button>
          </Dialog.Close>
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
