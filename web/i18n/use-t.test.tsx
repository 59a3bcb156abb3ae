import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { chooseLanguage, useT } from '.';

afterEach(cleanup);

function DeleteButtons() {
  const { t, langOf } = useT(['adminForms', 'admin']);
  return (
    <div>
      <button type="button" lang={langOf('deleteDeal.confirm')}>
        {t('deleteDeal.confirm')}
      </button>
      <button type="button" lang={langOf('catalog.cancel')}>
        {t('catalog.cancel')}
      </button>
    </div>
  );
}

describe('useT with several namespaces', () => {
  it("reads each key from the first namespace that has it: the dialog's own, then its screen's", async () => {
    await chooseLanguage('en');
    render(<DeleteButtons />);
    expect(screen.getByRole('button', { name: 'Confirm Deletion' }).getAttribute('lang')).toBe('en');
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('lang')).toBe('en');
  });

  it("says in which language each text is written while the SPEC's texts are shown", () => {
    render(<DeleteButtons />);
    // Both keys are among those the SPEC writes in Chinese (web/i18n/spec-default.ts).
    expect(screen.getByRole('button', { name: '确认删除' }).getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByRole('button', { name: '取消' }).getAttribute('lang')).toBe('zh-CN');
  });
});
