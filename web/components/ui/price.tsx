/** An amount of money: integer cents shown through the one formatter of web/lib/money.ts. */
import type { HTMLAttributes } from 'react';
import { formatMoney } from '../../lib/money';
import { cn } from '../../lib/cn';

interface PriceProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  cents: number;
  /** A former price, struck through (read as "was ..." by its context). */
  struck?: boolean;
  /** Read before the amount by screen readers only (such as "Line total: "), inside the same element. */
  label?: string;
}

export function Price({ cents, struck = false, label, className, ...props }: PriceProps) {
  const Tag = struck ? 's' : 'span';
  return (
    <Tag className={cn('tabular-nums', className)} {...props}>
      {label ? <span className="sr-only">{label}</span> : null}
      {formatMoney(cents)}
    </Tag>
  );
}
