import type { AppContext } from '../context.ts';
import { generatedSetting } from './generated-setting.ts';

/**
 * An id of this deployment, kept in the shared database: every server process
 * on one database reads the same one, and nothing else has it. Redis channels
 * are named after it, so test apps on private databases never hear each other.
 */
export const deploymentId = (ctx: AppContext): Promise<string> => generatedSetting(ctx, 'deploymentId', 9);
