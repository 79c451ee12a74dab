import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { generatorRoutes } from './generator.routes.ts';

/** Registers the code generator's routes (mounted under /api). */
export async function generatorModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await generatorRoutes(app, ctx);
}
