import { NavLink } from 'react-router-dom';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { MenuItem } from '@shared/types';
import { useLocale } from '@web/i18n';
import { menuTitle, visibleChildren } from '../menu/menuModel';

/** A group's visible screens as dropdown entries (collapsed side menu, top menu, "more"). */
export function MenuChildLinks({ item }: { item: MenuItem }) {
  const locale = useLocale((state) => state.locale);
  return (
    <>
      {visibleChildren(item).map((child) => (
        <DropdownMenu.Item key={child.id} asChild>
          <NavLink to={child.path} className="block px-3 py-1.5 outline-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary-strong">
            {menuTitle(child, locale)}
          </NavLink>
        </DropdownMenu.Item>
      ))}
    </>
  );
}
