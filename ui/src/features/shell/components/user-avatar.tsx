import type { UserDto } from '@protocol';

/** The user's picture, or the first letter of their name on a neutral disc. */
export function UserAvatar({ user }: { user: UserDto | null }) {
  const name = user?.name || user?.username || user?.email || '?';
  if (user?.avatar) {
    return <img src={user.avatar} alt="" className="size-8 shrink-0 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-neutral-700 text-sm font-semibold uppercase text-white dark:bg-neutral-200 dark:text-neutral-900"
    >
      {name.trim().charAt(0) || '?'}
    </span>
  );
}
