/**
 * "Preview" on the deal forms (the superadmin's and a merchant's own): the deal as its page will show it, from the
 * form as it is now: the title, the prices, the picture, "About this deal", "Terms and Conditions" and "How to redeem",
 * drawn by the deal page's own components and rich-text renderer, in a dialog.
 */
import { Suspense, useState } from 'react';
import { RichText } from '../../../components/rich-text';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Panel } from '../../../components/ui/panel';
import { Skeleton } from '../../../components/ui/skeleton';
import { DealImage, DealPrices } from '../../deals';
import { dealFieldsBody, type DealFieldValues } from '../deal-form';

/** The preview's words, in the language of the form that shows it; the section titles are the deal page's. */
export interface DealPreviewWords {
  button: string;
  title: string;
  description: string;
  about: string;
  terms: string;
  howToRedeem: string;
  close: string;
  /** Stands for the title while none is typed. */
  untitled: string;
}

interface DealPreviewProps {
  values: DealFieldValues;
  words: DealPreviewWords;
  /** The merchant's name, shown above the title as the deal page does, when the form knows it. */
  merchantName?: string | undefined;
  lang?: string | undefined;
}

/** The button that opens the preview, and the preview. */
export function DealPreview({ values, words, merchantName, lang }: DealPreviewProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {words.button}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} size="xl" title={words.title} description={words.description} closeLabel={words.close} lang={lang}>
        {open ? (
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <DealPreviewBody values={values} words={words} merchantName={merchantName} />
          </Suspense>
        ) : null}
      </Dialog>
    </>
  );
}

/** The deal's page as the form would save it. */
export function DealPreviewBody({ values, words, merchantName }: Omit<DealPreviewProps, 'lang'>) {
  const body = dealFieldsBody(values);
  const title = body.title === '' ? words.untitled : body.title;
  const deal = { title, imageUrl: body.imageUrl ?? '', priceCents: body.priceCents, originalPriceCents: body.originalPriceCents ?? null };
  const description = body.description ?? '';
  const terms = body.termsConditions ?? '';
  const instructions = body.redemptionInstructions ?? '';
  return (
    <article className="mt-2 grid gap-5" data-testid="deal-preview">
      <header>
        {merchantName ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{merchantName}</p> : null}
        <h3 className="mt-1 text-2xl font-extrabold tracking-tight text-balance text-slate-900">{title}</h3>
        <DealPrices deal={deal} size="page" />
      </header>
      <div className="overflow-hidden rounded-2xl bg-slate-100 shadow-card ring-1 ring-slate-200/80">
        <DealImage deal={deal} width={800} height={600} className="aspect-[4/3] h-auto w-full object-cover" />
      </div>
      <Panel titleSize="xl" title={words.about} id="deal-preview-about">
        <RichText html={description} />
      </Panel>
      <Panel titleSize="xl" title={words.terms} id="deal-preview-terms">
        <RichText html={terms} />
        {instructions.trim() !== '' ? (
          <div className="mt-6 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
            <h4 className="text-sm font-semibold text-brand-900">{words.howToRedeem}</h4>
            <RichText html={instructions} className="mt-2 text-sm" />
          </div>
        ) : null}
      </Panel>
    </article>
  );
}
