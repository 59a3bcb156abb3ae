/**
 * Group deals (docs/product/api.md#group-deals; ADR 029): starting and joining are checkouts of one
 * unit at the group price, through the orders module; reading a group is public, so that a shared
 * link shows what it is about.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { groupEndpoints } from '../../../contract/groups';
import type { AppDeps } from '../../deps';
import { handle } from '../../http/endpoints';
import { notFound } from '../../http/errors';
import { requireUser } from '../../http/session';
import type { UserRow } from '../../http/session-lookup';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import { startCheckout, type SeatRequest } from '../orders.service';
import { getGroup, groupShareCardOf, listedGroupDeal, myGroups, openGroupsOfDeal } from './groups.service';
import { msg } from '../../i18n';
import { answerLanguage } from '../../http/language';
import { answerShareImage, isShareId, shareImagesOf, shareLanguage } from '../../catalog/share-image.service';

/** The checkout budget: starting or joining a group is a checkout, and counts as one. */
const budgetOf = (user: UserRow) => ({
  key: `checkout:user:${user.id}`,
  limit: 30,
  windowSeconds: 60,
  message: msg('checkout.tooManyCheckouts'),
});

export const groupRoutes =
  (deps: AppDeps & { payments: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    const { payments } = deps;
    const origin = deps.config.publicOrigin;

    /** Pays one unit of the deal at the group price for a place in the group, and answers the group with the payment page. */
    async function checkoutFor(user: UserRow, dealId: string, seat: SeatRequest, logger: FastifyBaseLogger) {
      const started = await startCheckout(db, payments, origin, user, [{ dealId, quantity: 1 }], budgetOf(user), seat, logger);
      const answer = await getGroup(db, seat.groupId, user.id);
      return { group: answer!, url: started.url };
    }

    handle(app, groupEndpoints.start, async (request) => {
      const user = requireUser(request);
      return checkoutFor(user, request.body.dealId, { start: true, groupId: randomUUID() }, request.log);
    });

    handle(app, groupEndpoints.join, async (request) => {
      const user = requireUser(request);
      const dealId = await listedGroupDeal(db, request.params.id);
      if (!dealId) throw notFound(msg('notFound.group'));
      return checkoutFor(user, dealId, { start: false, groupId: request.params.id }, request.log);
    });

    handle(app, groupEndpoints.get, async (request, reply) => {
      const found = await getGroup(db, request.params.id, request.user?.id ?? null, answerLanguage(reply));
      if (!found) throw notFound(msg('notFound.group'));
      return found;
    });

    // The picture of a shared group link: public, for a group of a deal shoppers may see; drawn once per state (ADR 040).
    const shareImages = shareImagesOf(deps);
    handle(app, groupEndpoints.shareImage, async (request, reply) => {
      const language = shareLanguage(request.query.lang, reply);
      const card = isShareId(request.params.id) ? await groupShareCardOf(db, request.params.id, language) : null;
      if (!card) throw notFound(msg('notFound.group'));
      return answerShareImage(shareImages, card, request, reply);
    });

    handle(app, groupEndpoints.mine, async (request, reply) => myGroups(db, requireUser(request).id, undefined, answerLanguage(reply)));

    handle(app, groupEndpoints.ofDeal, async (request) => {
      const found = await openGroupsOfDeal(db, request.params.id, request.user?.id ?? null);
      if (!found) throw notFound(msg('notFound.deal'));
      return found;
    });
  };
