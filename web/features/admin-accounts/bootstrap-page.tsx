/** /admin/bootstrap (docs/product/screens.md#superadmin-bootstrap): creates the first superadmin from a phone and the server's bootstrap secret, in development only. */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { FormPage } from '../../components/ui/form-page';
import { InfoIcon, ShieldCheckIcon } from '../../components/ui/icons';
import { toast } from '../../components/ui/toast';
import { useT } from '../../i18n';
import { formatPhone } from '../../lib/phone';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PasswordField, TextField } from '../../components/ui/field';
import { messageOf } from '../../lib/message-of';
import { useCurrentUser } from '../auth';
import { useBootstrapSuperadmin } from './api/bootstrap';

export default function BootstrapPage() {
  const { t } = useT('adminAccounts');
  useDocumentTitle(t('bootstrapPage.title'));
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const [phone, setPhone] = useState('');
  const [secret, setSecret] = useState('');
  const phoneRef = useRef<HTMLInputElement>(null);
  const secretRef = useRef<HTMLInputElement>(null);
  const bootstrap = useBootstrapSuperadmin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim() || !secret.trim()) {
      toast({ title: t('bootstrapPage.emptyTitle'), description: t('bootstrapPage.emptyDescription'), variant: 'destructive' });
      (phone.trim() ? secretRef : phoneRef).current?.focus();
      return;
    }
    bootstrap.mutate(
      { phone, secret },
      {
        onSuccess: (answer) => {
          toast({
            title: t('bootstrapPage.createdTitle'),
            description: t('bootstrapPage.createdDescription', { phone: formatPhone(answer.user.phone) }),
            variant: 'success',
          });
          navigate(paths.adminPromote);
        },
        onError: (error) => toast({ title: t('bootstrapPage.failedTitle'), description: messageOf(error, t('bootstrapPage.unknownError')), variant: 'destructive' }),
      },
    );
  };

  return (
    <FormPage
      back={{ href: paths.home, label: t('bootstrapPage.backHome') }}
      tone="dark"
      icon={<ShieldCheckIcon className="h-6 w-6" />}
      title={t('bootstrapPage.title')}
      subtitle={t('bootstrapPage.subtitle')}
    >

          <div className="mt-6 flex gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
            <InfoIcon className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
            <p>{t('bootstrapPage.devOnly')}</p>
          </div>

          {user?.role === 'superadmin' ? (
            <p className="mt-4 text-sm text-slate-700">
              {t('bootstrapPage.alreadySuperadmin')}{' '}
              <Link href={paths.adminPromote} className="text-link font-semibold">
                {t('bootstrapPage.goToPromote')}
              </Link>
            </p>
          ) : null}

          <form noValidate onSubmit={submit} className="mt-6 grid gap-4">
            <TextField
              ref={phoneRef}
              label={t('bootstrapPage.phoneLabel')}
              hint={t('bootstrapPage.phoneHint')}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              type="tel"
              autoComplete="tel"
              placeholder="5551234567"
            />
            <PasswordField
              ref={secretRef}
              label={t('bootstrapPage.secretLabel')}
              hint={t('bootstrapPage.secretHint')}
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
              autoComplete="off"
              showLabel={t('bootstrapPage.showSecret')}
              hideLabel={t('bootstrapPage.hideSecret')}
            />
            <Button type="submit" size="lg" disabled={bootstrap.isPending} className="mt-1">
              {bootstrap.isPending ? t('bootstrapPage.creating') : t('bootstrapPage.submit')}
            </Button>
          </form>
    </FormPage>
  );
}
