import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCategoryEndpoints } from '../../contract/categories';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { superadminOnly } from '../http/superadmin-guard';
import { createCategory, deleteCategory, listAdminCategories, updateCategory } from './categories.service';
import { msg } from '../i18n';
import { say } from '../http/language';

export const adminCategoryRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    superadminOnly(app);

    handle(app, adminCategoryEndpoints.list, async () => listAdminCategories(db));

    handle(app, adminCategoryEndpoints.create, async (request, reply) =>
      reply.status(201).send(await createCategory(db, request.body)),
    );

    handle(app, adminCategoryEndpoints.update, async (request) =>
      updateCategory(db, request.params.id, request.body),
    );

    handle(app, adminCategoryEndpoints.delete, async (request, reply) => {
      await deleteCategory(db, request.params.id);
      return { message: say(reply, msg('admin.categoryDeleted')) };
    });
  };
