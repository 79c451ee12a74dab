import { t } from './index.ts';

/**
 * Spec §2.2: 'translated title - product name'; the suffix is the product
 * name in the current language.
 */
export function pageTitle(title: string | undefined): string {
  const product = t('app.name');
  return title ? `${title} - ${product}` : product;
}

export function setDocumentTitle(title: string | undefined): void {
  if (typeof document !== 'undefined') document.title = pageTitle(title);
}
