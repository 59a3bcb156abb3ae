/** What other features and the app use of vouchers. My Vouchers is loaded on demand by web/app/my-vouchers-screen.tsx, which fills its slot. */
export { CopyCodeButton } from './components/copy-code-button';
export { QrImage } from './components/qr-image';
export { RedeemedQr } from './components/redeemed-qr';
export { VoucherStateNote } from './components/voucher-state-note';
export { shareVoucher, useVoucherTexts } from './voucher-actions';
export { VoucherStateBadge } from './components/voucher-state-badge';
export { hasPendingRefund, isRefundState, orderNumber, redeemableParts, REFUND_POLL_MS, stateOfStatus, validityStatement, voucherState } from './voucher-display';
export { default as MyVouchersPage } from './my-vouchers-page';
