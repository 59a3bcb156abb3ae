/** The merchant's deal form in English, the language of the merchant's screens: its labels, hints and what its checks say. */
import { DEAL_GALLERY_MAX, GROUP_SIZE_MAX, GROUP_SIZE_MIN, GROUP_WINDOW_HOURS_MAX } from '../../../contract/constants';
import { formatCount } from '../../lib/numbers';
import { DEAL_LIMITS, type DealFieldsText, type DealFormMessages } from '../admin-catalog';

export const DEAL_FIELDS_EN: DealFieldsText = {
  labels: {
    title: 'Title',
    price: 'Price (USD)',
    originalPrice: 'Original price (USD)',
    inventory: 'Stock',
    maxPerUser: 'Limit per customer',
    validFrom: 'Valid from',
    validUntil: 'Valid until',
    imageUrl: 'Picture address',
    description: 'Description (HTML)',
    redemptionInstructions: 'How to redeem (HTML)',
    termsConditions: 'Terms and conditions (HTML)',
    groupSize: 'Group size',
    groupPrice: 'Group price (USD)',
    groupWindowHours: 'Hours to fill',
    categoryId: 'Category',
    galleryUrls: 'More photos',
  },
  hints: {
    originalPrice: 'Optional; shown struck through beside the price',
    inventory: '0 means no limit',
    maxPerUser: 'The most one customer may buy',
    validity: 'Leave empty for no limit; in your local time',
    imageUrl: 'An https:// address of a picture, or a path on this site such as /images/deals/spa-day.svg',
    description: 'Basic tags such as <p>, <ul> and <strong> are kept',
    redemptionInstructions: 'How customers use their voucher at your place',
    termsConditions: 'Booking, opening times and other conditions',
    groupSize: '2 to 10 people; leave empty for no group offer',
    groupPrice: 'What each member pays; below the price',
    groupWindowHours: 'How long a group has to fill up (default 24)',
    categoryId: 'Shoppers can filter deals by category',
  },
  category: { none: 'No category', loading: 'Loading categories…' },
  gallery: {
    description: `Shown after the main picture, at most ${DEAL_GALLERY_MAX}; each an https:// address or a path on this site.`,
    photo: (n) => `Photo ${n}`,
    add: 'Add a photo',
    remove: (n) => `Remove photo ${n}`,
  },
  group: {
    legend: 'Group price',
    description: 'Give a group size and a group price to sell this deal to groups too. A group that does not fill in time is refunded in full.',
  },
  refunds: {
    legend: 'Refunds',
    refundAnytime: 'Customers may ask for their money back at any time before they use the voucher.',
    autoRefundOnExpiry: 'A voucher that expires unused is refunded in full, automatically.',
  },
};

const money = (name: string) => ({
  required: `Please enter the ${name}`,
  invalid: `Please enter a valid ${name}`,
  negative: `The ${name} must not be negative`,
  tooLarge: `The ${name} is too large`,
});

const longText = (name: string) => `The ${name} must be at most ${formatCount(DEAL_LIMITS.richText)} characters`;

export const DEAL_FORM_MESSAGES_EN: DealFormMessages = {
  titleRequired: 'Please enter a title',
  titleTooLong: `The title must be at most ${DEAL_LIMITS.title} characters`,
  price: money('price'),
  originalPrice: money('original price'),
  imageUrlInvalid: 'The picture address must start with http:// or https://, or be a path on this site',
  imageUrlTooLong: 'The picture address is too long',
  inventory: 'Stock must be a whole number, 0 or more',
  maxPerUser: 'The limit must be a whole number, 1 or more',
  tooLarge: (max) => `Must be at most ${max}`,
  dateTime: 'Please enter a valid date and time',
  untilBeforeFrom: 'The end must not be before the start',
  descriptionTooLong: longText('description'),
  redemptionInstructionsTooLong: longText('redemption instructions'),
  termsConditionsTooLong: longText('terms'),
  groupSize: `The group size must be a whole number from ${GROUP_SIZE_MIN} to ${GROUP_SIZE_MAX}`,
  groupSizeRequired: 'Please enter the group size too, or clear the group price',
  groupPrice: money('group price'),
  groupPriceNotBelow: 'The group price must be above $0.00 and below the price',
  groupWindowHours: `The hours to fill must be a whole number from 1 to ${GROUP_WINDOW_HOURS_MAX}`,
  galleryUrlInvalid: (n) => `Photo ${n} must be an http:// or https:// address, or a path on this site`,
};
