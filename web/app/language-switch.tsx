/**
 * The language switch (docs/product/language.md#the-switch): in the header's bar on wide screens, in the menu on
 * phones. A native select: labelled, keyboard-usable and announced as it is everywhere.
 */
import { Fragment, useId, useSyncExternalStore, type ReactNode } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, chooseLanguage, chosenLanguage, i18next, isLanguage, useT } from '../i18n';
import { GlobeIcon } from '../components/ui/icons';
import { cn } from '../lib/cn';

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

/** The language the app is in: the chosen one, else 'en' (the SPEC's texts). */
function useLanguage(): string {
  return useSyncExternalStore(subscribe, () => i18next.language);
}

export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useT('common');
  const id = useId();
  useLanguage();
  const value = chosenLanguage() ?? 'en';
  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <label htmlFor={id} className="flex items-center text-slate-600">
        <GlobeIcon className="h-5 w-5" />
        <span className="sr-only">{t('language')}</span>
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void chooseLanguage(event.target.value);
        }}
        className="h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-800 focus-ring"
      >
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
 */
export function LanguageScope({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <Fragment key={language}>{children}</Fragment>;
}
