/**
 * The merchant's deal form in the language of the merchant's screens (English until another is chosen): its labels,
 * hints and what its checks say, from the catalogue (merchantDeal:dealForm). Each is read when the form needs it.
 */
import { GROUP_SIZE_MAX, GROUP_SIZE_MIN, GROUP_WINDOW_HOURS_MAX } from '../../../contract/constants';
import { formatLanguage, translate, type Language } from '../../i18n';
import { formatMoney } from '../../lib/money';
import { formatCount } from '../../lib/numbers';
import { DEAL_LIMITS, DEAL_PHOTOS_MAX, photoManagerWords, type DealFieldsText, type DealFormMessages, type DealPreviewWords } from '../admin-catalog';

/** The form's labels and hints in the current language. */
export function dealFieldsText(): DealFieldsText {
  return {
    labels: {
      title: translate('merchantDeal:dealForm.labels.title'),
      price: translate('merchantDeal:dealForm.labels.price'),
      originalPrice: translate('merchantDeal:dealForm.labels.originalPrice'),
      inventory: translate('merchantDeal:dealForm.labels.inventory'),
      maxPerUser: translate('merchantDeal:dealForm.labels.maxPerUser'),
      validFrom: translate('merchantDeal:dealForm.labels.validFrom'),
      validUntil: translate('merchantDeal:dealForm.labels.validUntil'),
      imageUrl: translate('merchantDeal:dealForm.labels.imageUrl'),
      description: translate('merchantDeal:dealForm.labels.description'),
      redemptionInstructions: translate('merchantDeal:dealForm.labels.redemptionInstructions'),
      termsConditions: translate('merchantDeal:dealForm.labels.termsConditions'),
      groupSize: translate('merchantDeal:dealForm.labels.groupSize'),
      groupPrice: translate('merchantDeal:dealForm.labels.groupPrice'),
      groupWindowHours: translate('merchantDeal:dealForm.labels.groupWindowHours'),
      categoryId: translate('merchantDeal:dealForm.labels.categoryId'),
      galleryUrls: translate('merchantDeal:dealForm.labels.galleryUrls'),
    },
    hints: {
      originalPrice: translate('merchantDeal:dealForm.hints.originalPrice'),
      inventory: translate('merchantDeal:dealForm.hints.inventory'),
      maxPerUser: translate('merchantDeal:dealForm.hints.maxPerUser'),
      validity: translate('merchantDeal:dealForm.hints.validity'),
      imageUrl: translate('merchantDeal:dealForm.hints.imageUrl'),
      description: translate('merchantDeal:dealForm.hints.description'),
      redemptionInstructions: translate('merchantDeal:dealForm.hints.redemptionInstructions'),
      termsConditions: translate('merchantDeal:dealForm.hints.termsConditions'),
      groupSize: translate('merchantDeal:dealForm.hints.groupSize'),
      groupPrice: translate('merchantDeal:dealForm.hints.groupPrice'),
      groupWindowHours: translate('merchantDeal:dealForm.hints.groupWindowHours'),
      categoryId: translate('merchantDeal:dealForm.hints.categoryId'),
    },
    editor: {
      toolbar: translate('merchantDeal:dealForm.editor.toolbar'),
      heading: translate('merchantDeal:dealForm.editor.heading'),
      subheading: translate('merchantDeal:dealForm.editor.subheading'),
      bold: translate('merchantDeal:dealForm.editor.bold'),
      italic: translate('merchantDeal:dealForm.editor.italic'),
      bulletList: translate('merchantDeal:dealForm.editor.bulletList'),
      numberedList: translate('merchantDeal:dealForm.editor.numberedList'),
      link: translate('merchantDeal:dealForm.editor.link'),
      linkDialog: {
        title: translate('merchantDeal:dealForm.editor.linkDialog.title'),
        address: translate('merchantDeal:dealForm.editor.linkDialog.address'),
        hint: translate('merchantDeal:dealForm.editor.linkDialog.hint'),
        apply: translate('merchantDeal:dealForm.editor.linkDialog.apply'),
        remove: translate('merchantDeal:dealForm.editor.linkDialog.remove'),
        cancel: translate('merchantDeal:dealForm.editor.linkDialog.cancel'),
        close: translate('merchantDeal:dealForm.editor.linkDialog.close'),
        invalid: translate('merchantDeal:dealForm.editor.linkDialog.invalid'),
      },
    },
    category: { none: translate('merchantDeal:dealForm.category.none'), loading: translate('merchantDeal:dealForm.category.loading') },
    photos: photoManagerWords((key, values) => translate(`merchantDeal:dealForm.photos.${key}`, values), DEAL_PHOTOS_MAX),
    group: {
      legend: translate('merchantDeal:dealForm.group.legend'),
      description: translate('merchantDeal:dealForm.group.description'),
    },
    refunds: {
      legend: translate('merchantDeal:dealForm.refunds.legend'),
      refundAnytime: translate('merchantDeal:dealForm.refunds.refundAnytime'),
      autoRefundOnExpiry: translate('merchantDeal:dealForm.refunds.autoRefundOnExpiry'),
      // The switches carry the names the deal page gives the promises.
      names: { refundAnytime: translate('deals:refunds.anytime'), autoRefundOnExpiry: translate('deals:refunds.autoRefund'), lang: formatLanguage() },
    },
  };
}

/** The preview's words in the current language. */
export function dealPreviewWords(): DealPreviewWords {
  const word = (key: keyof DealPreviewWords) => translate(`merchantDeal:dealForm.preview.${key}`);
  return {
    button: word('button'),
    title: word('title'),
    description: word('description'),
    about: word('about'),
    terms: word('terms'),
    howToRedeem: word('howToRedeem'),
    close: word('close'),
    untitled: word('untitled'),
  };
}

/** What the checks say, in the current language or in the one given. */
export function dealFormMessages(lng?: Language): DealFormMessages {
  const options = (params: Record<string, unknown> = {}) => (lng ? { ...params, lng } : params);
  const longText = { max: formatCount(DEAL_LIMITS.richText) };
  return {
    titleRequired: translate('merchantDeal:dealForm.errors.titleRequired', options()),
    titleTooLong: translate('merchantDeal:dealForm.errors.titleTooLong', options({ max: formatCount(DEAL_LIMITS.title) })),
    price: {
      required: translate('merchantDeal:dealForm.errors.priceRequired', options()),
      invalid: translate('merchantDeal:dealForm.errors.priceInvalid', options()),
      negative: translate('merchantDeal:dealForm.errors.priceNegative', options()),
      tooLarge: translate('merchantDeal:dealForm.errors.priceTooLarge', options()),
    },
    priceBelowMinimum: translate('merchantDeal:dealForm.errors.priceBelowMinimum', options({ zero: formatMoney(0), min: formatMoney(DEAL_LIMITS.minChargeCents) })),
    originalPrice: {
      required: translate('merchantDeal:dealForm.errors.originalPriceRequired', options()),
      invalid: translate('merchantDeal:dealForm.errors.originalPriceInvalid', options()),
      negative: translate('merchantDeal:dealForm.errors.originalPriceNegative', options()),
      tooLarge: translate('merchantDeal:dealForm.errors.originalPriceTooLarge', options()),
    },
    imageUrlInvalid: translate('merchantDeal:dealForm.errors.imageUrlInvalid', options()),
    imageUrlTooLong: translate('merchantDeal:dealForm.errors.imageUrlTooLong', options()),
    inventory: translate('merchantDeal:dealForm.errors.inventory', options()),
    maxPerUser: translate('merchantDeal:dealForm.errors.maxPerUser', options()),
    tooLarge: (max) => translate('merchantDeal:dealForm.errors.tooLarge', options({ max })),
    dateTime: translate('merchantDeal:dealForm.errors.dateTime', options()),
    untilBeforeFrom: translate('merchantDeal:dealForm.errors.untilBeforeFrom', options()),
    descriptionTooLong: translate('merchantDeal:dealForm.errors.descriptionTooLong', options(longText)),
    redemptionInstructionsTooLong: translate('merchantDeal:dealForm.errors.redemptionInstructionsTooLong', options(longText)),
    termsConditionsTooLong: translate('merchantDeal:dealForm.errors.termsConditionsTooLong', options(longText)),
    groupSize: translate('merchantDeal:dealForm.errors.groupSize', options({ min: formatCount(GROUP_SIZE_MIN), max: formatCount(GROUP_SIZE_MAX) })),
    groupSizeRequired: translate('merchantDeal:dealForm.errors.groupSizeRequired', options()),
    groupPrice: {
      required: translate('merchantDeal:dealForm.errors.groupPriceRequired', options()),
      invalid: translate('merchantDeal:dealForm.errors.groupPriceInvalid', options()),
      negative: translate('merchantDeal:dealForm.errors.groupPriceNegative', options()),
      tooLarge: translate('merchantDeal:dealForm.errors.groupPriceTooLarge', options()),
    },
    groupPriceNotBelow: translate('merchantDeal:dealForm.errors.groupPriceNotBelow', options({ zero: formatMoney(0) })),
    groupPriceBelowMinimum: translate('merchantDeal:dealForm.errors.groupPriceBelowMinimum', options({ min: formatMoney(DEAL_LIMITS.minChargeCents) })),
    groupWindowHours: translate('merchantDeal:dealForm.errors.groupWindowHours', options({ max: formatCount(GROUP_WINDOW_HOURS_MAX) })),
    galleryUrlInvalid: (n) => translate('merchantDeal:dealForm.errors.galleryUrlInvalid', options({ n })),
  };
}

/**
 * What the checks say in English whatever the language chosen (as docs/product/screens.md quotes them), read when a
 * check reads it: the catalogues load after this module.
 */
export const DEAL_FORM_MESSAGES_EN: DealFormMessages = new Proxy({} as DealFormMessages, {
  get: (_target, field) => dealFormMessages('en')[field as keyof DealFormMessages],
});
