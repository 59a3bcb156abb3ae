/**
 * Places in a group (ADR 029). A group's `seats_taken` counts members whose checkout is open or
 * paid; a place is taken by a conditional update of the group row (`seats_taken < size`, still open,
 * window not passed), in the transaction that places the member's order, and given back when that
 * order's hold is released unpaid. The group row is locked before any stock or allowance row, as
 * fulfil_order does, so placements, releases and fulfilments of one group take turns without
 * deadlocking. `deal_groups_seats_check` refuses an overfull group even to code that forgets this.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isDatabaseError } from '../../db/errors';
import { dealGroups, groupMembers } from '../../db/schema';
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
  const [group] = await db
    .select({
      group: dealGroups,
      mine: sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${dealGroups.id} and ${groupMembers.userId} = ${userId} and ${groupMembers.status} in ('held', 'paid'))`,
    })
    .from(dealGroups)
    .where(eq(dealGroups.id, seat.groupId));
  if (!group || group.group.dealId !== deal.id) throw refuse('groupNotFound');
  if (group.mine > 0) throw refuse('alreadyInGroup');
  if (group.group.status !== 'open' || group.group.deadline <= now) throw refuse('groupClosed');
  if (group.group.seatsTaken >= group.group.size) throw refuse('groupFull');
  return { groupId: group.group.id, start: false, dealId: deal.id, priceCents: group.group.priceCents, size: group.group.size, deadline: group.group.deadline };
}

/**
 * Takes the place, first thing in the placing transaction: a new group is written with its one seat
 * taken; a joined group's `seats_taken` goes up only while it is open, within its window and not full.
 */
export async function takeSeat(tx: Tx, terms: SeatTerms, userId: string): Promise<void> {
  if (terms.start) {
    await tx.insert(dealGroups).values({
      id: terms.groupId,
      dealId: terms.dealId,
      startedBy: userId,
      size: terms.size,
      priceCents: terms.priceCents,
      seatsTaken: 1,
      deadline: terms.deadline,
    });
    return;
  }
  const [taken] = await tx
    .update(dealGroups)
    .set({ seatsTaken: sql`${dealGroups.seatsTaken} + 1` })
    .where(
      and(
        eq(dealGroups.id, terms.groupId),
        eq(dealGroups.status, 'open'),
        gt(dealGroups.deadline, sql`now()`),
        lt(dealGroups.seatsTaken, dealGroups.size),
      ),
    )
    .returning({ id: dealGroups.id });
  if (taken) return;
  const [now] = await tx.select({ status: dealGroups.status, open: sql<boolean>`${dealGroups.deadline} > now()` }).from(dealGroups).where(eq(dealGroups.id, terms.groupId));
  throw refuse(now?.status === 'open' && now.open ? 'groupFull' : 'groupClosed');
}

/** Writes the member, once the order exists; a second live place of one customer in a group is refused by the unique key. */
export async function addMember(tx: Tx, groupId: string, userId: string, orderId: string): Promise<void> {
  try {
    await tx.insert(groupMembers).values({ groupId, userId, orderId });
  } catch (err) {
    if (isDatabaseError(err, '23505')) throw refuse('alreadyInGroup');
    throw err;
  }
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
