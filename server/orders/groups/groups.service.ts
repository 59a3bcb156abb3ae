/**
 * Reading groups (docs/product/rules.md#group-deals; ADR 029): a group's public page, a deal's open
 * groups, a customer's own groups, and the group of each order for the order history and the
 * success page. Starting and joining are checkouts, in the orders module (`startCheckout` with a
 * seat); forming and failing happen in fulfilment and the sweep there.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_GROUPS_SHOWN } from '../../../contract/constants';
import { groupEndpoints, type Group, type GroupMembership, type OpenGroup, type OrderGroup } from '../../../contract/groups';
import { pathOf } from '../../../contract/endpoint';
import { DEFAULT_TIME_ZONE } from '../../../contract/time-zones';
import type { Db } from '../../db/client';
import { dealGroups, deals, groupMembers, merchants, users } from '../../db/schema';
import { JOINABLE_GROUP, presentDeal, shownDealsByIds } from '../../catalog/deals.service';
import { isListed, LISTED } from '../../catalog/listed.service';
import { perDatabase } from '../../db/prepared';
import { groupShareCard, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImageUrl, type ShareCard } from '../../catalog/share-image.service';
import { isKnownPagePath, pageIdOf, routePatterns } from '../../../contract/routes';
import { msg, render, type Language, type Message } from '../../i18n';
import type { PagePreview } from '../../http/web';

type GroupRow = typeof dealGroups.$inferSelect;

/** Up to two initials of a member's chosen name; a member without one is shown by their place in the group. */
export function initialsOf(displayName: string | null, place: number): string {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return `#${place}`;
  return words
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
}

/** The viewer's place as the contract names it: an owed refund not yet claimed is `refunding` too. */
function membershipOf(status: string | undefined): GroupMembership | null {
  if (status === 'held' || status === 'paid' || status === 'refunded') return status;
  if (status === 'owed') return 'refunding';
  return null;
}

/** The members of any number of groups, oldest place first, with their chosen names: one prepared statement. */
const membersOfGroupsOf = perDatabase((db) =>
  db
    .select({ groupId: groupMembers.groupId, userId: groupMembers.userId, status: groupMembers.status, displayName: users.displayName })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(sql`${groupMembers.groupId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(groupMembers.createdAt))
    .prepare('members_of_groups'),
);

/** The paid members' initials of many groups, in the order they joined, and the viewer's place in each. */
async function membersOf(db: Db, groupIds: string[], viewerId: string | null) {
  const rows = groupIds.length === 0 ? [] : await membersOfGroupsOf(db).execute({ ids: groupIds });
  const members = new Map<string, { initials: string }[]>(groupIds.map((id) => [id, []]));
  const mine = new Map<string, GroupMembership | null>();
  for (const row of rows) {
    if (row.status === 'paid' || row.status === 'owed' || row.status === 'refunded') {
      const list = members.get(row.groupId)!;
      list.push({ initials: initialsOf(row.displayName, list.length + 1) });
    }
    // A lapsed place (an unpaid checkout) is no place; a later live one of the same customer wins.
    if (viewerId && row.userId === viewerId && row.status !== 'lapsed') mine.set(row.groupId, membershipOf(row.status));
  }
  return { members, mine };
}

function presentOpenGroup(g: GroupRow, members: { initials: string }[], mine: GroupMembership | null): OpenGroup {
  return {
    id: g.id,
    size: g.size,
    priceCents: g.priceCents,
    seatsLeft: g.size - g.seatsTaken,
    paidCount: g.paidCount,
    members,
    deadline: g.deadline.toISOString(),
    mine,
  };
}

/** Groups as their pages show them, each with whether shoppers may see its deal. */
async function presentGroups(db: Db, rows: GroupRow[], viewerId: string | null, language: Language = 'en'): Promise<{ group: Group; listed: boolean }[]> {
  const { members, mine } = await membersOf(
    db,
    rows.map((g) => g.id),
    viewerId,
  );
  const dealIds = [...new Set(rows.map((g) => g.dealId))];
  const dealRows = dealIds.length === 0 ? [] : await shownDealsByIds(db, dealIds);
  const dealOf = new Map(dealRows.map((r) => [r.deal.id, { deal: presentDeal(r, language), listed: isListed(r.deal, r.merchantStatus) }]));
  return rows.map((g) => ({
    group: {
      ...presentOpenGroup(g, members.get(g.id) ?? [], mine.get(g.id) ?? null),
      status: g.status,
      // A group that has closed has no places to offer.
      seatsLeft: g.status === 'open' ? g.size - g.seatsTaken : 0,
      createdAt: g.createdAt.toISOString(),
      formedAt: g.formedAt?.toISOString() ?? null,
      deal: dealOf.get(g.dealId)!.deal,
    },
    listed: dealOf.get(g.dealId)!.listed,
  }));
}

const groupByIdOf = perDatabase((db) =>
  db
    .select()
    .from(dealGroups)
    .where(eq(dealGroups.id, sql.placeholder('id')))
    .prepare('group_by_id'),
);

/** The deal of a group shoppers may see, or null: what joining it needs to know before the checkout. */
const groupDealOf = perDatabase((db) =>
  db
    .select({ dealId: dealGroups.dealId })
    .from(dealGroups)
    .innerJoin(deals, eq(deals.id, dealGroups.dealId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(and(eq(dealGroups.id, sql.placeholder('id')), LISTED))
    .prepare('listed_group_deal'),
);

/** The deal of a group whose deal shoppers may see (so a stranger may join it), or null for none. */
export async function listedGroupDeal(db: Db, id: string): Promise<string | null> {
  const [row] = await groupDealOf(db).execute({ id });
  return row?.dealId ?? null;
}

/**
 * One group for its public page, or null. A group of a deal hidden from shoppers (unpublished, archived,
 * its merchant inactive) is hidden with it, but from its own members, who still follow their place.
 */
export async function getGroup(db: Db, id: string, viewerId: string | null, language: Language = 'en'): Promise<Group | null> {
  const [row] = await groupByIdOf(db).execute({ id });
  if (!row) return null;
  const [found] = await presentGroups(db, [row], viewerId, language);
  return found && (found.listed || found.group.mine !== null) ? found.group : null;
}

/** A deal's open groups with a paid member and a free place, closing soonest first; null when shoppers may not see the deal. */
export async function openGroupsOfDeal(db: Db, dealId: string, viewerId: string | null): Promise<OpenGroup[] | null> {
  const [deal] = await db
    .select({ status: deals.status, merchantStatus: merchants.status })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(eq(deals.id, dealId));
  if (!deal || !isListed(deal, deal.merchantStatus)) return null;
  const rows = await db
    .select()
    .from(dealGroups)
    .where(and(eq(dealGroups.dealId, dealId), JOINABLE_GROUP))
    .orderBy(asc(dealGroups.deadline))
    .limit(OPEN_GROUPS_SHOWN);
  const { members, mine } = await membersOf(
    db,
    rows.map((g) => g.id),
    viewerId,
  );
  return rows.map((g) => presentOpenGroup(g, members.get(g.id) ?? [], mine.get(g.id) ?? null));
}

/** The groups a customer has a live or paid place in, newest first (a lapsed checkout alone does not count). */
export async function myGroups(db: Db, userId: string, limit = 50, language: Language = 'en'): Promise<Group[]> {
  const rows = await db
    .selectDistinctOn([dealGroups.createdAt, dealGroups.id], { group: dealGroups })
    .from(groupMembers)
    .innerJoin(dealGroups, eq(dealGroups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), inArray(groupMembers.status, ['held', 'paid', 'owed', 'refunded'])))
    .orderBy(desc(dealGroups.createdAt), desc(dealGroups.id))
    .limit(limit);
  const found = await presentGroups(
    db,
    rows.map((r) => r.group),
    userId,
    language,
  );
  return found.map((f) => f.group);
}

/** The group each of these orders pays a place in, for the order history and the success page. */
export async function orderGroupsOf(db: Db, orderIds: string[]): Promise<Map<string, OrderGroup>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: groupMembers.orderId, group: dealGroups })
    .from(groupMembers)
    .innerJoin(dealGroups, eq(dealGroups.id, groupMembers.groupId))
    .where(inArray(groupMembers.orderId, orderIds));
  return new Map(
    rows.map(({ orderId, group: g }) => [
      orderId,
      {
        id: g.id,
        status: g.status,
        size: g.size,
        waitingFor: g.status === 'formed' ? 0 : g.size - g.paidCount,
        deadline: g.deadline.toISOString(),
        closedAt: (g.formedAt ?? g.failedAt)?.toISOString() ?? null,
      },
    ]),
  );
}

/** A group's share image card (ADR 040) in a language, with its deadline in the merchant's time zone; null for a group shoppers may not see. */
export async function groupShareCardOf(db: Db, id: string, language: Language): Promise<ShareCard | null> {
  return (await sharedGroup(db, id, language))?.card ?? null;
}

/** A group shoppers may see, with its share image card. */
async function sharedGroup(db: Db, id: string, language: Language): Promise<{ group: Group; card: ShareCard } | null> {
  const group = await getGroup(db, id, null, language);
  if (!group) return null;
  const [merchant] = await db.select({ timeZone: merchants.timeZone }).from(merchants).where(eq(merchants.id, group.deal.merchantId));
  return { group, card: groupShareCard(group, merchant?.timeZone ?? DEFAULT_TIME_ZONE, language) };
}

/**
 * The preview of a group's page for a shared link (its Open Graph tags) in the page's language, with the group's share
 * image; `missing` for a group nobody may see, or null for any other page.
 */
export async function groupPagePreview(db: Db, origin: string, pathname: string, language: Language = 'en'): Promise<PagePreview | 'missing' | null> {
  const id = pageIdOf(routePatterns.group, pathname);
  if (!id) return isKnownPagePath(pathname) && pathname.startsWith('/group/') ? 'missing' : null;
  const shared = await sharedGroup(db, id, language);
  if (!shared) return 'missing';
  const { group: g, card } = shared;
  const say = (message: Message) => render(language, message);
  const offer = say(msg('preview.group', { size: g.size, price: g.priceCents, dealPrice: g.deal.priceCents, merchant: g.deal.merchantName }));
  const places = g.status === 'open' ? `${language === 'zh-CN' ? '' : ' '}${say(msg('preview.placesLeft', { count: g.seatsLeft }))}` : '';
  return {
    title: say(msg('preview.groupTitle', { title: g.deal.title })),
    description: `${offer}${places}`,
    image: shareImageUrl(origin, pathOf(groupEndpoints.shareImage, { id: g.id }), card),
    imageAlt: say(msg('preview.groupImageAlt', { title: g.deal.title })),
    imageWidth: SHARE_IMAGE_WIDTH,
    imageHeight: SHARE_IMAGE_HEIGHT,
    url: new URL(pathname, origin).toString(),
  };
}
