/** What other features use of deal and merchant management: the deal form's fields and checks (a merchant's own deal form shares them), deal states, and the merchants list. */
export { adminMerchantsQueryOptions } from './api/get-admin-merchants';
export { DEAL_PHOTOS_MAX, DealFields, dealPhotoFields, dealPhotos, type DealFieldsText } from './components/deal-fields';
export { photoManagerWords } from './photo-words';
export { DealPreview, type DealPreviewWords } from './components/deal-preview';
export { DealThumb } from './components/deal-thumb';
export {
  DEAL_FORM_FIELD_OF,
  DEAL_LIMITS,
  dealFieldsBody,
  dealFieldsFrom,
  emptyDealFields,
  validateDealFields,
  type DealFieldValues,
  type DealFormErrors,
  type DealFormMessages,
} from './deal-form';
export { dealState, type DealState } from './deal-status';
