/**
 * The category form, to create a category or change one (docs/product/screens.md#category-management): slug on
 * create, English name, Chinese name, icon and position; and the confirmation before a category is deleted.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { AdminCategory } from '../../../../contract/categories';
import { CATEGORY_NAME_MAX_LENGTH, CATEGORY_POSITION_MAX } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, focusFirstError, hasErrors, Input } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { fieldRefusal, isApiError } from '../../../lib/api-client';
import { useCreateCategory, useDeleteCategory, useUpdateCategory } from '../api/admin-categories';
import {
  CATEGORY_FORM_FIELD_OF,
  categoryFormFrom,
  createCategoryBody,
  emptyCategoryForm,
  updateCategoryBody,
  validateCategoryForm,
  type CategoryFormErrors,
  type CategoryFormValues,
} from '../category-form';
import { errorMessage } from '../error-message';

function CategoryForm({ category, onDone }: { category: AdminCategory | null; onDone: () => void }) {
  const { t } = useT('admin');
  const creating = category === null;
  const [values, setValues] = useState<CategoryFormValues>(() => (category ? categoryFormFrom(category) : emptyCategoryForm()));
  const [errors, setErrors] = useState<CategoryFormErrors>({});
  // Fields are checked as they change only after a first attempt to save.
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const saving = create.isPending || update.isPending;

  const set = (field: keyof CategoryFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(validateCategoryForm(next, creating));
  };

  /**
   * A refusal naming a field shows under it: a check's 400 ('nameZh: must be at most 60 characters') or the 409 of a
   * slug another category has ('slug: Another category already has this slug'); any other as a toast.
   */
  const refused = (title: string) => (error: unknown) => {
    const taken = isApiError(error, 409) ? /^slug: (.+)$/s.exec(error.serverMessage) : null;
    const refusal = taken?.[1] ? { field: 'slug', message: taken[1] } : fieldRefusal(error);
    const field = refusal ? CATEGORY_FORM_FIELD_OF[refusal.field] : undefined;
    if (refusal && field) {
      setErrors({ [field]: refusal.message });
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    toast({ title, description: errorMessage(error), variant: 'destructive' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = validateCategoryForm(values, creating);
    setErrors(found);
    setTried(true);
    if (hasErrors(found)) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    const saved = (title: string) => (answer: AdminCategory) => {
      onDone();
      toast({ title, description: answer.name, variant: 'success' });
    };
    if (category) {
      update.mutate({ id: category.id, body: updateCategoryBody(values) }, { onSuccess: saved(t('categoriesPage.form.updated')), onError: refused(t('categoriesPage.form.updateFailed')) });
    } else {
      create.mutate(createCategoryBody(values), { onSuccess: saved(t('categoriesPage.form.created')), onError: refused(t('categoriesPage.form.createFailed')) });
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      {creating ? (
        <Field id="category-slug" label={t('categoriesPage.form.slug')} required error={errors.slug} hint={t('categoriesPage.form.slugHint')}>
          {(control) => <Input {...control} lang="en" autoComplete="off" spellCheck={false} value={values.slug} onChange={(event) => set('slug', event.target.value)} />}
        </Field>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="category-name" label={t('categoriesPage.form.name')} required error={errors.name}>
          {(control) => <Input {...control} lang="en" autoComplete="off" maxLength={CATEGORY_NAME_MAX_LENGTH} value={values.name} onChange={(event) => set('name', event.target.value)} />}
        </Field>
        <Field id="category-name-zh" label={t('categoriesPage.form.nameZh')} error={errors.nameZh} hint={t('categoriesPage.form.nameZhHint')}>
          {(control) => <Input {...control} lang="zh-CN" autoComplete="off" maxLength={CATEGORY_NAME_MAX_LENGTH} value={values.nameZh} onChange={(event) => set('nameZh', event.target.value)} />}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="category-icon" label={t('categoriesPage.form.icon')} required error={errors.icon} hint={t('categoriesPage.form.iconHint')}>
          {(control) => <Input {...control} lang="en" autoComplete="off" spellCheck={false} value={values.icon} onChange={(event) => set('icon', event.target.value)} />}
        </Field>
        <Field id="category-position" label={t('categoriesPage.form.position')} required error={errors.position} hint={t('categoriesPage.form.positionHint')}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={0}
              max={CATEGORY_POSITION_MAX}
              step={1}
              inputMode="numeric"
              autoComplete="off"
              value={values.position}
              onChange={(event) => set('position', event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={saving}>
          {t('categoriesPage.form.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('categoriesPage.form.saving') : creating ? t('categoriesPage.form.submitCreate') : t('categoriesPage.form.save')}
        </Button>
      </div>
    </form>
  );
}

/** The form in a dialog: a new category when `category` is null, else that one's changes. */
export function CategoryFormDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  const { t } = useT('admin');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="lg"
      closeLabel={t('categoriesPage.form.close')}
      title={category ? t('categoriesPage.form.titleEdit') : t('categoriesPage.form.titleCreate')}
      description={category ? t('categoriesPage.form.descriptionEdit', { name: category.name }) : t('categoriesPage.form.descriptionCreate')}
    >
      <CategoryForm key={category?.id ?? 'new'} category={category} onDone={onClose} />
    </Dialog>
  );
}

/** Asks before deleting a category; the server refuses one that deals use, and says so. */
export function DeleteCategoryDialog({ category, onClose }: { category: AdminCategory; onClose: () => void }) {
  const { t } = useT('admin');
  const remove = useDeleteCategory();
  const confirm = () =>
    remove.mutate(category.id, {
      onSuccess: () => {
        onClose();
        toast({ title: t('categoriesPage.remove.deleted'), description: category.name, variant: 'success' });
      },
      onError: (error) => toast({ title: t('categoriesPage.remove.failed'), description: errorMessage(error), variant: 'destructive' }),
    });
  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      closeLabel={t('categoriesPage.form.close')}
      title={t('categoriesPage.remove.title')}
      description={t('categoriesPage.remove.description', { name: category.name })}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
          {t('categoriesPage.form.cancel')}
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? t('categoriesPage.remove.deleting') : t('categoriesPage.remove.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
