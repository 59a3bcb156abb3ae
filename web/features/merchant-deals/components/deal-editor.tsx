/**
 * The merchant's deal form: the fields of the superadmin's form without the merchant choice, the status or the
 * payment-provider sync. "Save draft" keeps it as it is; "Submit for review" saves it, asks for confirmation and
 * hands it in. A rejected deal shows why, and stays rejected until it is handed in again.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../../contract/routes';
import type { MerchantDeal } from '../../../../contract/workspace';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { focusFirstError, FormFailure, hasErrors } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { fieldRefusal } from '../../../lib/api-client';
import { messageOf } from '../../../lib/message-of';
import {
  DEAL_FORM_FIELD_OF,
  DealFields,
  DealPreview,
  dealFieldsBody,
  dealFieldsFrom,
  emptyDealFields,
  validateDealFields,
  type DealFieldValues,
  type DealFormErrors,
} from '../../admin-catalog';
import { useCreateMerchantDeal } from '../api/create-merchant-deal';
import { useSubmitMerchantDeal } from '../api/submit-merchant-deal';
import { useUpdateMerchantDeal } from '../api/update-merchant-deal';
import { dealFieldsText, dealFormMessages, dealPreviewWords } from '../deal-form-text';

const focusSoon = (form: HTMLFormElement | null) => requestAnimationFrame(() => focusFirstError(form));

export function DealEditor({ deal }: { deal: MerchantDeal | null }) {
  const { t } = useT('merchantDeal');
  const [values, setValues] = useState<DealFieldValues>(() => (deal ? dealFieldsFrom(deal) : emptyDealFields()));
  const [errors, setErrors] = useState<DealFormErrors>({});
  // Fields are checked as they change only after a first attempt, so nobody is scolded while still typing.
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [, navigate] = useLocation();
  const create = useCreateMerchantDeal();
  const update = useUpdateMerchantDeal();
  const submit = useSubmitMerchantDeal();
  const busy = create.isPending || update.isPending || submit.isPending;

  const change = (changes: Partial<DealFieldValues>) => {
    const next = { ...values, ...changes };
    setValues(next);
    if (tried) setErrors(validateDealFields(next, dealFormMessages()));
  };

  /** Runs the checks; false (with the focus on the first problem) when something must be fixed first. */
  const passesChecks = (): boolean => {
    const found = validateDealFields(values, dealFormMessages());
    setErrors(found);
    setTried(true);
    setFailure(null);
    if (hasErrors(found)) focusSoon(formRef.current);
    return !hasErrors(found);
  };

  /** The form as it is now, saved: a new deal is created as a draft, an existing one updated. */
  const save = (): Promise<MerchantDeal> => {
    const body = dealFieldsBody(values);
    return deal ? update.mutateAsync({ id: deal.id, body }) : create.mutateAsync(body);
  };

  /** A refusal that names a field is shown under it; any other above the buttons. */
  const showRefusal = (error: unknown) => {
    const refused = fieldRefusal(error);
    // The merchant is the session's: a refusal naming it has no field here to show under.
    const field = refused ? DEAL_FORM_FIELD_OF[refused.field] : undefined;
    if (refused && field && field !== 'merchantId') {
      setErrors({ [field]: refused.message });
      focusSoon(formRef.current);
      return;
    }
    setFailure(messageOf(error, t('dealEditor.saveFailed')));
  };

  const saveDraft = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !passesChecks()) return;
    try {
      const saved = await save();
      toast({
        title: saved.status === 'rejected' ? t('dealEditor.changesSaved') : t('dealEditor.draftSaved'),
        description: saved.status === 'rejected' ? t('dealEditor.submitAgain') : saved.title,
        variant: 'success',
      });
      // The new draft has an address of its own from now on.
      if (!deal) navigate(paths.merchantDealEdit(saved.id), { replace: true });
    } catch (error) {
      showRefusal(error);
    }
  };

  const askToSubmit = () => {
    if (!busy && passesChecks()) setConfirming(true);
  };

  const saveAndSubmit = async () => {
    let saved: MerchantDeal;
    try {
      saved = await save();
    } catch (error) {
      setConfirming(false);
      showRefusal(error);
      return;
    }
    try {
      await submit.mutateAsync(saved.id);
    } catch (error) {
      setConfirming(false);
      const message = messageOf(error, t('dealEditor.submitFailed'));
      setFailure(message);
      toast({ title: t('dealEditor.notSubmitted'), description: message, variant: 'destructive' });
      if (!deal) navigate(paths.merchantDealEdit(saved.id), { replace: true });
      return;
    }
    setConfirming(false);
    toast({ title: t('dealEditor.submitted'), description: saved.title, variant: 'success' });
    navigate(paths.merchantDeals);
  };

  return (
    <>
      <form ref={formRef} noValidate onSubmit={(event) => void saveDraft(event)} className="grid gap-4 surface p-5 sm:p-8">
        {deal?.status === 'rejected' ? (
          <div className="rounded-xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200">
            <p className="font-semibold">{t('dealEditor.rejectedTitle')}</p>
            {deal.rejectionReason ? <p className="mt-1 break-words whitespace-pre-line">{deal.rejectionReason}</p> : null}
            <p className="mt-2 text-red-800">{t('dealEditor.rejectedHelp')}</p>
          </div>
        ) : null}

        <DealFields values={values} errors={errors} onChange={change} text={dealFieldsText()} />

        <FormFailure message={failure} />

        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <DealPreview values={values} words={dealPreviewWords()} />
          <Button type="submit" variant="outline" disabled={busy}>
            {create.isPending || update.isPending ? t('dealEditor.saving') : t('dealEditor.saveDraft')}
          </Button>
          <Button onClick={askToSubmit} disabled={busy}>
            {t('dealEditor.submit')}
          </Button>
        </div>
      </form>

      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!busy) setConfirming(open);
        }}
        role="alertdialog"
        title={t('dealEditor.confirmTitle')}
        description={t('dealEditor.confirmDescription', { title: values.title.trim() })}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose>
            <Button variant="outline" disabled={busy}>
              {t('dealEditor.cancel')}
            </Button>
          </DialogClose>
          <Button onClick={() => void saveAndSubmit()} disabled={busy}>
            {busy ? t('dealEditor.submitting') : t('dealEditor.submit')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
