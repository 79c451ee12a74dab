import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Registers every route of the permission module (mounted under /api). */
export async function permissionModule(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
