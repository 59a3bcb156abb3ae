/** What other features and the app use of auth: the current user, the sign-in dialogs, account forms and calls. */
export { currentUserQueryKey, useCurrentUser } from './api/get-current-user';
export { useChangePassword } from './api/change-password';
export { useLogout } from './api/logout';
export { useStartSession } from './api/start-session';
export { useUpdateEmail } from './api/update-user';
export { useVerifyEmail } from './api/verify-email';
export { AuthDialogsHost, preloadAuthDialogs } from './auth-dialogs-host';
export { closeAuthDialog, getAuthDialogState, openLoginDialog } from './login-dialog-store';
export { useCountdown } from './use-countdown';
export { useRequireSignIn, type SignInGate } from './use-require-sign-in';
export { checkPasswordChange, sanitizeCode, type PasswordField as PasswordChangeField } from './validation';
