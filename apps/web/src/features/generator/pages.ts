import type { PageLoader } from '../../app/router/pageRegistry.ts';

/** The code generator screen (seeded menu codeGenerator, urlAddress onlineDev/codeGenerator). */
export const pages: Record<string, PageLoader> = {
  '/onlineDev/codeGenerator': () => import('./GeneratorPage.tsx'),
};
