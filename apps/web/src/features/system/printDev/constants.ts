/** The dictionary whose items are the print-template categories (items are referred to by enCode). */
export const PRINT_CATEGORY_DICTIONARY = 'printDev';
