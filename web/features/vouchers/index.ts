/** What other features use of vouchers. The vouchers page is loaded by the route table on its own. */
export { CopyCodeButton } from './components/copy-code-button';
export { QrImage } from './components/qr-image';
export { shareVoucher, useVoucherTexts } from './voucher-actions';
export { VoucherStateBadge } from './components/voucher-state-badge';
export { hasPendingRefund, orderNumber, REFUND_POLL_MS, stateOfStatus, validityStatement } from './voucher-display';
