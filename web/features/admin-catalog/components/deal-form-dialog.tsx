/** Create or edit a deal with every field of docs/product/api.md#superadmin; prices in US dollars, times in local time. */
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { AdminDeal } from '../../../../contract/admin';
import { DEAL_GALLERY_MAX, MERCHANT_CREATED_TOAST_MS } from '../../../../contract/constants';
import { paths } from '../../../../contract/routes';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useCreateDeal, type SavedDeal } from '../api/create-deal';
import { useAdminMerchants } from '../api/get-admin-merchants';
import { useUpdateDeal } from '../api/update-deal';
import { fieldRefusal } from '../../../lib/api-client';
import { DEAL_FORM_FIELD_OF, dealBody, dealFormFrom, emptyDealForm, validateDealForm, type DealFormErrors, type DealFormValues } from '../deal-form';
import { errorMessage } from '../error-message';
import { MERCHANT_STATUS_LABELS } from '../merchant-status';
import { Dialog } from '../../../components/ui/dialog';
import { Field, focusFirstError, hasErrors, inputClasses } from '../../../components/ui/field';
import { DealFields, type DealFieldsText } from './deal-fields';

/** The form's words (docs/product/screens.md#deal-management); the refund switches keep the English names shoppers read. */
const DEAL_FIELDS_ZH: DealFieldsText = {
  labels: {
    title: '团购标题',
    price: '价格（美元）',
    originalPrice: '原价（美元）',
    inventory: '库存',
    maxPerUser: '每人限购',
    validFrom: '开始时间',
    validUntil: '结束时间',
    imageUrl: '图片链接',
    description: '团购描述（HTML）',
    redemptionInstructions: '使用说明（HTML）',
    termsConditions: '条款与条件（HTML）',
    groupSize: '成团人数',
    groupPrice: '拼团价（美元）',
    groupWindowHours: '成团时限（小时）',
    categoryId: '分类',
    galleryUrls: '更多图片',
  },
  hints: {
    originalPrice: '选填，显示为划线价',
    inventory: '0 表示不限量',
    maxPerUser: '每位顾客最多可购买的份数',
    validity: '留空表示不限，按本地时间填写',
    imageUrl: '以 https:// 开头的图片地址，或站内路径如 /images/deals/spa-day.svg',
    description: '支持 <p>、<ul>、<strong> 等基本标签',
    redemptionInstructions: '顾客到店如何使用券码',
    termsConditions: '有效期、预约要求等限制条件',
    groupSize: '2 到 10 人，留空表示不参与拼团',
    groupPrice: '每位成员的价格，须低于价格',
    groupWindowHours: '开团后多少小时内需成团，默认 24',
    categoryId: '顾客可按分类筛选团购',
  },
  category: { none: '未分类', loading: '加载分类中…' },
  gallery: {
    description: `主图之后展示的图片，最多 ${DEAL_GALLERY_MAX} 张；每项为 https:// 开头的地址或站内路径。`,
    photo: (n) => `图片 ${n}`,
    add: '添加图片',
    remove: (n) => `删除图片 ${n}`,
  },
  group: {
    legend: '拼团价',
    description: '同时填写成团人数和拼团价即开启拼团；未按时成团的订单将全额退款。',
  },
  refunds: {
    legend: '退款',
    refundAnytime: '顾客可在券码使用前随时申请退款，款项原路退回。',
    autoRefundOnExpiry: '券码过期仍未使用时，系统自动全额退款。',
  },
};

/** A failed payment-provider sync is worth reading in full, so it stays up as long as the merchant login info does. */
const SYNC_ERROR_TOAST_MS = MERCHANT_CREATED_TOAST_MS;

function announceSaved(saved: SavedDeal, created: boolean): void {
  if (saved.catalogSyncError) {
    toast({ title: '支付平台同步失败', description: saved.catalogSyncError, variant: 'destructive', duration: SYNC_ERROR_TOAST_MS });
    return;
  }
  toast(
    created
      ? { title: '团购已创建', description: `「${saved.title}」已保存为草稿，点击「上架」后顾客即可看到。`, variant: 'success' }
      : { title: '团购已更新', description: saved.title, variant: 'success' },
  );
}

function MerchantSelect({ value, current, error, onChange }: { value: string; current: AdminDeal | null; error?: string | undefined; onChange: (id: string) => void }) {
  const merchants = useAdminMerchants(true);
  const active = (merchants.data ?? []).filter((m) => m.status === 'active');
  // Only active merchants can be chosen; a deal of a merchant that was switched off keeps showing its own.
  const keepCurrent = current !== null && !active.some((m) => m.id === current.merchantId);
  const noneToChoose = merchants.isSuccess && active.length === 0 && !keepCurrent;
  return (
    <Field
      id="deal-merchant"
      label="商户"
      required
      error={error}
      hint={
        noneToChoose ? (
          <>
            暂无已启用的商户，请先在
            <Link href={paths.adminMerchants} className="text-link">
              商户管理
            </Link>
            中创建或启用商户。
          </>
        ) : (
          '只能选择已启用的商户'
        )
      }
    >
      {(control) => (
        <select {...control} className={`${inputClasses} h-11`} value={value} onChange={(event) => onChange(event.target.value)} disabled={merchants.isPending}>
          <option value="">{merchants.isPending ? '加载商户中…' : '请选择商户'}</option>
          {keepCurrent && current ? (
            <option value={current.merchantId}>
              {current.merchantName}（{MERCHANT_STATUS_LABELS[current.merchantStatus]}）
            </option>
          ) : null}
          {active.map((merchant) => (
            <option key={merchant.id} value={merchant.id}>
              {merchant.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function DealForm({ deal, onDone }: { deal: AdminDeal | null; onDone: () => void }) {
  const [values, setValues] = useState<DealFormValues>(() => (deal ? dealFormFrom(deal) : emptyDealForm()));
  const [errors, setErrors] = useState<DealFormErrors>({});
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateDeal();
  const update = useUpdateDeal();
  const saving = create.isPending || update.isPending;

  const change = (changes: Partial<DealFormValues>) => {
    const next = { ...values, ...changes };
    setValues(next);
    if (tried) setErrors(validateDealForm(next));
  };

  /** A refusal that names a field (a 400 such as 'groupPriceCents: must be below the price') shows under it; any other as a toast. */
  const refused = (title: string) => (error: unknown) => {
    const refusal = fieldRefusal(error);
    const field = refusal ? DEAL_FORM_FIELD_OF[refusal.field] : undefined;
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
    const found = validateDealForm(values);
    setErrors(found);
    setTried(true);
    if (hasErrors(found)) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    const body = dealBody(values);
    if (deal) {
      update.mutate(
        { id: deal.id, body },
        {
          onSuccess: (saved) => {
            onDone();
            announceSaved(saved, false);
          },
          onError: refused('更新失败'),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (saved) => {
          onDone();
          announceSaved(saved, true);
        },
        onError: refused('创建失败'),
      });
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      <DealFields
        values={values}
        errors={errors}
        onChange={change}
        text={DEAL_FIELDS_ZH}
        leading={<MerchantSelect value={values.merchantId} current={deal} error={errors.merchantId} onChange={(merchantId) => change({ merchantId })} />}
      />

      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <div className="flex items-start gap-3">
          <input
            id="deal-createStripeProduct"
            type="checkbox"
            checked={values.createStripeProduct}
            onChange={(event) => change({ createStripeProduct: event.target.checked })}
            aria-describedby="deal-createStripeProduct-hint"
            className="mt-0.5 h-5 w-5 shrink-0 rounded accent-brand-700 focus-ring"
          />
          <div>
            <label htmlFor="deal-createStripeProduct" className="text-sm font-semibold text-slate-800">
              在支付平台创建商品和价格
            </label>
            <p id="deal-createStripeProduct-hint" className="mt-0.5 text-xs text-slate-600">
              {deal?.stripeProductId
                ? `已关联支付平台商品 ${deal.stripeProductId}${deal.stripePriceId ? `（价格 ${deal.stripePriceId}）` : ''}，勾选后会同步最新标题和价格。`
                : '勾选后保存时同步到支付平台；同步失败不影响团购保存。'}
            </p>
          </div>
        </div>
      </div>

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={saving}>
          取消
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? '保存中…' : deal ? '保存修改' : '创建团购'}
        </Button>
      </div>
    </form>
  );
}

interface DealFormDialogProps {
  /** The deal to edit; null creates a new one. */
  deal: AdminDeal | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function DealFormDialog({ deal, open, onOpenChange }: DealFormDialogProps) {
  return (
    <Dialog
      lang="zh-CN"
      closeLabel="关闭"
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={deal ? '编辑团购' : '新建团购'}
      description={deal ? `修改「${deal.title}」。状态请在列表中用上架、下架和归档调整。` : '新团购保存为草稿，上架后顾客才能看到。'}
    >
      <DealForm key={deal?.id ?? 'new'} deal={deal} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}
