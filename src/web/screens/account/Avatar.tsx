import { fileUrl } from '@web/api/files';
import { cn } from '@web/lib/cn';

/** The user's avatar image, or the first character of their name on the primary colour. */
export function Avatar({ avatar, name, size }: { avatar: string | null | undefined; name: string; size: number }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (avatar) return <img src={fileUrl(avatar)} alt="" className="shrink-0 rounded-full object-cover" style={style} />;
  return (
    <span className={cn('flex shrink-0 items-center justify-center rounded-full bg-primary-strong text-white')} style={style} aria-hidden>
      {name.slice(0, 1)}
    </span>
  );
}
