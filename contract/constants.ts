/** Business constants (docs/product/constants.md), in one place for the server and the web app. */

export const SMS_CODE_LENGTH = 6;
export const PHONE_MIN_LENGTH = 10;
export const PASSWORD_MIN_LENGTH = 6;
export const VOUCHER_CODE_LENGTH = 8;
/** Voucher code alphabet: uppercase letters and digits without the look-alikes 0, O, 1 and I (ADR 014). */
export const VOUCHER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const VOUCHER_PIN_LENGTH = 6;
export const SCAN_CODE_MIN_LENGTH = 8;
export const VOUCHER_VALID_DAYS = 30;

export const DEFAULT_MAX_PER_USER = 1;
export const DEFAULT_INVENTORY = 0;

export const PAYMENT_STATUS_POLL_MS = 2000;
export const SUCCESS_BANNER_MS = 5000;
export const COPY_CONFIRM_MS = 2000;
export const SIMULATED_SCAN_MS = 1500;
export const SIMULATED_PAYMENT_MS = 2000;
export const MERCHANT_CREATED_TOAST_MS = 10_000;

export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const QUERY_STALE_MS = 5 * 60 * 1000;
export const QUERY_GC_MS = 10 * 60 * 1000;

export const PRELOADED_DEAL_IMAGES = 6;
export const SKELETON_CARDS = 3;
export const REVIEWS_SHOWN = 3;
export const DEMO_REVIEWS_PER_DEAL = 8;

/** Deals per page on the home grid: a multiple of the 1, 2 and 3 column layouts. */
export const HOME_DEALS_PAGE_SIZE = 24;
/** Deals per page on a store page: a multiple of the 1, 2 and 3 column layouts too. */
export const STORE_DEALS_PAGE_SIZE = 12;
/** How long the server waits for a page's first answers before it sends the page without them (contract/first-answers.ts). */
export const FIRST_ANSWERS_WAIT_MS = 250;

export const DEAL_LIST_DEFAULT_LIMIT = 60;
export const DEAL_LIST_MAX_LIMIT = 100;
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Extra photos a deal may show after its main image (`galleryUrls`). */
export const DEAL_GALLERY_MAX = 8;
/** Photos a merchant may show (`photoUrls`, the cover first). */
export const MERCHANT_PHOTOS_MAX = 8;

export const CHECKOUT_HOLD_MINUTES = 30;
/** Group deals (docs/product/rules.md#group-deals): people per group, hours to fill up, how often a group's page refreshes. */
export const GROUP_SIZE_MIN = 2;
export const GROUP_SIZE_MAX = 10;
export const GROUP_WINDOW_HOURS_DEFAULT = 24;
export const GROUP_WINDOW_HOURS_MAX = 168;
export const GROUP_POLL_MS = 5000;
/** Open groups a deal's page lists at most, those closing soonest first. */
export const OPEN_GROUPS_SHOWN = 5;
export const SESSION_IDLE_DAYS = 30;
export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_RESEND_COOLDOWN_SECONDS = 60;
export const EMAIL_CODE_TTL_MINUTES = 15;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const EMAIL_RESEND_COOLDOWN_SECONDS = 60;
/** Email codes one account may be sent per hour. */
export const EMAIL_CODES_PER_HOUR = 5;
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 15;
/** How long a merchant may take back its own redemption (a mistaken scan). */
export const REDEMPTION_UNDO_MINUTES = 10;
/** The SMS reminder of an unused voucher goes out this many days before it expires. */
export const VOUCHER_EXPIRY_REMINDER_DAYS = 3;
/** How often each server runs the expiry sweep (reminders, expiry, automatic refunds). */
export const EXPIRY_SWEEP_INTERVAL_SECONDS = 60;
/** Orders per page of GET /api/user/orders; matches per answer of GET /api/admin/orders. */
export const ORDER_LIST_LIMIT = 20;
/** Ledger rows per page of GET /api/admin/ledger. */
export const LEDGER_PAGE_LIMIT = 50;

export const PLACEHOLDER_MAX_SIDE = 2000;

/** Order numbers are shown as the first 8 characters of the order id. */
export const ORDER_NUMBER_LENGTH = 8;

export const REDEMPTION_LOG_DATE_FORMAT = 'MMM dd, yyyy HH:mm';

/** The answer header that carries the cursor of a list's next page, absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** A merchant's commission when the superadmin has set none: 10%, in basis points (ADR 028). */
export const DEFAULT_COMMISSION_BPS = 1000;
/** Days the merchant home's charts cover, today included. */
export const MERCHANT_CHART_DAYS = 30;
/** Redemptions the redeem screen lists as recent. */
export const MERCHANT_RECENT_REDEMPTIONS = 10;
/**
 * A week's statement is drawn up this long after the week ends (Monday 00:00 UTC), so that a
 * redemption undone in its last minutes and the expiry sweep's last run are settled first.
 */
export const STATEMENT_CLOSE_DELAY_MINUTES = 60;
/** Staff accounts one merchant may have. */
export const MERCHANT_STAFF_LIMIT = 20;

/** A checkout's size (docs/product/rules.md#buying-a-deal): here, free of the schemas, so a screen can read them without zod. */
export const MAX_CHECKOUT_LINES = 20;
export const MAX_UNITS_PER_LINE = 100;
/** The largest total a card payment provider takes in one payment (Stripe: $999,999.99), in cents. */
export const MAX_CHECKOUT_TOTAL_CENTS = 99_999_999;
/**
 * The least a card payment can be: Stripe charges nothing below $0.50. A deal's price is 0 (a free
 * deal, whose vouchers are issued without the provider) or at least this; a group price, always
 * paid, is at least this.
 */
export const MIN_CHARGE_CENTS = 50;

/** The header that carries the bootstrap secret (ADR 018). */
export const BOOTSTRAP_SECRET_HEADER = 'x-bootstrap-secret';

/** The `code` of the refusal of a staff account for a phone that already has an account, which the form places under the phone. */
export const STAFF_PHONE_TAKEN_CODE = 'phone_taken';

/** The code of the 403 an account gets while it must still replace a password it did not choose (ADR 006). */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';

/*
 * Field limits (docs/product/constants.md): the lengths and ranges the schemas of contract/ check, here, free of
 * zod, so that the web forms check (and stop typing at) the same numbers. SEARCH_QUERY_MAX_LENGTH,
 * DEAL_GALLERY_MAX, the group's, the checkout's and MIN_CHARGE_CENTS above are limits too.
 */
/** Phones: at most this many characters once normalised (digits and an optional leading +). */
export const PHONE_MAX_LENGTH = 16;
export const PASSWORD_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
/** A list's paging cursor as sent back (the ledger's is a `seq`, shorter). */
export const CURSOR_MAX_LENGTH = 200;
export const LEDGER_CURSOR_MAX_LENGTH = 40;
export const MERCHANT_NAME_MAX_LENGTH = 120;
export const MERCHANT_ADDRESS_MAX_LENGTH = 300;
export const MERCHANT_DESCRIPTION_MAX_LENGTH = 2000;
export const MERCHANT_CITY_MAX_LENGTH = 100;
/** A commission rate, in basis points: at most 100%. */
export const COMMISSION_BPS_MAX = 10_000;
/** Degrees either side of zero. */
export const LATITUDE_MAX = 90;
export const LONGITUDE_MAX = 180;
export const DEAL_TITLE_MAX_LENGTH = 200;
/** A deal's description, redemption instructions and terms, each. */
export const DEAL_TEXT_MAX_LENGTH = 20_000;
/** A picture's address (the main image and each of the more photos). */
export const IMAGE_URL_MAX_LENGTH = 2000;
/** A price, an original price or a price filter, in cents. */
export const PRICE_MAX_CENTS = 100_000_000;
export const INVENTORY_MAX = 10_000_000;
export const MAX_PER_USER_MAX = 1000;
/** Why a superadmin turned a proposed deal down. */
export const REJECTION_REASON_MAX_LENGTH = 1000;
export const CATEGORY_SLUG_MAX_LENGTH = 60;
export const CATEGORY_NAME_MAX_LENGTH = 60;
export const CATEGORY_ICON_MAX_LENGTH = 40;
export const CATEGORY_POSITION_MAX = 10_000;
/** The built-in test provider's card form. */
export const CARDHOLDER_NAME_MAX_LENGTH = 100;
/** A review: its rating from 1 to 5 stars (a minimum-rating filter too) and its comment. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_COMMENT_MAX_LENGTH = 1000;
/** Why a voucher is refunded, by its owner or a superadmin. */
export const REFUND_REASON_MAX_LENGTH = 500;
/** What a superadmin did about a refund that needs attention. */
export const ATTENTION_NOTE_MAX_LENGTH = 500;
/** The customer-service search box. */
export const ORDER_SEARCH_MAX_LENGTH = 100;
/** Page sizes a caller may ask for: orders, ledger rows, redemption log rows (50 unless asked). */
export const ORDER_LIST_MAX_LIMIT = 100;
export const LEDGER_PAGE_MAX_LIMIT = 200;
export const REDEMPTION_LOG_MAX_LIMIT = 200;
export const REDEMPTION_LOG_DEFAULT_LIMIT = 50;
/** A code typed at redemption, as the wire takes it (the form stops at VOUCHER_CODE_LENGTH). */
export const REDEMPTION_CODE_MAX_LENGTH = 32;
export const STAFF_NAME_MAX_LENGTH = 80;
export const PAYOUT_REFERENCE_MAX_LENGTH = 120;

/**
 * What a user is told (ADR 038), each kind under one topic that the user may switch off per channel in the
 * profile; the bell lists every kind whatever the choice. The merchant topic reaches merchant owners only.
 */
export const NOTIFICATION_KIND_VALUES = [
  'vouchers_issued',
  'refund_succeeded',
  'refund_failed',
  'group_formed',
  'group_failed',
  'expiry_reminder',
  'proposal_approved',
  'proposal_rejected',
  'statement_ready',
  'payout_recorded',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KIND_VALUES)[number];
export const NOTIFICATION_TOPIC_VALUES = ['orders', 'groups', 'reminders', 'merchant'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPIC_VALUES)[number];
export const NOTIFICATION_CHANNEL_VALUES = ['sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNEL_VALUES)[number];
export const NOTIFICATION_TOPIC_OF: Record<NotificationKind, NotificationTopic> = {
  vouchers_issued: 'orders',
  refund_succeeded: 'orders',
  refund_failed: 'orders',
  group_formed: 'groups',
  group_failed: 'groups',
  expiry_reminder: 'reminders',
  proposal_approved: 'merchant',
  proposal_rejected: 'merchant',
  statement_ready: 'merchant',
  payout_recorded: 'merchant',
};
/** The bell's page size, and the most a caller may ask for. */
export const NOTIFICATION_PAGE_DEFAULT_LIMIT = 20;
export const NOTIFICATION_PAGE_MAX_LIMIT = 100;
/** A send is tried this many times, waiting NOTIFICATION_RETRY_BASE_SECONDS × 4^(tries − 1) between tries, then listed as failed. */
export const NOTIFICATION_MAX_ATTEMPTS = 5;
export const NOTIFICATION_RETRY_BASE_SECONDS = 60;
