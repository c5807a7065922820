/** The menu seed is shared data (the web app's 403 page reads its paths too): see src/shared/menu.ts. */
export { canteenAreaPaths, menu, type AreaSeed, type ButtonSeed, type ScreenSeed } from '@shared/menu';
