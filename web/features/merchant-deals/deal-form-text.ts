/**
 * The merchant's deal form in the language of the merchant's screens (English until another is chosen): its labels,
 * hints and what its checks say, from the catalogue (merchant:dealForm). Each is read when the form needs it.
 */
import { DEAL_GALLERY_MAX, GROUP_SIZE_MAX, GROUP_SIZE_MIN, GROUP_WINDOW_HOURS_MAX } from '../../../contract/constants';
import { formatLanguage, translate, type Language } from '../../i18n';
import { formatMoney } from '../../lib/money';
import { formatCount } from '../../lib/numbers';
import { DEAL_LIMITS, type DealFieldsText, type DealFormMessages } from '../admin-catalog';

/** The form's labels and hints in the current language. */
export function dealFieldsText(): DealFieldsText {
  return {
    labels: {
      title: translate('merchant:dealForm.labels.title'),
      price: translate('merchant:dealForm.labels.price'),
      originalPrice: translate('merchant:dealForm.labels.originalPrice'),
      inventory: translate('merchant:dealForm.labels.inventory'),
      maxPerUser: translate('merchant:dealForm.labels.maxPerUser'),
      validFrom: translate('merchant:dealForm.labels.validFrom'),
      validUntil: translate('merchant:dealForm.labels.validUntil'),
      imageUrl: translate('merchant:dealForm.labels.imageUrl'),
      description: translate('merchant:dealForm.labels.description'),
      redemptionInstructions: translate('merchant:dealForm.labels.redemptionInstructions'),
      termsConditions: translate('merchant:dealForm.labels.termsConditions'),
      groupSize: translate('merchant:dealForm.labels.groupSize'),
      groupPrice: translate('merchant:dealForm.labels.groupPrice'),
      groupWindowHours: translate('merchant:dealForm.labels.groupWindowHours'),
      categoryId: translate('merchant:dealForm.labels.categoryId'),
      galleryUrls: translate('merchant:dealForm.labels.galleryUrls'),
    },
    hints: {
      originalPrice: translate('merchant:dealForm.hints.originalPrice'),
      inventory: translate('merchant:dealForm.hints.inventory'),
      maxPerUser: translate('merchant:dealForm.hints.maxPerUser'),
      validity: translate('merchant:dealForm.hints.validity'),
      imageUrl: translate('merchant:dealForm.hints.imageUrl'),
      description: translate('merchant:dealForm.hints.description'),
      redemptionInstructions: translate('merchant:dealForm.hints.redemptionInstructions'),
      termsConditions: translate('merchant:dealForm.hints.termsConditions'),
      groupSize: translate('merchant:dealForm.hints.groupSize'),
      groupPrice: translate('merchant:dealForm.hints.groupPrice'),
      groupWindowHours: translate('merchant:dealForm.hints.groupWindowHours'),
      categoryId: translate('merchant:dealForm.hints.categoryId'),
    },
    category: { none: translate('merchant:dealForm.category.none'), loading: translate('merchant:dealForm.category.loading') },
    gallery: {
      description: translate('merchant:dealForm.gallery.description', { max: formatCount(DEAL_GALLERY_MAX) }),
      photo: (n) => translate('merchant:dealForm.gallery.photo', { n }),
      add: translate('merchant:dealForm.gallery.add'),
      remove: (n) => translate('merchant:dealForm.gallery.remove', { n }),
    },
    group: {
      legend: translate('merchant:dealForm.group.legend'),
      description: translate('merchant:dealForm.group.description'),
    },
    refunds: {
      legend: translate('merchant:dealForm.refunds.legend'),
      refundAnytime: translate('merchant:dealForm.refunds.refundAnytime'),
      autoRefundOnExpiry: translate('merchant:dealForm.refunds.autoRefundOnExpiry'),
      // The switches carry the names the deal page gives the promises.
      names: { refundAnytime: translate('deals:refunds.anytime'), autoRefundOnExpiry: translate('deals:refunds.autoRefund'), lang: formatLanguage() },
    },
  };
}

/** What the checks say, in the current language or in the one given. */
export function dealFormMessages(lng?: Language): DealFormMessages {
  const options = (params: Record<string, unknown> = {}) => (lng ? { ...params, lng } : params);
  const longText = { max: formatCount(DEAL_LIMITS.richText) };
  return {
    titleRequired: translate('merchant:dealForm.errors.titleRequired', options()),
    titleTooLong: translate('merchant:dealForm.errors.titleTooLong', options({ max: formatCount(DEAL_LIMITS.title) })),
    price: {
      required: translate('merchant:dealForm.errors.priceRequired', options()),
      invalid: translate('merchant:dealForm.errors.priceInvalid', options()),
      negative: translate('merchant:dealForm.errors.priceNegative', options()),
      tooLarge: translate('merchant:dealForm.errors.priceTooLarge', options()),
    },
    originalPrice: {
      required: translate('merchant:dealForm.errors.originalPriceRequired', options()),
      invalid: translate('merchant:dealForm.errors.originalPriceInvalid', options()),
      negative: translate('merchant:dealForm.errors.originalPriceNegative', options()),
      tooLarge: translate('merchant:dealForm.errors.originalPriceTooLarge', options()),
    },
    imageUrlInvalid: translate('merchant:dealForm.errors.imageUrlInvalid', options()),
    imageUrlTooLong: translate('merchant:dealForm.errors.imageUrlTooLong', options()),
    inventory: translate('merchant:dealForm.errors.inventory', options()),
    maxPerUser: translate('merchant:dealForm.errors.maxPerUser', options()),
    tooLarge: (max) => translate('merchant:dealForm.errors.tooLarge', options({ max })),
    dateTime: translate('merchant:dealForm.errors.dateTime', options()),
    untilBeforeFrom: translate('merchant:dealForm.errors.untilBeforeFrom', options()),
    descriptionTooLong: translate('merchant:dealForm.errors.descriptionTooLong', options(longText)),
    redemptionInstructionsTooLong: translate('merchant:dealForm.errors.redemptionInstructionsTooLong', options(longText)),
    termsConditionsTooLong: translate('merchant:dealForm.errors.termsConditionsTooLong', options(longText)),
    groupSize: translate('merchant:dealForm.errors.groupSize', options({ min: formatCount(GROUP_SIZE_MIN), max: formatCount(GROUP_SIZE_MAX) })),
    groupSizeRequired: translate('merchant:dealForm.errors.groupSizeRequired', options()),
    groupPrice: {
      required: translate('merchant:dealForm.errors.groupPriceRequired', options()),
      invalid: translate('merchant:dealForm.errors.groupPriceInvalid', options()),
      negative: translate('merchant:dealForm.errors.groupPriceNegative', options()),
      tooLarge: translate('merchant:dealForm.errors.groupPriceTooLarge', options()),
    },
    groupPriceNotBelow: translate('merchant:dealForm.errors.groupPriceNotBelow', options({ zero: formatMoney(0) })),
    groupWindowHours: translate('merchant:dealForm.errors.groupWindowHours', options({ max: formatCount(GROUP_WINDOW_HOURS_MAX) })),
    galleryUrlInvalid: (n) => translate('merchant:dealForm.errors.galleryUrlInvalid', options({ n })),
  };
}

/**
 * What the checks say in English whatever the language chosen (as docs/product/screens.md quotes them), read when a
 * check reads it: the catalogues load after this module.
 */
export const DEAL_FORM_MESSAGES_EN: DealFormMessages = new Proxy({} as DealFormMessages, {
  get: (_target, field) => dealFormMessages('en')[field as keyof DealFormMessages],
});
