/**
 * The language switch (docs/product/language.md#the-switch): in the header's bar on wide screens, in the menu on
 * phones. A native select: labelled, keyboard-usable and announced as it is everywhere.
 */
import { Fragment, useEffect, useId, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { paths } from '../../contract/routes';
import { LANGUAGE_NAMES, LANGUAGES, chooseLanguage, chosenLanguage, i18next, isLanguage, shownLanguage, useT, type Language } from '../i18n';
import { GlobeIcon } from '../components/ui/icons';
import { cn } from '../lib/cn';

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

/** The language the app is in: the chosen one, else the SPEC's texts. */
function useLanguage(): string {
  return useSyncExternalStore(subscribe, () => i18next.language);
}

/**
 * The screens the SPEC writes in Chinese as a whole, each by the text its page takes its `lang` from (its title).
 * Until a language is chosen these read Chinese, and every other screen English (a few Chinese words aside).
 */
const SCREEN_TITLES: Readonly<Record<string, readonly [ns: string, key: string]>> = {
  [paths.adminMerchants]: ['admin', 'merchantsPage.title'],
  [paths.adminDeals]: ['admin', 'dealsPage.title'],
  [paths.adminPromote]: ['adminAccounts', 'promotePage.heading'],
};

/** The language the screen at `location` reads in. */
function screenLanguage(location: string): Language {
  const path = location.length > 1 ? location.replace(/\/+$/, '') : location;
  const title = SCREEN_TITLES[path];
  return title ? shownLanguage(...title) : (chosenLanguage() ?? 'en');
}

/**
 * Shows the language in effect. Until one is chosen that is the language the screen reads (Chinese on the admin's
 * deal and merchant management, English elsewhere), shown by an option of its own that cannot be picked again: with
 * the select on a real language's option, picking that same language would change nothing, so the choice would never
 * be made and kept.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useT('common');
  const id = useId();
  const [location] = useLocation();
  useLanguage();
  const chosen = chosenLanguage();
  const shown = screenLanguage(location);
  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <label htmlFor={id} className="flex items-center text-slate-600">
        <GlobeIcon className="h-5 w-5" />
        <span className="sr-only">{t('language')}</span>
      </label>
      <select
        id={id}
        value={chosen ?? ''}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void chooseLanguage(event.target.value);
        }}
        className="h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-800 focus-ring"
      >
        {chosen === null ? (
          <option value="" lang={shown} disabled hidden>
            {LANGUAGE_NAMES[shown]}
          </option>
        ) : null}
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Everything below is rendered again from scratch when the language changes, so texts read outside components
 * (`translate`) change with the rest. The new language's catalogues are loaded before the change is announced.
 * The answers read so far are read again too: the server words them in the language asked for (stored reasons and
 * ledger notes, refusals, categories' names), so an answer kept from before the change would stay in the old one.
 */
export function LanguageScope({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const queryClient = useQueryClient();
  const answered = useRef(language);
  useEffect(() => {
    if (answered.current === language) return;
    answered.current = language;
    void queryClient.invalidateQueries();
  }, [language, queryClient]);
  return <Fragment key={language}>{children}</Fragment>;
}
