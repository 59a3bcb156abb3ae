// @vitest-environment jsdom
// The language scope (docs/product/language.md#stored-texts): answers the server worded in one language are read again
// in the language chosen next, so stored reasons, notes and categories' names change with the rest of the screen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { categoryEndpoints } from '../../contract/addresses';
import { chooseLanguage } from '../i18n';
import { endpointQuery } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { LanguageScope } from './language-switch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function FirstCategory() {
  const { data } = useQuery(endpointQuery(categoryEndpoints.list, {}));
  return <p>{data?.[0]?.name ?? '…'}</p>;
}

describe('LanguageScope', () => {
  it('reads the answers it holds again when a language is chosen, asking in that language', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (_input, init) => {
        const language = new Headers(init?.headers).get('accept-language') ?? '';
        asked.push(language);
        const name = language === 'zh-CN' ? '美食' : 'Food';
        return new Response(JSON.stringify([{ id: 'c1', slug: 'food', name, icon: 'utensils', position: 0, dealCount: 1 }]), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LanguageScope>
          <FirstCategory />
        </LanguageScope>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Food')).toBeTruthy();
    expect(asked).toEqual(['en']);

    await act(() => chooseLanguage('zh-CN'));
    // Fresh for five minutes, the list would otherwise stay in English.
    expect(await screen.findByText('美食')).toBeTruthy();
    expect(asked).toEqual(['en', 'zh-CN']);
  });
});
