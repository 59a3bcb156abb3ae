/**
 * /merchant/store (owner): what the merchant's store page (/store/{merchantId}) shows, kept by its owner: the photos,
 * uploaded from the device or the camera, put in order with the cover first, and a plain-text description. Saving
 * answers with a toast; a refusal of the server shows under the field it names, or above the buttons.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { MERCHANT_DESCRIPTION_MAX_LENGTH, MERCHANT_PHOTOS_MAX } from '../../../contract/constants';
import { paths } from '../../../contract/routes';
import type { MerchantStore } from '../../../contract/workspace';
import { PhotoManager } from '../../components/photo-manager';
import { Button, buttonClasses } from '../../components/ui/button';
import { Field, FormFailure, Textarea, focusFirstError } from '../../components/ui/field';
import { StoreIcon } from '../../components/ui/icons';
import { LoadFailed, StatePanel } from '../../components/ui/panel';
import { toast } from '../../components/ui/toast';
import { useT } from '../../i18n';
import { fieldRefusal } from '../../lib/api-client';
import { messageOf } from '../../lib/message-of';
import { formatCount } from '../../lib/numbers';
import { useDocumentTitle } from '../../lib/use-document-title';
import { photoManagerWords } from '../admin-catalog';
import { OwnerPage } from '../merchant-access';
import { merchantStoreQueryOptions, useSaveMerchantStore } from './api/store';

interface Errors {
  description?: string;
  photoUrls?: string;
}

function StoreForm({ store }: { store: MerchantStore }) {
  const { t } = useT('merchant');
  const save = useSaveMerchantStore();
  const formRef = useRef<HTMLFormElement>(null);
  const [description, setDescription] = useState(store.description);
  const [photoUrls, setPhotoUrls] = useState(store.photoUrls);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const max = formatCount(MERCHANT_DESCRIPTION_MAX_LENGTH);
  const length = description.trim().length;

  const showErrors = (next: Errors) => {
    setErrors(next);
    requestAnimationFrame(() => focusFirstError(formRef.current));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    if (length > MERCHANT_DESCRIPTION_MAX_LENGTH) {
      showErrors({ description: t('storePage.descriptionTooLong', { max }) });
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ description, photoUrls });
      setDescription(saved.description);
      setPhotoUrls(saved.photoUrls);
      toast({ title: t('storePage.saved'), description: saved.name, variant: 'success' });
    } catch (error) {
      const refused = fieldRefusal(error);
      if (refused && (refused.field === 'description' || refused.field === 'photoUrls')) {
        showErrors({ [refused.field]: refused.message });
        return;
      }
      const message = messageOf(error, t('storePage.saveFailed'));
      setFailure(message);
      toast({ title: t('storePage.notSaved'), description: message, variant: 'destructive' });
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="grid min-w-0 gap-6 surface p-4 sm:p-8" aria-busy={save.isPending || undefined}>
      <PhotoManager
        id="store-photos"
        value={photoUrls}
        onChange={(urls) => {
          setPhotoUrls(urls);
          setErrors(({ photoUrls: _gone, ...rest }) => rest);
        }}
        max={MERCHANT_PHOTOS_MAX}
        words={photoManagerWords((key, values) => t(`storePage.photos.${key}`, values), MERCHANT_PHOTOS_MAX)}
        error={errors.photoUrls}
      />
      <Field
        id="store-description"
        label={t('storePage.description')}
        error={errors.description}
        hint={
          <>
            {t('storePage.descriptionHint')}{' '}
            <span className={length > MERCHANT_DESCRIPTION_MAX_LENGTH ? 'font-semibold text-red-700' : undefined}>
              {t('storePage.descriptionCount', { n: formatCount(length), max })}
            </span>
          </>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              if (errors.description) setErrors(({ description: _gone, ...rest }) => rest);
            }}
          />
        )}
      </Field>
      <FormFailure message={failure} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('storePage.saving') : t('storePage.save')}
        </Button>
        <Link href={paths.store(store.merchantId)} className={buttonClasses('outline')}>
          <StoreIcon className="h-4 w-4" />
          {t('storePage.view')}
        </Link>
      </div>
    </form>
  );
}

function StoreEditor() {
  const { t } = useT('merchant');
  const store = useQuery(merchantStoreQueryOptions);
  if (store.isPending) return <StatePanel state="loading" title={t('storePage.loading')} />;
  if (store.isError) return <LoadFailed title={t('storePage.loadFailed')} onRetry={() => void store.refetch()} />;
  return <StoreForm key={store.data.merchantId} store={store.data} />;
}

export default function MerchantStorePage() {
  const { t } = useT('merchant');
  useDocumentTitle(t('storePage.title'));
  return (
    <OwnerPage title={t('storePage.title')} intro={t('storePage.intro')}>
      <StoreEditor />
    </OwnerPage>
  );
}
