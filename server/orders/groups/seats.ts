/**
 * Places in a group (ADR 029). A group's `seats_taken` counts members whose checkout is open or
 * paid; a place is taken by a conditional update of the group row (`seats_taken < size`, still open,
 * window not passed), in the statement that places the member's order (`placeWithSeat`), and given back when that
 * order's hold is released unpaid. The group row is locked before any stock or allowance row, as
 * fulfil_order does, so placements, releases and fulfilments of one group take turns without
 * deadlocking. `deal_groups_seats_check` refuses an overfull group even to code that forgets this.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { databaseFunction, perDatabase } from '../../db/prepared';
import { dealGroups, groupMembers } from '../../db/schema';
import { orderArguments, type OrderToPlace } from '../placement';
import { refuse } from '../refusals';

/** The group a checkout pays a place in: a new one the buyer starts, or one they join. */
export type SeatRequest = { start: true; groupId: string } | { start: false; groupId: string };

/** A group's terms as a checkout prices them: the group price, and for a new group its size and deadline. */
export interface SeatTerms {
  groupId: string;
  start: boolean;
  dealId: string;
  priceCents: number;
  size: number;
  deadline: Date;
}

type DealOffer = { id: string; title: string; maxPerUser: number; groupSize: number | null; groupPriceCents: number | null; groupWindowHours: number };

/** A group with whether the buyer holds or paid a place in it already. */
const groupToJoinOf = perDatabase((db) =>
  db
    .select({
      group: dealGroups,
      mine: sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${dealGroups.id} and ${groupMembers.userId} = ${sql.placeholder('userId')} and ${groupMembers.status} in ('held', 'paid'))`,
    })
    .from(dealGroups)
    .where(eq(dealGroups.id, sql.placeholder('groupId')))
    .prepare('group_to_join'),
);

/**
 * Checks, before anything is written or the provider is called, that the buyer can take a place:
 * the deal has a group offer, and a group joined is this deal's, open, within its window, not full,
 * and without the buyer in it already. The place itself is taken by `takeSeat`, which checks again.
 */
export async function seatTerms(db: Db, seat: SeatRequest, deal: DealOffer, userId: string, now: Date): Promise<SeatTerms> {
  if (deal.groupSize === null || deal.groupPriceCents === null) throw refuse('noGroupOffer', deal);
  if (seat.start) {
    const deadline = new Date(now.getTime() + deal.groupWindowHours * 3_600_000);
    return { groupId: seat.groupId, start: true, dealId: deal.id, priceCents: deal.groupPriceCents, size: deal.groupSize, deadline };
  }
  const [group] = await groupToJoinOf(db).execute({ groupId: seat.groupId, userId });
  if (!group || group.group.dealId !== deal.id) throw refuse('groupNotFound');
  if (group.mine > 0) throw refuse('alreadyInGroup');
  if (group.group.status !== 'open' || group.group.deadline <= now) throw refuse('groupClosed');
  if (group.group.seatsTaken >= group.group.size) throw refuse('groupFull');
  return { groupId: group.group.id, start: false, dealId: deal.id, priceCents: group.group.priceCents, size: group.group.size, deadline: group.group.deadline };
}

const placeInGroup = databaseFunction('group_place_order', 15);

/**
 * Takes the place and places the order with it, in one statement (sql/group_place_order.sql): a new group is written
 * with its one seat taken, a joined group's `seats_taken` goes up only while it is open, within its window and not
 * full, then the order is placed as any checkout's and the member written. Raises the database's refusal (DM006-DM008
 * for the place, DM001-DM004 for the order; see refusals.ts) when it cannot, having written nothing.
 */
export async function placeWithSeat(db: Db, terms: SeatTerms, o: OrderToPlace): Promise<void> {
  await placeInGroup(db, [
    terms.groupId,
    terms.start,
    terms.dealId,
    terms.size,
    terms.priceCents,
    terms.deadline.toISOString(),
    ...orderArguments(o),
  ]);
}

/**
 * Gives an unpaid member's place back when their order's hold is released: the member `lapsed`, and
 * the seat free again while the group is open. The caller holds the order's row lock.
 */
export async function releaseSeat(tx: Tx, orderId: string): Promise<void> {
  const [member] = await tx.select({ id: groupMembers.id, groupId: groupMembers.groupId, status: groupMembers.status }).from(groupMembers).where(eq(groupMembers.orderId, orderId));
  if (!member || member.status !== 'held') return;
  await tx
    .update(dealGroups)
    .set({ seatsTaken: sql`${dealGroups.seatsTaken} - 1` })
    .where(and(eq(dealGroups.id, member.groupId), eq(dealGroups.status, 'open')));
  await tx.update(groupMembers).set({ status: 'lapsed' }).where(and(eq(groupMembers.id, member.id), eq(groupMembers.status, 'held')));
}
