import { z } from 'zod';

/**
 * The code generator (spec §7.6 Generater): a released model becomes the
 * source of a hand-written module of this repository, previewed file by file
 * or downloaded as a zip.
 */

/** A TypeScript identifier we derive names from: a letter, then letters, digits or _. */
export const GENERATOR_NAME = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
/** A SQL table of a generated module: lower-case snake case, never a model's `lc_` table. */
export const GENERATOR_TABLE = /^(?!lc_)[a-z][a-z0-9_]{0,40}$/;

export const codeGenBody = z.object({
  /** A server module folder (GET Generater/AreasName). */
  area: z.string().trim().min(1).max(40),
  /** The module's name; the model's enCode when left out. */
  moduleName: z
    .string()
    .trim()
    .regex(GENERATOR_NAME)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The main table; `<module in snake case>s` when left out. */
  tableName: z
    .string()
    .trim()
    .regex(GENERATOR_TABLE)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type CodeGenBody = z.output<typeof codeGenBody>;

export type GeneratedLanguage = 'typescript' | 'tsx' | 'markdown';

/** One generated file: its path from the repository root, its language and its text. */
export interface GeneratedFile {
  path: string;
  language: GeneratedLanguage;
  content: string;
}
