import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Registers every route of the file module (mounted under /api). */
export async function fileModule(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
