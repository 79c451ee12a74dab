import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Registers every route of the system module (mounted under /api). */
export async function systemModule(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
