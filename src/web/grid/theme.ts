import { themeQuartz } from 'ag-grid-community';

/** The grid follows the console theme: accent from the theme colour variable. */
export const gridTheme = themeQuartz.withParams({
  accentColor: 'var(--color-primary)',
  fontFamily: 'inherit',
  fontSize: 14,
  headerFontWeight: 500,
  borderRadius: 4,
  wrapperBorderRadius: 4,
  spacing: 6,
});
