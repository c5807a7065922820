import { useCurrentMenuItem } from '@web/menu/currentMenuItem';

/** Shows another site inside the console, for menus whose url is external. */
export default function IframePage() {
  const item = useCurrentMenuItem();
  const url = item?.meta.url;
  if (!url) return null;
  return <iframe title={item.meta.title} src={url} className="h-[calc(100vh-220px)] min-h-[480px] w-full rounded border-0 bg-surface" />;
}
