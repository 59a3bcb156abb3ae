/** Who made the request; the session layer fills it in, and it stays null for guests. */
import type { FastifyInstance } from 'fastify';
import type { Viewer } from '../catalog/catalog.service';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export function registerViewer(app: FastifyInstance): void {
  app.decorateRequest('viewer', null);
}
