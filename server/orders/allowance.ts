/**
 * What one customer may still buy of a deal (docs/product/rules.md#per-customer-limits, ADR 012), read as
 * checkout counts it: the customer's row of `user_deal_units` (the units `deal_allowance_count` guards:
 * paid and not refunded, plus held), of which the units of their open holds are the part not paid yet.
 * A read for the screens only; checkout_place_order judges again, exactly, when the units are taken.
 */
import { eq, sql } from 'drizzle-orm';
import type { DealAllowance } from '../../contract/deals';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { deals, holds, merchants, userDealUnits } from '../db/schema';
import { isListed } from '../catalog/listed.service';

/** The deal's limit and whether shoppers may see it, with the customer's counted and held units, in one statement. */
const allowanceRowOf = perDatabase((db) =>
  db
    .select({
      status: deals.status,
      merchantStatus: merchants.status,
      limit: deals.maxPerUser,
      counted: sql<number>`coalesce((select ${userDealUnits.units} from ${userDealUnits} where ${userDealUnits.userId} = ${sql.placeholder('userId')}::uuid and ${userDealUnits.dealId} = "deals"."id"), 0)`,
      held: sql<number>`coalesce((select sum(${holds.quantity}) from ${holds} where ${holds.userId} = ${sql.placeholder('userId')}::uuid and ${holds.dealId} = "deals"."id" and ${holds.status} = 'held'), 0)::int`,
    })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(eq(deals.id, sql.placeholder('dealId')))
    .prepare('deal_allowance'),
);

/** A customer's allowance of a deal shoppers may see, or null when they may not see it (404, as its page). */
export async function dealAllowanceOf(db: Db, userId: string, dealId: string): Promise<DealAllowance | null> {
  const [row] = await allowanceRowOf(db).execute({ userId, dealId });
  if (!row || !isListed(row, row.merchantStatus)) return null;
  const counted = Number(row.counted);
  const held = Math.min(Number(row.held), counted);
  return { dealId, limit: row.limit, bought: counted - held, held, remaining: Math.max(0, row.limit - counted) };
}
