import {
  Activity,
  ArrowLeft,
  ArrowRight,
  Command as CommandGlyph,
  Download,
  Keyboard,
  Languages,
  Link,
  LogOut,
  PanelLeft,
  RefreshCw,
  Building2,
  CalendarDays,
  Cctv,
  ChartColumn,
  Code,
  DoorOpen,
  FileText,
  House,
  IdCard,
  LayoutDashboard,
  MessageSquare,
  MonitorSmartphone,
  Phone,
  Settings,
  Store,
  Utensils,
  Wallet,
  Wheat,
  type LucideIcon,
} from 'lucide-react';

/**
 * The icons menus and commands may name (lucide names). Only these are bundled; an unknown name falls back
 * to a neutral page icon.
 */
const ICONS: Record<string, LucideIcon> = {
  activity: Activity,
  'arrow-left': ArrowLeft,
  'arrow-right': ArrowRight,
  command: CommandGlyph,
  download: Download,
  keyboard: Keyboard,
  languages: Languages,
  link: Link,
  'log-out': LogOut,
  'panel-left': PanelLeft,
  'refresh-cw': RefreshCw,
  'building-2': Building2,
  'calendar-days': CalendarDays,
  cctv: Cctv,
  'chart-column': ChartColumn,
  code: Code,
  'door-open': DoorOpen,
  house: House,
  home: House,
  'id-card': IdCard,
  'layout-dashboard': LayoutDashboard,
  'message-square': MessageSquare,
  'monitor-smartphone': MonitorSmartphone,
  phone: Phone,
  settings: Settings,
  setting: Settings,
  store: Store,
  utensils: Utensils,
  wallet: Wallet,
  wheat: Wheat,
};

export function MenuIcon({ name, className }: { name: string | undefined; className?: string }) {
  const Icon = (name && ICONS[name]) || FileText;
  return <Icon className={className ?? 'size-4 shrink-0'} aria-hidden />;
}
