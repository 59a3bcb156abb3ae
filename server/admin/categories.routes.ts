import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCategory, adminCategoryList, createCategoryBody, updateCategoryBody } from '../../contract/categories';
import { idParams, messageAnswer } from '../../contract/common';
import type { AppDeps } from '../deps';
import { superadminOnly } from '../http/superadmin-guard';
import { createCategory, deleteCategory, listAdminCategories, updateCategory } from './categories.service';
import { msg } from '../i18n';
import { say } from '../http/language';

export const adminCategoryRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    superadminOnly(app);

    app.get('/api/admin/categories', { schema: { response: { 200: adminCategoryList } } }, async () => listAdminCategories(db));

    app.post('/api/admin/categories', { schema: { body: createCategoryBody, response: { 201: adminCategory } } }, async (request, reply) =>
      reply.status(201).send(await createCategory(db, request.body)),
    );

    app.patch('/api/admin/categories/:id', { schema: { params: idParams, body: updateCategoryBody, response: { 200: adminCategory } } }, async (request) =>
      updateCategory(db, request.params.id, request.body),
    );

    app.delete('/api/admin/categories/:id', { schema: { params: idParams, response: { 200: messageAnswer } } }, async (request, reply) => {
      await deleteCategory(db, request.params.id);
      return { message: say(reply, msg('admin.categoryDeleted')) };
    });
  };
