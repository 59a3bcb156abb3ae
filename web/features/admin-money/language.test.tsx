// @vitest-environment jsdom
// The money screens in Chinese once Chinese is chosen (docs/product/language.md): English until then.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { AttentionList } from '../../../contract/money';
import type { AdminOrder, LedgerPage } from '../../../contract/orders';
import { chooseLanguage } from '../../i18n';
import AdminOrdersPage from './admin-orders-page';
import AttentionPage from './attention-page';
import LedgerPageScreen from './ledger-page';
import { json, renderScreen, stubApi } from './test-support';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const ORDER_ID = '5fb239e9-aea5-4729-9a4e-6d7ff15099d5';

const ORDER: AdminOrder = {
  id: ORDER_ID,
  status: 'paid',
  totalCents: 1999,
  refundedCents: 0,
  createdAt: '2026-11-22T10:00:00.000Z',
  paidAt: '2026-11-22T10:01:00.000Z',
  items: [{ dealId: 'd-sushi', title: 'Sushi <b>for</b> 2', quantity: 1, unitPriceCents: 1999, imageUrl: '' }],
  vouchers: [
    {
      id: 'v1',
      dealId: 'd-sushi',
      // A title that looks like markup stays text.
      dealTitle: 'Sushi <b>for</b> 2',
      voucherCode: 'ABCD2345',
      status: 'active',
      priceCents: 1999,
      validUntil: '2026-12-22T10:00:00.000Z',
      redeemedAt: null,
      refund: null,
      merchantName: 'Sakura Sushi House',
      redemptions: [],
    },
  ],
  refunds: [],
  group: null,
  customerPhone: '5550000001',
  customerEmail: 'ada@example.com',
  provider: 'test',
  providerSessionId: 'cs_test_123',
  paymentRef: 'pi_test_456',
  story: [],
};

describe('the money screens in Chinese', () => {
  it('reads the ledger in Chinese, with money as Chinese writes it', async () => {
    const page: LedgerPage = {
      entries: [
        {
          seq: 1,
          kind: 'refund',
          amountCents: -1999,
          orderId: ORDER_ID,
          refundId: null,
          merchantId: null,
          provider: 'test',
          providerRef: 're_test_1',
          note: null,
          createdAt: '2026-11-22T10:01:00.000Z',
        },
      ],
      totals: { paymentsCents: 3998, refundsCents: -1999, payoutsCents: 0, reversalsCents: 0, balanceCents: 1999, entries: 1 },
      nextCursor: null,
    };
    stubApi({
      'GET /api/admin/ledger': () => json(page),
      'GET /api/admin/reconciliation': () =>
        json({
          run: {
            id: 'run-1',
            trigger: 'manual',
            provider: 'test',
            periodStart: '2026-11-21T00:00:00.000Z',
            periodEnd: '2026-11-22T00:00:00.000Z',
            startedAt: '2026-11-22T00:05:00.000Z',
            finishedAt: '2026-11-22T00:06:00.000Z',
            status: 'differences',
            error: null,
            ledgerPaymentsCents: 3998,
            providerPaymentsCents: 3998,
            ledgerRefundsCents: -1999,
            providerRefundsCents: 0,
            differences: [{ kind: 'missing_at_provider', what: 'refund', providerRef: 're_test_1', orderId: ORDER_ID, ledgerCents: -1999, providerCents: null }],
          },
        }),
    });
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<LedgerPageScreen />, { path: '/admin/ledger' });

    expect(screen.getByRole('heading', { level: 1, name: '账本' })).toBeTruthy();
    expect(document.title).toBe('账本 · DealMarket');
    expect(within(screen.getByRole('navigation', { name: '管理' })).getByRole('link', { name: '客服' })).toBeTruthy();
    const sums = await screen.findByRole('region', { name: '合计' });
    expect(within(sums).getByText('支付').nextElementSibling?.textContent).toBe('US$39.98');
    expect(sums.textContent).toContain('共 1 条记录。');
    const table = screen.getByRole('region', { name: '记录' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['日期', '类型', '金额', '订单', '支付平台参考号', '备注']);
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('退款');

    const reconciliation = screen.getByRole('region', { name: '与支付平台对账' });
    expect(await within(reconciliation).findByText('1 处差异')).toBeTruthy();
    for (const text of ['手动', '内置测试支付', '对账期间', '2026年11月21日', ' 至 ', '-US$19.99']) expect(reconciliation.textContent).toContain(text);
    const differences = within(reconciliation).getByRole('region', { name: '差异' });
    expect(within(differences).getAllByRole('row')[1]!.textContent).toContain('支付平台无此记录');
    expect(within(reconciliation).getByRole('button', { name: '立即对账' })).toBeTruthy();
    expect(within(reconciliation).getByRole('link', { name: '需要处理' }).getAttribute('href')).toBe('/admin/attention');
  });

  it('reads Needs attention in Chinese, the resolve dialog included', async () => {
    const list: AttentionList = {
      items: [
        {
          id: 'r1',
          cause: 'stuck',
          status: 'pending',
          reason: 'expiry',
          amountCents: 1999,
          orderId: ORDER_ID,
          voucherId: 'v1',
          voucherCode: 'ABCD2345',
          dealTitle: 'Sushi for 2',
          customerPhone: '5550000001',
          provider: 'stripe',
          providerRef: null,
          idempotencyKey: 'k1',
          tries: 4,
          failure: null,
          createdAt: '2026-11-20T10:00:00.000Z',
          settledAt: null,
          nextTryAt: '2026-11-22T11:00:00.000Z',
          reversedAt: null,
          canRetry: false,
          history: [{ at: '2026-11-21T10:00:00.000Z', action: 'retried', byPhone: '5550000009', note: null }],
        },
      ],
      counts: { failed: 0, stuck: 1, reversed: 0 },
    };
    stubApi({ 'GET /api/admin/attention': () => json(list) });
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<AttentionPage />, { path: '/admin/attention' });

    expect(screen.getByRole('heading', { level: 1, name: '需要处理' })).toBeTruthy();
    expect(document.title).toBe('需要处理 · DealMarket');
    expect(within(screen.getByRole('navigation', { name: '管理' })).getByRole('link', { name: '需要处理' }).getAttribute('aria-current')).toBe('page');
    const item = await screen.findByRole('article', { name: /^退款 US\$19\.99 ?，券 ABCD2345$/ });
    for (const text of ['处理中超过一天', '到期未使用', '顾客手机号', '555 000 0001', '尝试次数', '下次重试时间', '2026年11月22日', '由 555 000 0009 重试']) {
      expect(item.textContent).toContain(text);
    }
    fireEvent.click(within(item).getByRole('button', { name: /^标记为已处理 ?：券 ABCD2345 的退款$/ }));
    const dialog = await screen.findByRole('dialog', { name: '处理 券 ABCD2345 的退款' });
    expect(within(dialog).getByRole('textbox', { name: '做了什么处理？' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '标记为已处理' }));
    expect(within(dialog).getByText('请写明做了什么处理。')).toBeTruthy();
  });

  it('reads customer service in Chinese, the order and the refund dialog included', async () => {
    stubApi({ 'GET /api/admin/orders?q=5fb239e9': () => json([ORDER]) });
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<AdminOrdersPage />, { path: '/admin/orders' });

    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(screen.getByText('请输入订单号、手机号或券码')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: '订单号、手机号或券码' }), { target: { value: '5fb239e9' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));

    const order = await screen.findByRole('article', { name: /5fb239e9/ });
    expect(screen.getByText('找到 1 个订单')).toBeTruthy();
    for (const text of ['顾客', '手机号', '555 000 0001', '内置测试支付', '下单于 2026年11月22日', '支付于 2026年11月22日', '尚无记录。']) {
      expect(order.textContent).toContain(text);
    }

    fireEvent.click(within(order).getByRole('button', { name: '为券 ABCD2345 退款' }));
    const dialog = await screen.findByRole('alertdialog', { name: '为这张券退款？' });
    expect(dialog.textContent).toContain('Sushi <b>for</b> 2，券码 ABCD2345。款项将退回顾客的银行卡。');
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: '原因（选填）' })).toBeTruthy();
  });
});
