/** Label and value pairs of a card, as a description list: terms beside their values on wide screens, above them on phones. */
import type { ReactNode } from 'react';
import { Missing } from '../../../components/ui/missing';

export interface Fact {
  key: string;
  term: string;
  /** Shown as missing when null or undefined. */
  value: ReactNode;
}

/** `breakAnywhere`: for values that are one long token (ids, references), which may break at any character. */
export function Facts({ rows, breakAnywhere = false }: { rows: Fact[]; breakAnywhere?: boolean }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
      {rows.map((row) => (
        <div key={row.key} className="contents">
          <dt className="text-slate-600">{row.term}</dt>
          <dd className={`min-w-0 ${breakAnywhere ? 'break-all' : 'break-words'} text-slate-900`}>{row.value ?? <Missing />}</dd>
        </div>
      ))}
    </dl>
  );
}
